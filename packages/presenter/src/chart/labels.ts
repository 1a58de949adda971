/**
 * How category names fit the room a chart has: level when they fit their share of the width,
 * wrapped onto two lines, tilted, or thinned to every n-th — never drawn over each other. The
 * tooltip and the detail view name each category in full.
 */
import {
  type ChartSize,
  COMPACT_LABEL_WIDTH,
  COMPACT_VISIBLE_BARS,
  LABEL_WIDTH,
  MAX_VISIBLE_BARS,
} from './style';

/** Average glyph width of a sans-serif font, per pixel of font size (an estimate; ECharts measures exactly when it cuts). */
const GLYPH = 0.55;
/** Line height per pixel of font size. */
const LEADING = 1.2;
/** Room (px) the value axis' labels and the grid's padding take beside the plot. */
const VALUE_AXIS_ROOM = { compact: 40, full: 64 } as const;
/** Height (px) a horizontal bar's row needs at the least; fewer rows fit a low chart. */
const ROW_HEIGHT = { compact: 22, full: 15 } as const;
/** A chart at least this wide (the detail view) gives names beside its bars a larger share of it. */
const WIDE_CHART = 700;
/** Lines a name beside a bar may take when its row is tall enough. */
const MAX_LABEL_LINES = 4;

/** What a category axis of names is laid out from. */
export interface LabelRoom {
  labels: readonly string[];
  /** Names beside horizontal bars rather than under vertical ones. */
  horizontal: boolean;
  compact: boolean;
  size?: ChartSize;
}

export const labelFontSize = (compact: boolean) => (compact ? 10 : 12);

/** Estimated width (px) of a text at a font size; bold letters are about a tenth wider. */
export const textWidth = (text: string, font: number, bold = false) =>
  text.length * font * GLYPH * (bold ? 1.1 : 1);

/** Width (px) of one category's share of the plot under it; undefined when the chart's width is not known. */
export function categorySlot(
  size: ChartSize | undefined,
  compact: boolean,
  count: number,
): number | undefined {
  if (size?.width === undefined) return undefined;
  const plot = Math.max(40, size.width - (compact ? VALUE_AXIS_ROOM.compact : VALUE_AXIS_ROOM.full));
  return plot / Math.max(1, count);
}

/** The lines of `text` at most `chars` wide, at most `lines` of them, the last cut with "…" when more is left. */
export function wrapLabel(text: string, chars: number, lines = 2): string {
  const max = Math.max(3, Math.floor(chars));
  const out: string[] = [];
  let line = '';
  const words = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const joined = line ? `${line} ${word}` : word;
    if (joined.length <= max) {
      line = joined;
      continue;
    }
    if (line) out.push(line);
    line = word;
    if (out.length === lines) break;
  }
  if (out.length < lines && line) out.push(line);
  const shown = out.slice(0, lines);
  const rest = shown.join(' ').length < words.join(' ').length;
  // Words longer than a line are cut too; ECharts cuts each line again by its measured width.
  const cut = shown.map((l, i) =>
    l.length > max || (rest && i === shown.length - 1) ? `${l.slice(0, max - 1).trimEnd()}…` : l,
  );
  return cut.join('\n');
}

/** Bars shown at once beside a category axis before it scrolls: as many rows as the height holds. */
export function visibleBars(size: ChartSize | undefined, compact: boolean): number {
  if (size?.height === undefined) return compact ? COMPACT_VISIBLE_BARS : MAX_VISIBLE_BARS;
  const plot = size.height - (compact ? 20 : 44);
  const rows = Math.floor(plot / (compact ? ROW_HEIGHT.compact : ROW_HEIGHT.full));
  return Math.max(3, Math.min(MAX_VISIBLE_BARS, rows));
}

/** Room (px) beside horizontal bars: a fixed share on a card, two fifths of a wide chart (the detail view). */
function besideWidth(size: ChartSize | undefined, compact: boolean): number {
  const known = size?.width;
  if (known === undefined) return compact ? COMPACT_LABEL_WIDTH.horizontal : LABEL_WIDTH.horizontal;
  if (known >= WIDE_CHART) return Math.round(known * 0.4);
  return Math.max(48, Math.min(LABEL_WIDTH.horizontal, Math.round(known * 0.3)));
}

/** The axisLabel of names beside horizontal bars: cut to a share of the width, on as many lines as a row holds. */
function besideBars({ labels, compact, size }: LabelRoom, font: number): Record<string, unknown> {
  const width = besideWidth(size, compact);
  const rows = Math.min(labels.length, visibleBars(size, compact));
  const rowHeight = size?.height === undefined ? 0 : (size.height - (compact ? 20 : 44)) / Math.max(1, rows);
  const line = Math.round(font * LEADING);
  const chars = width / (font * GLYPH);
  const lines = Math.min(MAX_LABEL_LINES, Math.floor(rowHeight / line));
  const wraps = lines >= 2 && labels.some((l) => l.length > chars);
  return {
    interval: 0,
    width,
    overflow: 'truncate',
    ellipsis: '…',
    ...(wraps ? { lineHeight: line, formatter: (v: string) => wrapLabel(v, chars, lines) } : {}),
  };
}

/**
 * The axisLabel of names under vertical bars or along a line: level when the longest fits its
 * share of the width, else on two lines when a share holds a few words, else tilted and every
 * n-th shown so tilted names keep a line apart. ECharts hides any that would still touch.
 */
function underPlot({ labels, compact, size }: LabelRoom, font: number): Record<string, unknown> {
  const n = Math.max(1, labels.length);
  const slot = categorySlot(size, compact, n) ?? 40 / n;
  const glyph = font * GLYPH;
  const longest = Math.max(0, ...labels.map((l) => l.length)) * glyph;
  const width = Math.max(24, Math.floor(slot - 6));
  const line = Math.round(font * LEADING);
  const cut = { overflow: 'truncate', ellipsis: '…' };
  if (longest <= slot - 6) return { interval: 0, width, ...cut };
  const words = Math.max(...labels.map((l) => Math.max(...l.split(/\s+/).map((w) => w.length))));
  if (n <= 8 && slot >= 7 * glyph + 6 && words * glyph <= slot - 6)
    return {
      interval: 0,
      width,
      lineHeight: line,
      formatter: (v: string) => wrapLabel(v, width / glyph),
      ...cut,
    };
  // A label tilted by 45° takes about √2 line heights of the axis: one in `step` is shown.
  const step = Math.ceil((line * Math.SQRT2 + 2) / slot);
  const along = compact ? COMPACT_LABEL_WIDTH.vertical : LABEL_WIDTH.vertical;
  const tilted =
    size?.height === undefined ? along : Math.max(40, Math.min(along, Math.round(size.height * 0.3)));
  return { interval: step - 1, rotate: 45, hideOverlap: true, width: tilted, ...cut };
}

/**
 * The axisLabel of a category axis of names for the room the chart has. Without a known width the
 * labels keep the fixed room they had (level and cut, tilted on a compact chart).
 */
export function categoryLabels(room: LabelRoom): Record<string, unknown> {
  const font = labelFontSize(room.compact);
  if (room.horizontal) return besideBars(room, font);
  if (room.size?.width !== undefined) return underPlot(room, font);
  const tilt = room.compact && room.labels.length > 3;
  return {
    interval: tilt ? 'auto' : 0,
    width: room.compact ? COMPACT_LABEL_WIDTH.vertical : LABEL_WIDTH.vertical,
    overflow: 'truncate',
    ellipsis: '…',
    ...(tilt ? { rotate: 45, hideOverlap: true } : {}),
  };
}
