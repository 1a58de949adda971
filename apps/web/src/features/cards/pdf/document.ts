/**
 * Writes a card's PDF with jsPDF: the header, the chart as vector graphics (svg2pdf.js keeps its
 * labels as text), the table (jspdf-autotable, over as many pages as its rows need), the insights
 * and the explanation.
 */
import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { svg2pdf } from 'svg2pdf.js';
import type { CardDocument } from './content';
import { PDF_FONT } from './font';

/**
 * Page settings (spec 2 §2): landscape letter; margins 0.5 / 2 / 0.5 / 2 in (top, left, bottom,
 * right); a raster image goes in as JPEG at quality 0.98.
 */
export const PDF_PAGE = {
  format: 'letter',
  orientation: 'landscape',
  marginsIn: [0.5, 2, 0.5, 2] as const,
  jpegQuality: 0.98,
} as const;

const PT = 72;
const INK = '#18181b';
const MUTED = '#52525b';
const RULE = '#e4e4e7';
/** Noto Sans' ascent per point of font size: a line's glyphs reach this far above its baseline. */
const ASCENT = 1.07;

/** The printable box of a page, in points. */
export interface PageBox {
  left: number;
  top: number;
  width: number;
  bottom: number;
}

/** A new landscape letter document and its printable box. */
export function newDocument(): { doc: jsPDF; box: PageBox } {
  const doc = new jsPDF({ unit: 'pt', format: PDF_PAGE.format, orientation: PDF_PAGE.orientation });
  const [top, left, bottom, right] = PDF_PAGE.marginsIn.map((m) => m * PT);
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  return { doc, box: { left, top, width: pageWidth - left - right, bottom: pageHeight - bottom } };
}

/** Writes down the page, adding pages as it goes. */
class Flow {
  y: number;
  constructor(
    readonly doc: jsPDF,
    readonly box: PageBox,
  ) {
    this.y = box.top;
  }

  /** Room left on this page. */
  get room(): number {
    return this.box.bottom - this.y;
  }

  /** Starts a new page unless `height` still fits on this one. */
  need(height: number): void {
    if (this.y + height <= this.box.bottom) return;
    this.doc.addPage();
    this.y = this.box.top;
  }

  /** Wrapped text; `bold` strokes the letters too (the one shipped font has no bold face). */
  text(text: string, size: number, color: string, options: { bold?: boolean; indent?: number } = {}): void {
    const { doc, box } = this;
    const indent = options.indent ?? 0;
    doc.setFont(PDF_FONT, 'normal').setFontSize(size).setTextColor(color);
    const lines = doc.splitTextToSize(text, box.width - indent) as string[];
    const lineHeight = size * 1.35;
    for (const line of lines) {
      this.need(lineHeight);
      if (options.bold) doc.setDrawColor(color).setLineWidth(size / 40);
      // The baseline sits a font's ascent below the line's top, so no glyph reaches into the margin.
      doc.text(line, box.left + indent, this.y + size * ASCENT, {
        ...(options.bold ? { renderingMode: 'fillThenStroke' as const } : {}),
      });
      this.y += lineHeight;
    }
  }

  gap(height: number): void {
    this.y += height;
  }

  rule(): void {
    this.doc.setDrawColor(RULE).setLineWidth(0.75);
    this.doc.line(this.box.left, this.y, this.box.left + this.box.width, this.y);
  }
}

/** Title, period and comparison, source and when its data was read, a rule under them. */
function writeHeader(flow: Flow, content: CardDocument): void {
  flow.text(content.title, 18, INK, { bold: true });
  flow.gap(2);
  if (content.period) flow.text(content.period, 11, MUTED);
  flow.text(content.source, 9.5, MUTED);
  flow.gap(6);
  flow.rule();
  flow.gap(12);
}

/** A chart drawn as SVG, its size in CSS px. */
export interface ChartPicture {
  svg: string;
  width: number;
  height: number;
}

/** The chart's pieces at the box's width, each on the page it fits, labels written as text in the PDF's font. */
async function writeChart(flow: Flow, pieces: ChartPicture[]): Promise<void> {
  for (const piece of pieces) {
    const height = (flow.box.width * piece.height) / piece.width;
    flow.need(height);
    const element = new DOMParser().parseFromString(piece.svg, 'image/svg+xml').documentElement;
    // svg2pdf reads computed styles: the SVG must be in the document while it is converted.
    const holder = document.createElement('div');
    holder.style.cssText = 'position:fixed;left:-10000px;top:0;visibility:hidden';
    holder.appendChild(element);
    document.body.appendChild(holder);
    try {
      await svg2pdf(element, flow.doc, { x: flow.box.left, y: flow.y, width: flow.box.width, height });
    } finally {
      holder.remove();
    }
    flow.y += height;
  }
  flow.gap(14);
}

/** A JPEG image (the card's picture) at the box's width, no taller than a page. */
function writeImage(flow: Flow, jpeg: { data: string; width: number; height: number }): void {
  const scale = Math.min(flow.box.width / jpeg.width, (flow.box.bottom - flow.box.top) / jpeg.height, 1);
  const width = jpeg.width * scale;
  const height = jpeg.height * scale;
  flow.need(height);
  flow.doc.addImage(jpeg.data, 'JPEG', flow.box.left, flow.y, width, height);
  flow.y += height + 14;
}

/** The insights as bullets under their heading, then the explanation's paragraphs. */
function writeText(flow: Flow, content: CardDocument): void {
  if (content.insights.length > 0) {
    flow.need(60);
    flow.text(content.insightsTitle, 12, INK, { bold: true });
    flow.gap(2);
    for (const insight of content.insights) flow.text(`•  ${insight}`, 10.5, INK, { indent: 6 });
    flow.gap(10);
  }
  for (const paragraph of content.text) {
    flow.text(paragraph, 10.5, INK);
    flow.gap(4);
  }
}

/** Every row of the table; the header row repeats on each page it runs over. */
function writeTable(flow: Flow, table: CardDocument['table']): void {
  if (table.rows.length === 0) return;
  // The header row with a row or two under it reads as a table; alone at a page's foot it does not.
  flow.need(Math.min(table.rows.length + 1, 4) * 19);
  const top = flow.box.top;
  const bottom = flow.doc.internal.pageSize.getHeight() - flow.box.bottom;
  autoTable(flow.doc, {
    head: [table.headers],
    body: table.rows,
    startY: flow.y,
    margin: {
      left: flow.box.left,
      right: flow.doc.internal.pageSize.getWidth() - flow.box.left - flow.box.width,
      top,
      bottom,
    },
    theme: 'striped',
    showHead: 'everyPage',
    styles: { font: PDF_FONT, fontSize: 9, textColor: INK, cellPadding: 4, overflow: 'linebreak' },
    headStyles: { fillColor: '#f4f4f5', textColor: INK, fontStyle: 'bold', lineColor: RULE },
    alternateRowStyles: { fillColor: '#fafafa' },
    // Numbers and their headers line up on the right.
    didParseCell: ({ cell, column }) => {
      cell.styles.halign = table.numeric[column.index] ? 'right' : 'left';
    },
  });
  // The table leaves the document on its last page; what follows goes under it.
  const finalY = (flow.doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY;
  flow.y = (finalY ?? flow.y) + 18;
}

/** Room (points) at the foot of the printable box for the page number: the margins stay blank. */
const FOOTER_ROOM = 16;

/** "Page 1 of 2" at the foot of the printable box of every page, inside the margins. */
function writePageNumbers(doc: jsPDF, box: PageBox, label: CardDocument['page']): void {
  const count = doc.getNumberOfPages();
  for (let page = 1; page <= count; page++) {
    doc.setPage(page);
    doc.setFont(PDF_FONT, 'normal').setFontSize(8).setTextColor(MUTED);
    // The baseline sits above the box's foot by the letters' descent.
    doc.text(label(page, count), box.left + box.width, box.bottom - 3, { align: 'right' });
  }
}

/** Room (points) on a page for a chart: under the header on the first page, and on a whole page. */
export interface ChartRoom {
  first: number;
  page: number;
}

export interface DocumentParts {
  content: CardDocument;
  /** The chart's pieces for the room it has once the header is written (its height measured); [] without a chart. */
  chart: (room: ChartRoom) => ChartPicture[];
  image: { data: string; width: number; height: number } | null;
}

/** Under this much room (points) below the header a chart starts on the next page. */
const MIN_CHART_ROOM = 160;

/** Writes the card's document into `doc` (its font already loaded). */
export async function writeCardDocument(doc: jsPDF, box: PageBox, parts: DocumentParts): Promise<void> {
  const body = { ...box, bottom: box.bottom - FOOTER_ROOM };
  const flow = new Flow(doc, body);
  writeHeader(flow, parts.content);
  const page = body.bottom - body.top;
  const pieces = parts.chart({ first: flow.room >= MIN_CHART_ROOM ? flow.room : page, page });
  if (pieces.length > 0) await writeChart(flow, pieces);
  if (parts.image) writeImage(flow, parts.image);
  writeTable(flow, parts.content.table);
  writeText(flow, parts.content);
  writePageNumbers(doc, box, parts.content.page);
}
