/**
 * A card's chart option redrawn for a page: every category and month drawn (no scroll slider, no
 * thinning of labels by overlap), the legend laid out in full, no animation or tooltip. Pure: the
 * caller measures text, so it runs in unit tests without a canvas.
 */
import type { ChartOption } from '@parley/presenter';

/** Measures a label's width in CSS pixels at a font size. */
export type MeasureText = (text: string, fontSize: number) => number;

export interface PageChartInput {
  option: ChartOption;
  /** CSS pixels the chart is drawn at (the page's text width). */
  width: number;
  /**
   * The room the chart has (what is left of the page): a chart is no taller, except horizontal
   * bars whose rows would be unreadable in it (pagePieces cuts those over pages).
   */
  maxHeight: number;
  fontFamily: string;
  measure: MeasureText;
}

export interface PageChart {
  option: ChartOption;
  width: number;
  height: number;
  /** Horizontal bars: each category's row height and the room above and below the rows (px). */
  rows?: { slot: number; top: number; bottom: number };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Height of an axis or pie chart without many category rows. */
const BASE_HEIGHT = 380;
const LABEL_FONT = 12;
/** Room (px) a category name gets on the page before it is cut with "…" (the table names it in full). */
const PAGE_LABEL_WIDTH = 220;
const ROTATED_LABEL_WIDTH = 140;
const LEGEND_ROW = 22;
/** The lowest row (px) a horizontal bar gets: its name stays readable and clear of the next one. */
const MIN_ROW = 14;
const MIN_FONT = 10;
/** Room (px) under the rows of horizontal bars: the value axis and its labels. */
const AXIS_ROOM = 40;
/** Fewer rows than this left on a page: the chart starts on the next one instead. */
const MIN_PIECE_ROWS = 4;

function labelsOf(axis: Obj): string[] {
  return Array.isArray(axis.data) ? axis.data.map((d) => (isObj(d) ? String(d.value ?? '') : String(d))) : [];
}

/** The one category axis of the option (x for columns and lines, y for horizontal bars). */
function categoryAxis(option: ChartOption): { key: 'xAxis' | 'yAxis'; axis: Obj } | null {
  for (const key of ['xAxis', 'yAxis'] as const) {
    const axis = option[key];
    if (isObj(axis) && axis.type === 'category') return { key, axis };
  }
  return null;
}

/** The legend drawn as plain rows (all items shown) and the height its rows take. */
function pageLegend(
  option: ChartOption,
  width: number,
  measure: MeasureText,
): { legend: Obj; height: number } {
  const legend = option.legend;
  if (!isObj(legend) || legend.show === false) return { legend: { show: false }, height: 0 };
  const plain = { ...legend, type: 'plain' };
  if (legend.orient === 'vertical') return { legend: plain, height: 0 };
  const names = Array.isArray(legend.data) ? legend.data.map(String) : [];
  let rows = names.length > 0 ? 1 : 0;
  let x = 0;
  for (const name of names) {
    const item = 12 + 5 + measure(name, LABEL_FONT) + 10;
    if (x > 0 && x + item > width - 20) {
      rows++;
      x = 0;
    }
    x += item;
  }
  return { legend: plain, height: rows * LEGEND_ROW };
}

/**
 * Horizontal bars: a row per category, as large as the room allows and never below a readable
 * height; more rows than one page holds make the chart taller than the page (see pagePieces).
 */
function horizontalLayout(axis: Obj, count: number, top: number, maxHeight: number) {
  const room = maxHeight - top - AXIS_ROOM;
  const slot = Math.max(MIN_ROW, Math.min(24, room / Math.max(1, count)));
  const fontSize = Math.min(LABEL_FONT, Math.max(MIN_FONT, Math.floor(slot * 0.8)));
  // One line per name: a row is as low as one line of text, and the table names each in full.
  const { formatter: _wrap, lineHeight: _line, ...label } = isObj(axis.axisLabel) ? axis.axisLabel : {};
  return {
    axis: {
      ...axis,
      axisLabel: {
        ...label,
        interval: 0,
        hideOverlap: false,
        fontSize,
        width: PAGE_LABEL_WIDTH,
        overflow: 'truncate',
        ellipsis: '…',
      },
    },
    height: Math.max(BASE_HEIGHT * 0.6, top + count * slot + AXIS_ROOM),
    rows: { slot, top, bottom: AXIS_ROOM },
  };
}

type LabelMode = 'level' | 'wrap' | 'tilt' | 'upright';

/**
 * How a column or line chart's labels fit under it: level side by side; else level with each word
 * on its own line ("Nov" over "2026"); else tilted; else upright.
 */
function labelMode(labels: string[], plotWidth: number, measure: MeasureText): LabelMode {
  const count = Math.max(1, labels.length);
  const widest = Math.max(0, ...labels.map((l) => measure(l, LABEL_FONT)));
  if (count * (widest + 10) <= plotWidth) return 'level';
  const words = labels.flatMap((l) => l.split(/\s+/));
  const widestWord = Math.max(0, ...words.map((w) => measure(w, LABEL_FONT)));
  if (labels.some((l) => /\s/.test(l.trim())) && count * (widestWord + 4) <= plotWidth) return 'wrap';
  return count * LABEL_FONT * 1.7 <= plotWidth ? 'tilt' : 'upright';
}

/**
 * Columns and lines: every label drawn (see labelMode); when even upright ones would overlap,
 * every n-th is drawn and always the last one.
 */
function verticalLayout(axis: Obj, labels: string[], width: number, maxHeight: number, measure: MeasureText) {
  // The page's width less the grid's sides and the value axis' labels.
  const plotWidth = width - 64;
  const count = Math.max(1, labels.length);
  const mode = labelMode(labels, plotWidth, measure);
  const { hideOverlap: _hide, ...kept } = isObj(axis.axisLabel) ? axis.axisLabel : {};
  let interval: number | ((index: number) => boolean) = 0;
  const step = Math.ceil((count * LABEL_FONT * 1.3) / plotWidth);
  if (mode === 'upright' && step > 1) {
    const last = count - 1;
    // The last category always shows; the one before it only if it does not crowd it.
    interval = (i: number) => i === last || (i % step === 0 && last - i >= step);
  }
  const widest = Math.min(ROTATED_LABEL_WIDTH, Math.max(0, ...labels.map((l) => measure(l, LABEL_FONT))));
  const lines = Math.max(1, ...labels.map((l) => l.trim().split(/\s+/).length));
  const drop = { level: 0, wrap: (lines - 1) * 14, tilt: widest * 0.71, upright: widest }[mode];
  const shape =
    mode === 'wrap'
      ? { rotate: 0, width: Math.floor(plotWidth / count) - 2, overflow: 'break', lineHeight: 14 }
      : mode === 'level'
        ? { rotate: 0 }
        : {
            rotate: mode === 'tilt' ? 45 : 90,
            width: ROTATED_LABEL_WIDTH,
            overflow: 'truncate',
            ellipsis: '…',
          };
  return {
    axis: { ...axis, axisLabel: { ...kept, interval, ...shape } },
    height: Math.min(maxHeight, BASE_HEIGHT + drop),
  };
}

/** The card's chart option made a page's: whole, still, its legend and every category shown. */
export function pageChart({ option, width, maxHeight, fontFamily, measure }: PageChartInput): PageChart {
  const { dataZoom: _zoom, tooltip: _tooltip, ...rest } = option;
  const { legend, height: legendHeight } = pageLegend(option, width, measure);
  const grid = isObj(option.grid) ? option.grid : null;
  const top = grid ? Math.max(Number(grid.top) || 0, legendHeight + 12) : 0;
  const out: ChartOption = {
    ...rest,
    animation: false,
    textStyle: { ...(isObj(option.textStyle) ? option.textStyle : {}), fontFamily },
    legend,
    ...(grid ? { grid: { ...grid, top, right: 16, bottom: 8 } } : {}),
  };
  const category = categoryAxis(option);
  if (!category) return { option: out, width, height: Math.min(maxHeight, BASE_HEIGHT) };
  const labels = labelsOf(category.axis);
  if (category.key === 'yAxis') {
    const layout = horizontalLayout(category.axis, labels.length, top, maxHeight);
    out.yAxis = layout.axis;
    return { option: out, width, height: Math.ceil(layout.height), rows: layout.rows };
  }
  const layout = verticalLayout(category.axis, labels, width, maxHeight, measure);
  out.xAxis = layout.axis;
  return { option: out, width, height: Math.round(layout.height) };
}

/** The chart of categories `from` to `to` (not included): their names and each series' values. */
function slicePiece(chart: PageChart, from: number, to: number): PageChart {
  const { option, rows } = chart;
  const axis = option.yAxis as Obj;
  const series = Array.isArray(option.series) ? option.series : [];
  const sliced = series.map((s) =>
    isObj(s) && Array.isArray(s.data) ? { ...s, data: s.data.slice(from, to) } : s,
  );
  const data = Array.isArray(axis.data) ? axis.data.slice(from, to) : axis.data;
  const height = rows ? Math.ceil(rows.top + (to - from) * rows.slot + rows.bottom) : chart.height;
  return { ...chart, option: { ...option, yAxis: { ...axis, data }, series: sliced }, height };
}

/**
 * The chart cut into pieces that fit the pages, `firstRoom` px left on the page it starts on and
 * `pageRoom` on each page after: a tall chart of horizontal bars goes on over as many pages as
 * its rows need, each category drawn once at a readable size, the value axis the same on each.
 */
export function pagePieces(chart: PageChart, firstRoom: number, pageRoom: number): PageChart[] {
  const rows = chart.rows;
  if (!rows || chart.height <= firstRoom) return [chart];
  const count = labelsOf(chart.option.yAxis as Obj).length;
  const fit = (room: number) => Math.max(1, Math.floor((room - rows.top - rows.bottom) / rows.slot));
  const pieces: PageChart[] = [];
  let from = 0;
  // Too few rows under the header: the chart starts on the next page, where it has a page's room.
  let room = fit(firstRoom) >= MIN_PIECE_ROWS ? firstRoom : pageRoom;
  while (from < count) {
    const to = Math.min(count, from + fit(room));
    pieces.push(slicePiece(chart, from, to));
    from = to;
    room = pageRoom;
  }
  return pieces;
}
