/**
 * The picture of a view that is not a chart (table, KPI, insights, text), drawn on a canvas from
 * the card's data: every row of the table, nothing cut at the on-screen card's height, no buttons.
 */
import type { TCard } from '@parley/contract';
import { type KpiTile, kpiTiles } from '../kpi';
import type { ViewType } from '../views';
import { type CardDocument, cardDocument, type DocumentLocale } from './content';

const FONT = 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const INK = '#18181b';
const MUTED = '#52525b';
const RULE = '#e4e4e7';
const PAD = 20;
const CELL_PAD = 8;
const ROW = 28;
const TEXT_SIZE = 14;
const LINE = 21;

/** Measures a text's width (px) in a canvas font. */
type Measure = (text: string, font: string) => number;

/** Column widths that fit `width`: each as wide as its widest cell, the wide ones shrunk alike. */
export function tableColumnWidths(
  table: CardDocument['table'],
  measure: (text: string, bold: boolean) => number,
  width: number,
): number[] {
  const natural = table.headers.map(
    (h, i) => Math.max(measure(h, true), ...table.rows.map((r) => measure(r[i] ?? '', false))) + 2 * CELL_PAD,
  );
  const total = natural.reduce((s, w) => s + w, 0);
  if (total <= width) return natural.map((w) => w + (width - total) / natural.length);
  // Too wide: every column keeps a fair share, the rest of the room goes to the widest.
  const fair = width / natural.length;
  const small = natural.filter((w) => w <= fair).reduce((s, w) => s + w, 0);
  const big = natural.filter((w) => w > fair).reduce((s, w) => s + w, 0);
  const scale = big > 0 ? (width - small) / big : 1;
  return natural.map((w) => (w <= fair ? w : w * scale));
}

/** `text` cut with "…" to fit `width`. */
function fit(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Lines of `text` that fit `width`. */
function wrapLines(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A drawing: its height (CSS px) and how to paint it at that height. */
interface Drawing {
  height: number;
  paint: (ctx: CanvasRenderingContext2D) => void;
}

function tableDrawing(table: CardDocument['table'], width: number, measure: Measure): Drawing {
  const font = (bold: boolean) => `${bold ? 600 : 400} 13px ${FONT}`;
  const widths = tableColumnWidths(table, (t, bold) => measure(t, font(bold)), width - 2 * PAD);
  const row = (ctx: CanvasRenderingContext2D, cells: string[], y: number, bold: boolean) => {
    ctx.font = font(bold);
    let x = PAD;
    cells.forEach((cell, i) => {
      const right = table.numeric[i];
      const room = widths[i] - 2 * CELL_PAD;
      ctx.textAlign = right ? 'right' : 'left';
      ctx.fillText(fit(ctx, cell, room), right ? x + widths[i] - CELL_PAD : x + CELL_PAD, y + ROW / 2);
      x += widths[i];
    });
  };
  return {
    height: (table.rows.length + 1) * ROW + PAD,
    paint: (ctx) => {
      ctx.textBaseline = 'middle';
      ctx.fillStyle = '#f4f4f5';
      ctx.fillRect(PAD, 0, width - 2 * PAD, ROW);
      ctx.fillStyle = INK;
      row(ctx, table.headers, 0, true);
      table.rows.forEach((cells, i) => {
        const y = (i + 1) * ROW;
        if (i % 2 === 1) {
          ctx.fillStyle = '#fafafa';
          ctx.fillRect(PAD, y, width - 2 * PAD, ROW);
        }
        ctx.fillStyle = INK;
        row(ctx, cells, y, false);
        ctx.fillStyle = RULE;
        ctx.fillRect(PAD, y + ROW - 1, width - 2 * PAD, 1);
      });
    },
  };
}

/** Paragraphs (or bullets) wrapped to the width. */
function textDrawing(paragraphs: string[], width: number, bullets: boolean, ctx: CanvasRenderingContext2D) {
  ctx.font = `400 ${TEXT_SIZE}px ${FONT}`;
  const indent = bullets ? 18 : 0;
  const blocks = paragraphs.map((p) => wrapLines(ctx, p, width - 2 * PAD - indent));
  const height = blocks.reduce((s, lines) => s + lines.length * LINE + 10, 0) + PAD;
  return {
    height,
    paint: (c: CanvasRenderingContext2D) => {
      c.font = `400 ${TEXT_SIZE}px ${FONT}`;
      c.textBaseline = 'top';
      c.fillStyle = INK;
      let y = 0;
      for (const lines of blocks) {
        if (bullets) c.fillText('•', PAD + 4, y);
        for (const line of lines) {
          c.fillText(line, PAD + indent, y);
          y += LINE;
        }
        y += 10;
      }
    },
  };
}

/** The KPI tiles one under another: the label, the whole value, the previous value and the change. */
function kpiDrawing(tiles: KpiTile[]): Drawing {
  const tile = 104;
  return {
    height: tiles.length * tile + PAD,
    paint: (ctx) => {
      ctx.textBaseline = 'top';
      tiles.forEach((t, i) => {
        const y = i * tile;
        ctx.fillStyle = MUTED;
        ctx.font = `500 14px ${FONT}`;
        ctx.fillText(t.label, PAD, y);
        ctx.fillStyle = INK;
        ctx.font = `700 40px ${FONT}`;
        ctx.fillText(t.value, PAD, y + 22);
        const under = [t.change?.text, t.previous].filter(Boolean).join(' · ');
        ctx.fillStyle = MUTED;
        ctx.font = `400 13px ${FONT}`;
        if (under) ctx.fillText(under, PAD, y + 72);
      });
    },
  };
}

/**
 * A PNG data URL of a table, KPI, insights or text view, `width` CSS px wide at `pixelRatio`,
 * drawn from the card's data; null for a view drawn otherwise (a chart, the picture).
 */
export function cardViewPng(
  card: TCard,
  view: ViewType,
  words: DocumentLocale,
  width: number,
  pixelRatio = 2,
): string | null {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const content = cardDocument(card, words);
  const measure: Measure = (text, font) => {
    ctx.font = font;
    return ctx.measureText(text).width;
  };
  const drawing: Drawing | null =
    view === 'table'
      ? tableDrawing(content.table, width, measure)
      : view === 'kpi'
        ? kpiDrawing(kpiTiles(card, words.locale))
        : view === 'insights'
          ? textDrawing(content.insights, width, true, ctx)
          : view === 'text'
            ? textDrawing(content.text, width, false, ctx)
            : null;
  if (!drawing) return null;
  canvas.width = width * pixelRatio;
  canvas.height = Math.max(1, Math.ceil(drawing.height)) * pixelRatio;
  // Resizing the canvas reset its state: scale and background again.
  ctx.scale(pixelRatio, pixelRatio);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, drawing.height);
  drawing.paint(ctx);
  return canvas.toDataURL('image/png');
}
