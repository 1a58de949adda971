/** The card's PDF document, built from its data (lazy chunk: jsPDF, svg2pdf.js, ECharts). */
import type { TCard } from '@parley/contract';
import type { ViewType } from '../views';
import { cardPageChart } from './chart-image';
import { cardDocument, type DocumentLocale } from './content';
import { type ChartRoom, newDocument, PDF_PAGE, writeCardDocument } from './document';
import { loadFont, PDF_FONT } from './font';
import { pagePieces } from './page-chart';
import { chartSvg } from './render-chart';

export { PDF_PAGE } from './document';

/** CSS pixels per PDF point (96 to 72 per inch). */
const PX_PER_PT = 96 / 72;

/** The card's picture (its image view) as JPEG, or null when it does not load (another origin). */
async function cardImage(
  url: string | undefined,
): Promise<{ data: string; width: number; height: number } | null> {
  if (!url) return null;
  try {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.src = new URL(url, window.location.href).href;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0);
    const data = canvas.toDataURL('image/jpeg', PDF_PAGE.jpegQuality);
    return { data, width: canvas.width, height: canvas.height };
  } catch {
    return null;
  }
}

/** The card as a PDF: title, period, source, the whole chart, explanation, insights, every table row. */
export async function cardPdf(card: TCard, view: ViewType, words: DocumentLocale): Promise<Blob> {
  const { doc, box } = newDocument();
  await loadFont(doc);
  const width = Math.round(box.width * PX_PER_PT);
  // CSS px the chart is drawn in per point of the page (the chart spans the box's width).
  const scale = width / box.width;
  // A pixel short of the room: a piece rounded up still fits its page.
  const px = (pt: number) => Math.floor(pt * scale) - 1;
  const chart = (room: ChartRoom) => {
    const whole = cardPageChart(card, view, words, {
      width,
      maxHeight: px(room.first),
      fontFamily: PDF_FONT,
    });
    if (!whole) return [];
    return pagePieces(whole, px(room.first), px(room.page)).map((piece) => ({
      svg: chartSvg(piece),
      width: piece.width,
      height: piece.height,
    }));
  };
  await writeCardDocument(doc, box, {
    content: cardDocument(card, words),
    chart,
    image: await cardImage(card.image?.url),
  });
  return doc.output('blob');
}
