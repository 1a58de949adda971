/** The look of every chart: colours, limits and the size hint that draws a chart compact. */

/** Series colours: the accent first, then well-separated hues. */
export const PALETTE = [
  '#4f46e5',
  '#0ea5e9',
  '#10b981',
  '#f59e0b',
  '#ef4444',
  '#8b5cf6',
  '#ec4899',
  '#14b8a6',
];
/** The "Other" series and slice: a neutral grey, never mistaken for a value. */
export const OTHER_COLOR = '#a1a1aa';
/** Line series longer than this are down-sampled with LTTB. */
export const SAMPLING_THRESHOLD = 200;
/** Pie slices beyond this are merged into one "other" slice. */
export const MAX_PIE_SLICES = 10;
/** The same on a compact chart, whose labels have less room around the pie. */
export const COMPACT_PIE_SLICES = 6;
/** Pivoted series beyond this are merged: the top MAX_SERIES − 1 plus "Other". */
export const MAX_SERIES = 8;
/** Category bars shown at once; more scroll (a slider beside the axis). */
export const MAX_VISIBLE_BARS = 15;
/** More categories than this, or labels longer than LONG_LABEL, lie down as horizontal bars. */
export const HORIZONTAL_AFTER = 8;
export const LONG_LABEL = 16;
/** Room (px) a category label gets before it is cut with "…" (the tooltip names it in full). */
export const LABEL_WIDTH = { horizontal: 140, vertical: 96 } as const;
/** The same on a compact chart (a collection's narrow card). */
export const COMPACT_LABEL_WIDTH = { horizontal: 64, vertical: 56 } as const;
/** Category bars shown at once on a compact chart. */
export const COMPACT_VISIBLE_BARS = 6;
/** A chart narrower or lower than this (CSS px) is drawn compact. */
export const COMPACT_WIDTH = 360;
export const COMPACT_HEIGHT = 200;

/**
 * The room a chart has, when the caller knows it: a small chart (a collection's 2-column card,
 * about 185 px wide) drops the legend, thins and tilts its labels and keeps the pie in the middle.
 */
export interface ChartSize {
  /** CSS pixels. */
  width?: number;
  height?: number;
  /** Draw for a small card whatever the numbers say. */
  compact?: boolean;
}

/** Whether a chart of this size is drawn compact. */
export function isCompactChart(size: ChartSize | undefined): boolean {
  if (!size) return false;
  return (
    size.compact === true ||
    (size.width !== undefined && size.width < COMPACT_WIDTH) ||
    (size.height !== undefined && size.height < COMPACT_HEIGHT)
  );
}

/** Axis label, axis line and split line greys. */
export const AXIS_TEXT = '#71717a';
export const AXIS_LINE = '#d4d4d8';
export const SPLIT_LINE = '#f0f0f2';

/** A lighter shade of a hex colour (previous periods, running buckets). */
export function lighten(hex: string, amount = 0.55): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const r = mix((n >> 16) & 255);
  const g = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

/** Colours of a change: up, down, and the merged remainder. */
export const CHANGE_COLORS = { up: '#10b981', down: '#ef4444', other: OTHER_COLOR } as const;
