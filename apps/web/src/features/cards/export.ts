import { MAX_CARD_IMAGE_BYTES, type TCard, type TCardRow, type TEmailCardBody } from '@parley/contract';
import { type CsvPeriodHeaders, cardCsv, toTsv } from '@parley/presenter';
import type { ViewType } from './views';

// The file-name rule lives in the presenter (the server names its CSV by it too); the dialog takes it from here.
export { exportFileName } from '@parley/presenter';

/** Saves a Blob or data URL as a download. */
export function download(data: Blob | string, filename: string): void {
  const url = typeof data === 'string' ? data : URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  if (typeof data !== 'string') setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A PNG data URL of a DOM node, through html2canvas (lazy: a large chunk). */
export async function nodeToPng(node: HTMLElement): Promise<string> {
  const { default: html2canvas } = await import('html2canvas');
  const canvas = await html2canvas(node, {
    backgroundColor: '#ffffff',
    scale: 2,
    useCORS: true,
    logging: false,
  });
  return canvas.toDataURL('image/png');
}

/** What the exported picture says above the view: the card's title and its period. */
export interface PngHeader {
  title: string;
  period: string | null;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image did not load'));
    img.src = src;
  });
}

/** Lines of `text` that fit `width` on the canvas, at most `max` (the last cut with "…"). */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = `${kept[max - 1]}…`;
  while (ctx.measureText(last).width > width && last.length > 2) last = `${last.slice(0, -2)}…`;
  kept[max - 1] = last;
  return kept;
}

/**
 * The exported PNG (spec 2 export dialog): the title and the period above the view's
 * picture (a chart carries its legend), on white, at the picture's pixel ratio.
 */
export async function composePng(image: string, header: PngHeader, pixelRatio = 2): Promise<string> {
  const img = await loadImage(image);
  const pad = 20 * pixelRatio;
  const width = Math.max(img.width, 480 * pixelRatio);
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return image;
  const font = 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
  const titleSize = 17 * pixelRatio;
  const periodSize = 13 * pixelRatio;
  ctx.font = `600 ${titleSize}px ${font}`;
  const lines = wrap(ctx, header.title, width - 2 * pad, 2);
  const titleHeight = lines.length * titleSize * 1.3;
  const periodHeight = header.period ? periodSize * 1.9 : 0;
  const top = pad + titleHeight + periodHeight + 8 * pixelRatio;
  canvas.width = width;
  canvas.height = top + img.height + pad / 2;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.textBaseline = 'top';
  ctx.fillStyle = '#18181b';
  ctx.font = `600 ${titleSize}px ${font}`;
  lines.forEach((l, i) => {
    ctx.fillText(l, pad, pad + i * titleSize * 1.3);
  });
  if (header.period) {
    ctx.font = `500 ${periodSize}px ${font}`;
    ctx.fillStyle = '#52525b';
    ctx.fillText(header.period, pad, pad + titleHeight + periodSize * 0.45);
  }
  ctx.drawImage(img, Math.round((width - img.width) / 2), top);
  return canvas.toDataURL('image/png');
}

/** Downloads the card's table as CSV (UTF-8 with a byte-order mark, so spreadsheets read the letters). */
export function exportCsv(
  card: Pick<TCard, 'table' | 'period'>,
  headers: CsvPeriodHeaders,
  filename: string,
): void {
  download(new Blob([cardCsv(card, headers)], { type: 'text/csv;charset=utf-8' }), filename);
}

/** Copies the table as TSV; false when the browser refuses clipboard access. */
export async function copyTable(rows: readonly TCardRow[]): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(toTsv(rows));
    return true;
  } catch {
    return false;
  }
}

/** The e-mailed card's body: the card, its selected view and a picture of it when the picture fits. */
export function emailCardBody(questionId: string, view: ViewType, image: string | null): TEmailCardBody {
  // A picture too large for the contract is left out; the mail still carries the table.
  const fits =
    typeof image === 'string' &&
    image.startsWith('data:image/png;base64,') &&
    image.length < (MAX_CARD_IMAGE_BYTES * 4) / 3;
  return { question_id: questionId, selected_chart: view, ...(fits ? { image } : {}) };
}
