/**
 * ECharts options of a card's chart views, chosen by the shape of the answer (issue 11): a time
 * or category axis with one series per measure; a second category (time × dimension, or two
 * dimensions) pivoted into series with a legend and a top-N + "Other" cap; many or long category
 * labels as horizontal bars; two periods without a dimension as bars named by their dates; pies
 * with labelled slices. Every number is formatted in the user's locale. Pure (no DOM, no ECharts
 * runtime): the web draws the option on a canvas, the digest mail renders the same one to PNG.
 */
import type { TCard, TCardChart, TCardColumn, TCardRow, TTimeGrain } from '@parley/contract';
import {
  CONTRIBUTION_SUFFIX,
  FORECAST_HIGH_SUFFIX,
  FORECAST_LOW_SUFFIX,
  FORECAST_PREFIX,
  isAdditiveMeasure,
  PREVIOUS_PREFIX,
} from './card-columns';
import { escapeHtml } from './escape';
import { formatDateRange, formatShare, formatValue, niceAxis } from './format';

/** A chart view: a chart spec's type in lower case, bar flagged stacked being bar-stacked. */
export type ChartViewType = 'bar' | 'bar-stacked' | 'line' | 'area' | 'pie' | 'donut';

/**
 * A chart spec's view name: its type in lower case, bar flagged stacked being bar-stacked — unless
 * the card's measure is a rate or an average, which never stack (the view says what is drawn).
 */
export function chartViewType(spec: TCardChart, card?: Pick<TCard, 'columns'>): ChartViewType {
  const type = spec.chart.type.toLowerCase() as TCardChart['chart']['type'];
  if (type !== 'bar' || !spec.chart.stacked) return type;
  const measure = card?.columns.find((c) => c.key === spec.y[0]);
  return measure && !isAdditiveMeasure(measure) ? 'bar' : 'bar-stacked';
}

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

const AXIS_TEXT = '#71717a';
const AXIS_LINE = '#d4d4d8';
const SPLIT_LINE = '#f0f0f2';

export interface ChartOptionInput {
  card: TCard;
  spec: TCardChart;
  view: ChartViewType;
  locale: string;
  /** Label of the merged pie slice and series. */
  otherLabel: string;
  /** Label prefix of comparison series ("Previous"). */
  previousLabel: string;
  /** Added to a bucket that is still running ("so far"). */
  soFarLabel?: string;
  /** Added to a bucket the period cuts short ("partial"): a week that began before it. */
  partialLabel?: string;
  /** Label of the stacked total in the tooltip ("Total"). */
  totalLabel?: string;
  /** The room the chart has; without it the chart is drawn for a full-width card. */
  size?: ChartSize;
}

// A loose option type: the pure builder must not pull the ECharts runtime into unit tests or chunks.
export type ChartOption = Record<string, unknown>;

/** The shape of an answer as a chart sees it. */
export type ChartShape =
  /** One row, x a measure: the value and its previous period's, side by side. */
  | { kind: 'periods' }
  /** History plus forecast buckets with their low/high bounds (a forecast answer). */
  | { kind: 'forecast'; measure: string; forecast: string; low: string; high: string }
  /** Each value's share of a total change (a drivers answer): diverging bars around zero. */
  | { kind: 'contributions'; dimension: string | null }
  /** A second category pivoted into series (time × dimension, or two dimensions). */
  | { kind: 'pivot'; series: string }
  /** One category axis, a series per measure (and per previous-period measure). */
  | { kind: 'simple' };

function columnOf(card: TCard, key: string): TCardColumn {
  return (
    card.columns.find((c) => c.key === key) ?? {
      key,
      label: key,
      kind: 'measure',
      format: 'number',
    }
  );
}

function grainOf(card: TCard): TTimeGrain | undefined {
  return card.query?.semantic.timeDimension?.grain;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** What the chart draws for this spec of this card. */
export function chartShape(card: TCard, spec: TCardChart): ChartShape {
  const keys = new Set(card.columns.map((c) => c.key));
  const measure = spec.y.find((y) => !y.startsWith(FORECAST_PREFIX) && !y.startsWith(PREVIOUS_PREFIX));
  if (measure) {
    const forecast = `${FORECAST_PREFIX}${measure}`;
    const low = `${forecast}${FORECAST_LOW_SUFFIX}`;
    const high = `${forecast}${FORECAST_HIGH_SUFFIX}`;
    if (keys.has(forecast) && keys.has(low) && keys.has(high))
      return { kind: 'forecast', measure, forecast, low, high };
  }
  if (spec.y.length === 1 && spec.y[0].endsWith(CONTRIBUTION_SUFFIX)) {
    const group = card.columns.find((c) => c.kind === 'dimension' && c.key !== spec.x);
    return { kind: 'contributions', dimension: group?.key ?? null };
  }
  const x = columnOf(card, spec.x);
  if (x.kind === 'measure') return { kind: 'periods' };
  const other = card.columns.find(
    (c) => c.key !== spec.x && (c.kind === 'dimension' || c.kind === 'time') && c.kind !== x.kind,
  );
  const sameKind = card.columns.find((c) => c.key !== spec.x && c.kind === 'dimension');
  const series = x.kind === 'time' ? other : sameKind;
  return series ? { kind: 'pivot', series: series.key } : { kind: 'simple' };
}

/** The last day of the bucket starting on `start` (ISO dates). */
export function bucketEnd(start: string, grain: TTimeGrain): string {
  const [y, m, d] = start.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  switch (grain) {
    case 'day':
      break;
    case 'week':
      date.setUTCDate(date.getUTCDate() + 6);
      break;
    case 'month':
      date.setUTCMonth(date.getUTCMonth() + 1, 0);
      break;
    case 'quarter':
      date.setUTCMonth(date.getUTCMonth() + 3, 0);
      break;
    case 'year':
      date.setUTCFullYear(date.getUTCFullYear() + 1, 0, 0);
      break;
  }
  return date.toISOString().slice(0, 10);
}

/** How complete a time bucket is: still running, cut short by the period, or whole (null). */
export type BucketState = 'running' | 'partial' | null;

/**
 * Whether the first or last time bucket holds less than a whole bucket (issue 11), so it is never
 * read as a drop: the last one is `running` while the period is (this month so far: the bucket
 * reaches the period's end), and either is `partial` when the period cuts it (a week starting
 * before the quarter, or ending after it). A quiet last day with no rows marks nothing.
 */
export function bucketState(
  card: TCard,
  bucket: string | null | undefined,
  position: 'first' | 'last',
): BucketState {
  const grain = grainOf(card);
  const period = card.period;
  if (!period || !grain || typeof bucket !== 'string') return null;
  const start = bucket.slice(0, 10);
  const end = bucketEnd(start, grain);
  if (position === 'first') return start < period.from ? 'partial' : null;
  if (period.partial && end >= period.to) return 'running';
  return end > period.to ? 'partial' : null;
}

/** Whether the last time bucket is still running (the period is partial and the bucket reaches its end). */
export function isPartialBucket(card: TCard, bucket: string | null | undefined): boolean {
  return bucketState(card, bucket, 'last') === 'running';
}

/** The period's dates as a label ("Oct 1 – 31, 2026"), with "(so far)" while it runs. */
export function periodLabel(card: TCard, locale: string, soFar?: string): string | null {
  if (!card.period) return null;
  const label = formatDateRange(card.period.from, card.period.to, locale);
  return card.period.partial && soFar ? `${label} (${soFar})` : label;
}

/** The comparison period's dates as a label. */
export function comparisonLabel(card: TCard, locale: string): string | null {
  const c = card.period?.comparison;
  return c ? formatDateRange(c.from, c.to, locale) : null;
}

/** A lighter shade of a hex colour (previous periods, running buckets). */
export function lighten(hex: string, amount = 0.55): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const r = mix((n >> 16) & 255);
  const g = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

interface Series {
  /** Stable id (the row key or pivot value). */
  id: string;
  name: string;
  values: (number | null)[];
  color: string;
  /** A previous-period series: drawn lighter (bars) or dashed (lines). */
  previous?: boolean;
  /** The merged "Other" series. */
  other?: boolean;
}

interface Categories {
  /** Raw values (ISO dates or names) in axis order. */
  raw: string[];
  /** Labels as shown on the axis, "(so far)" on a running bucket, "(partial)" on a cut one. */
  labels: string[];
  /** Indexes of the buckets that hold less than a whole bucket (first and/or last). */
  short: number[];
}

function categoriesOf(input: ChartOptionInput, values: unknown[], xCol: TCardColumn): Categories {
  const { card, locale } = input;
  const grain = grainOf(card);
  const raw = values.map((v) => (v === null || v === undefined ? '' : String(v)));
  const labels = raw.map((v) =>
    formatValue(v, xCol.format === 'date' || xCol.kind === 'time' ? 'date' : 'number', { locale, grain }),
  );
  const short: number[] = [];
  const last = raw.length - 1;
  if (xCol.kind !== 'time' || last < 1) return { raw, labels, short };
  const mark = (i: number, state: BucketState) => {
    if (!state) return;
    short.push(i);
    const word = state === 'running' ? input.soFarLabel : input.partialLabel;
    if (word) labels[i] = `${labels[i]} (${word})`;
  };
  mark(0, bucketState(card, raw[0], 'first'));
  mark(last, bucketState(card, raw[last], 'last'));
  return { raw, labels, short };
}

/** Series of a plain chart: one per measure, and one per previous-period measure the card has. */
function simpleSeries(input: ChartOptionInput, rows: TCardRow[]): Series[] {
  const { card, spec, locale } = input;
  const keys = new Set(card.columns.map((c) => c.key));
  const current = periodLabel(card, locale);
  const previous = comparisonLabel(card, locale);
  const out: Series[] = [];
  const ys = spec.y.filter((y) => !y.startsWith(PREVIOUS_PREFIX));
  ys.forEach((y, i) => {
    const col = columnOf(card, y);
    const color = PALETTE[i % PALETTE.length];
    const prevKey = `${PREVIOUS_PREFIX}${y}`;
    const hasPrev = keys.has(prevKey) || spec.y.includes(prevKey);
    // With a comparison the legend names the two periods by their dates, not "Revenue" twice.
    const named = (period: string | null, fallback: string) =>
      period ? (ys.length > 1 ? `${col.label} · ${period}` : period) : fallback;
    out.push({
      id: y,
      name: hasPrev ? named(current, col.label) : col.label,
      values: rows.map((r) => num(r[y])),
      color,
    });
    if (hasPrev) {
      const prevCol = columnOf(card, prevKey);
      const fallback = prevCol.label === prevKey ? `${input.previousLabel} ${col.label}` : prevCol.label;
      out.push({
        id: prevKey,
        name: named(previous, fallback),
        values: rows.map((r) => num(r[prevKey])),
        color: lighten(color),
        previous: true,
      });
    }
  });
  return out;
}

/** Pivots `series` into one series per value: the largest first, the rest merged into "Other". */
function pivotSeries(
  input: ChartOptionInput,
  xKey: string,
  seriesKey: string,
  xCol: TCardColumn,
): { categories: unknown[]; series: Series[] } {
  const { card, spec } = input;
  const measure = spec.y.find((y) => !y.startsWith(PREVIOUS_PREFIX)) ?? spec.y[0];
  const yCol = columnOf(card, measure);
  const cells = new Map<string, Map<string, number | null>>();
  const xOrder: string[] = [];
  const xTotals = new Map<string, number>();
  const sTotals = new Map<string, number>();
  for (const row of card.table) {
    const x = row[xKey] === null || row[xKey] === undefined ? '' : String(row[xKey]);
    const s = row[seriesKey] === null || row[seriesKey] === undefined ? '–' : String(row[seriesKey]);
    const v = num(row[measure]);
    if (!xTotals.has(x)) xOrder.push(x);
    xTotals.set(x, (xTotals.get(x) ?? 0) + Math.abs(v ?? 0));
    sTotals.set(s, (sTotals.get(s) ?? 0) + Math.abs(v ?? 0));
    let byX = cells.get(s);
    if (!byX) {
      byX = new Map();
      cells.set(s, byX);
    }
    byX.set(x, v);
  }
  // Time runs left to right; categories read largest first.
  const categories =
    xCol.kind === 'time'
      ? [...xOrder].sort()
      : [...xOrder].sort((a, b) => (xTotals.get(b) ?? 0) - (xTotals.get(a) ?? 0));
  const ranked = [...sTotals.keys()].sort((a, b) => (sTotals.get(b) ?? 0) - (sTotals.get(a) ?? 0));
  const additive = isAdditiveMeasure(yCol);
  // Rates and averages do not add up: past the cap they are left out rather than summed.
  const keep = ranked.length > MAX_SERIES ? ranked.slice(0, additive ? MAX_SERIES - 1 : MAX_SERIES) : ranked;
  const rest = ranked.length > MAX_SERIES && additive ? ranked.slice(MAX_SERIES - 1) : [];
  const series: Series[] = keep.map((s, i) => ({
    id: `pivot:${s}`,
    name: s,
    values: categories.map((x) => cells.get(s)?.get(x) ?? null),
    color: PALETTE[i % PALETTE.length],
  }));
  if (rest.length > 0) {
    series.push({
      id: 'pivot:other',
      name: `${input.otherLabel} (${rest.length})`,
      values: categories.map((x) => {
        let sum: number | null = null;
        for (const s of rest) {
          const v = cells.get(s)?.get(x);
          if (typeof v === 'number') sum = (sum ?? 0) + v;
        }
        return sum;
      }),
      color: OTHER_COLOR,
      other: true,
    });
  }
  return { categories, series };
}

/** The value axis extent of the drawn series (stacked: per category sums). */
function extentOf(series: Series[], stacked: boolean): { min: number; max: number } {
  let min = 0;
  let max = 0;
  if (stacked) {
    const n = Math.max(0, ...series.map((s) => s.values.length));
    for (let i = 0; i < n; i++) {
      let pos = 0;
      let neg = 0;
      for (const s of series) {
        const v = s.values[i];
        if (typeof v === 'number') {
          if (v >= 0) pos += v;
          else neg += v;
        }
      }
      max = Math.max(max, pos);
      min = Math.min(min, neg);
    }
    return { min, max };
  }
  for (const s of series)
    for (const v of s.values) {
      if (typeof v !== 'number') continue;
      max = Math.max(max, v);
      min = Math.min(min, v);
    }
  return { min, max };
}

/** The value axis: nice bounds, one compact unit and the decimals the step needs (presenter). */
function valueAxis(
  series: Series[],
  stacked: boolean,
  format: TCardColumn['format'],
  locale: string,
  compact: boolean,
) {
  const { min, max } = extentOf(series, stacked);
  const integer = series.every((s) => s.values.every((v) => v === null || Number.isInteger(v)));
  const axis = niceAxis(min, max, format, locale, { integer });
  return {
    type: 'value',
    min: axis.min,
    max: axis.max,
    interval: axis.interval,
    axisLabel: {
      formatter: axis.label,
      color: AXIS_TEXT,
      ...(compact ? { fontSize: 10, hideOverlap: true } : {}),
    },
    splitLine: { lineStyle: { color: SPLIT_LINE } },
  };
}

interface TooltipParam {
  seriesId?: string;
  seriesName?: string;
  value?: unknown;
  color?: string;
  dataIndex: number;
  name?: string;
}

/** The axis tooltip: the full category name, then each series' value in the column's format. */
function axisTooltip(
  labels: string[],
  format: TCardColumn['format'],
  locale: string,
  total: string | null,
): (params: TooltipParam | TooltipParam[]) => string {
  return (params) => {
    const list = Array.isArray(params) ? params : [params];
    if (list.length === 0) return '';
    // A short bucket's value sits on the dashed helper series of the same name: one row per name.
    const byName = new Map<string, { v: number | null; color: string }>();
    for (const p of list) {
      const name = p.seriesName ?? '';
      const v = num(Array.isArray(p.value) ? p.value[1] : p.value);
      if (!byName.has(name) || (byName.get(name)?.v === null && v !== null))
        byName.set(name, { v, color: p.color ?? '#999' });
    }
    const rows: string[] = [];
    let sum = 0;
    for (const [name, { v, color }] of byName) {
      sum += v ?? 0;
      rows.push(
        `<div style="display:flex;gap:12px;justify-content:space-between"><span><span style="display:inline-block;width:8px;height:8px;border-radius:2px;margin-right:6px;background:${escapeHtml(color)}"></span>${escapeHtml(name)}</span><b>${escapeHtml(formatValue(v, format, { locale }))}</b></div>`,
      );
    }
    const head = `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(labels[list[0].dataIndex] ?? list[0].name ?? '')}</div>`;
    const foot =
      total && rows.length > 1
        ? `<div style="display:flex;gap:12px;justify-content:space-between;border-top:1px solid #e4e4e7;margin-top:4px;padding-top:4px"><span>${escapeHtml(total)}</span><b>${escapeHtml(formatValue(sum, format, { locale }))}</b></div>`
        : '';
    return head + rows.join('') + foot;
  };
}

/** Two periods of one number: bars named by their dates, the current one in the accent colour. */
function periodsOption(input: ChartOptionInput): ChartOption {
  const { card, spec, locale } = input;
  const measure = spec.y.find((y) => !y.startsWith(PREVIOUS_PREFIX)) ?? spec.x;
  const col = columnOf(card, measure);
  const prevKey = `${PREVIOUS_PREFIX}${measure}`;
  const row = card.table[0] ?? {};
  const prevCol = columnOf(card, prevKey);
  const labels = [
    periodLabel(card, locale, input.soFarLabel) ?? col.label,
    comparisonLabel(card, locale) ??
      (prevCol.label === prevKey ? `${input.previousLabel} ${col.label}` : prevCol.label),
  ];
  const values = [num(row[measure]), num(row[prevKey])];
  const series: Series[] = [{ id: measure, name: col.label, values, color: PALETTE[0] }];
  const colors = [PALETTE[0], lighten(PALETTE[0])];
  const compact = isCompactChart(input.size);
  return {
    color: PALETTE,
    animationDuration: 300,
    grid: { left: 8, right: compact ? 8 : 16, top: compact ? 24 : 40, bottom: 8, containLabel: true },
    legend: compact
      ? { show: false }
      : { show: true, top: 0, left: 'center', data: [col.label], icon: 'roundRect' },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: axisTooltip(labels, col.format, locale, null),
    },
    xAxis: {
      type: 'category',
      data: labels,
      axisLabel: {
        interval: 0,
        color: AXIS_TEXT,
        fontSize: compact ? 10 : 12,
        ...(compact ? { width: COMPACT_LABEL_WIDTH.horizontal, overflow: 'truncate', ellipsis: '…' } : {}),
      },
      axisLine: { lineStyle: { color: AXIS_LINE } },
      axisTick: { show: false },
    },
    yAxis: valueAxis(series, false, col.format, locale, compact),
    series: [
      {
        id: measure,
        name: col.label,
        type: 'bar',
        barMaxWidth: 96,
        data: values.map((v, i) => ({
          value: v,
          itemStyle: { color: colors[i], borderRadius: [4, 4, 0, 0] },
        })),
        label: {
          show: true,
          position: 'top',
          color: '#3f3f46',
          fontWeight: 600,
          ...(compact ? { fontSize: 10 } : {}),
          formatter: (p: { value: unknown }) => formatValue(num(p.value), col.format, { locale }),
        },
      },
    ],
  };
}

function pieOption(input: ChartOptionInput, rows: TCardRow[], xCol: TCardColumn): ChartOption {
  const { card, spec, view, locale } = input;
  const y = spec.y[0];
  const yCol = columnOf(card, y);
  const grain = grainOf(card);
  let data: { name: string; value: number; itemStyle?: { color: string } }[] = rows.map((row) => ({
    name: formatValue(row[spec.x], xCol.kind === 'time' ? 'date' : 'number', { locale, grain }),
    value: num(row[y]) ?? 0,
  }));
  const compact = isCompactChart(input.size);
  const slices = compact ? COMPACT_PIE_SLICES : MAX_PIE_SLICES;
  if (data.length > slices) {
    const sorted = [...data].sort((a, b) => b.value - a.value);
    const rest = sorted.slice(slices - 1).reduce((s, d) => s + d.value, 0);
    data = [
      ...sorted.slice(0, slices - 1),
      { name: input.otherLabel, value: rest, itemStyle: { color: OTHER_COLOR } },
    ];
  }
  // A small card has no room for a legend beside the pie: short labels around it name the slices.
  const room = compact ? 10 : 18;
  const truncate = (s: string) => (s.length > room ? `${s.slice(0, room - 1)}…` : s);
  // Room around a compact pie for its labels, which name the slices there.
  const outer = compact ? '50%' : '64%';
  return {
    color: PALETTE,
    animationDuration: 300,
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number; color: string }) =>
        `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(p.name)}</div><b>${escapeHtml(formatValue(p.value, yCol.format, { locale }))}</b> · ${escapeHtml(formatShare(p.percent, locale))}`,
    },
    // The legend sits right beside the pie, not at the far edge of a wide card.
    legend: compact
      ? { show: false }
      : {
          type: 'scroll',
          orient: 'vertical',
          left: '64%',
          top: 'middle',
          icon: 'circle',
          itemGap: 8,
          textStyle: { color: '#3f3f46', width: 150, overflow: 'truncate' },
          tooltip: { show: true },
        },
    series: [
      {
        type: 'pie',
        name: yCol.label,
        radius: view === 'donut' ? [compact ? '30%' : '38%', outer] : ['0%', outer],
        center: compact ? ['50%', '50%'] : ['36%', '52%'],
        avoidLabelOverlap: true,
        minShowLabelAngle: compact ? 12 : 4,
        label: {
          show: true,
          color: '#3f3f46',
          fontSize: compact ? 10 : 11,
          lineHeight: compact ? 12 : 14,
          formatter: (p: { name: string; percent: number }) =>
            `${truncate(p.name)}\n${formatShare(p.percent, locale)}`,
        },
        labelLine: compact ? { length: 4, length2: 4 } : { length: 8, length2: 8 },
        labelLayout: { hideOverlap: true },
        itemStyle: { borderColor: '#fff', borderWidth: 1 },
        data,
      },
    ],
  };
}

/**
 * The shared frame of the axis charts: colours, grid, and a legend on every chart with room for
 * it (it names what is measured, and each pivoted value, in the card and its PNG); a compact
 * chart leaves the legend to the tooltip and to the card opened in full.
 */
function frame(compact: boolean, legend: string[], scroll = false): ChartOption {
  return {
    color: PALETTE,
    animationDuration: 300,
    grid: {
      left: compact ? 4 : 8,
      right: scroll ? 28 : compact ? 8 : 16,
      top: compact ? 12 : 36,
      bottom: 8,
      containLabel: true,
    },
    legend: compact
      ? { show: false }
      : {
          type: 'scroll',
          top: 0,
          left: 'center',
          icon: 'roundRect',
          itemWidth: 12,
          itemHeight: 8,
          textStyle: { color: '#3f3f46' },
          data: legend,
        },
  };
}

/** The slider beside a category axis of more bars than fit: the first `visible` shown. */
function scrollZoom(visible: number): ChartOption {
  return {
    dataZoom: [
      {
        type: 'slider',
        yAxisIndex: 0,
        startValue: 0,
        endValue: visible - 1,
        width: 12,
        right: 6,
        zoomLock: true,
        showDetail: false,
        showDataShadow: false,
        brushSelect: false,
        backgroundColor: '#f4f4f5',
        fillerColor: 'rgba(79, 70, 229, 0.35)',
        borderColor: 'transparent',
        borderRadius: 6,
        handleSize: 0,
        moveHandleSize: 0,
      },
    ],
  };
}

/** "Forecast Revenue (low – high)": the band's name from its bounds' labels, in the card's language. */
function bandName(low: string, high: string): string {
  let i = 0;
  while (i < low.length && i < high.length && low[i] === high[i]) i++;
  // Back to the start of the differing word, so "(low" and "(high" keep their bracket.
  while (i > 0 && /[\p{L}\p{N}]/u.test(low[i - 1])) i--;
  const rest = (s: string) => s.slice(i).replace(/[)\]]$/, '');
  const close = /[)\]]$/.test(low) ? low.slice(-1) : '';
  return i > 0 ? `${low.slice(0, i)}${rest(low)} – ${rest(high)}${close}` : `${low} – ${high}`;
}

/**
 * A forecast: the history as a solid line, the forecast as a dashed line carrying on from the last
 * history bucket, and the low–high bounds as a shaded band (a transparent base plus the band's
 * height, stacked), so the future never reads as measured data.
 */
function forecastOption(
  input: ChartOptionInput,
  sorted: TCardRow[],
  xCol: TCardColumn,
  shape: Extract<ChartShape, { kind: 'forecast' }>,
): ChartOption {
  const { card, locale } = input;
  const rows = withEveryBucket(sorted, input.spec.x, grainOf(card));
  const compact = isCompactChart(input.size);
  const cats = categoriesOf(
    input,
    rows.map((r) => r[input.spec.x]),
    xCol,
  );
  const col = columnOf(card, shape.measure);
  const fCol = columnOf(card, shape.forecast);
  const history = rows.map((r) => num(r[shape.measure]));
  const forecast = rows.map((r) => num(r[shape.forecast]));
  const low = rows.map((r) => num(r[shape.low]));
  const high = rows.map((r) => num(r[shape.high]));
  // The dashed line starts on the last measured bucket, so history and forecast join up.
  const lastHistory = history.reduce<number>((at, v, i) => (v !== null ? i : at), -1);
  const dashed = forecast.map((v, i) => (i === lastHistory && v === null ? history[i] : v));
  const band = bandName(columnOf(card, shape.low).label, columnOf(card, shape.high).label);
  const color = PALETTE[0];
  const extent: Series[] = [
    { id: 'h', name: '', values: history, color },
    { id: 'f', name: '', values: forecast, color },
    { id: 'l', name: '', values: low, color },
    { id: 'u', name: '', values: high, color },
  ];
  const fmt = (v: number | null) => formatValue(v, col.format, { locale });
  const line = { type: 'line', smooth: false, showSymbol: cats.raw.length <= 40, symbolSize: 5 };
  return {
    ...frame(compact, [col.label, fCol.label, band]),
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'line' },
      // Read from the rows, not the drawn series: the band is drawn as a base plus a height.
      formatter: (params: TooltipParam | TooltipParam[]) => {
        const i = (Array.isArray(params) ? params[0] : params)?.dataIndex ?? -1;
        if (i < 0 || i >= rows.length) return '';
        const item = (name: string, value: string, c: string) =>
          `<div style="display:flex;gap:12px;justify-content:space-between"><span><span style="display:inline-block;width:8px;height:8px;border-radius:2px;margin-right:6px;background:${escapeHtml(c)}"></span>${escapeHtml(name)}</span><b>${escapeHtml(value)}</b></div>`;
        const lines = [
          `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(cats.labels[i] ?? '')}</div>`,
        ];
        if (history[i] !== null) lines.push(item(col.label, fmt(history[i]), color));
        if (forecast[i] !== null) {
          lines.push(item(fCol.label, fmt(forecast[i]), color));
          lines.push(item(band, `${fmt(low[i])} – ${fmt(high[i])}`, lighten(color, 0.6)));
        }
        return lines.join('');
      },
    },
    xAxis: {
      type: 'category',
      data: cats.labels,
      boundaryGap: false,
      axisLabel: { color: AXIS_TEXT, hideOverlap: true, ...(compact ? { fontSize: 10 } : {}) },
      axisLine: { lineStyle: { color: AXIS_LINE } },
      axisTick: { show: false },
    },
    yAxis: valueAxis(extent, false, col.format, locale, compact),
    series: [
      {
        id: `${shape.low}:base`,
        name: band,
        type: 'line',
        data: low,
        stack: 'forecast-band',
        symbol: 'none',
        // The legend takes the first series of a name: it shows the band's shade.
        itemStyle: { color: lighten(color, 0.6) },
        lineStyle: { opacity: 0 },
        silent: true,
        tooltip: { show: false },
      },
      {
        id: 'forecast-band',
        name: band,
        type: 'line',
        data: low.map((l, i) => (l === null || high[i] === null ? null : (high[i] as number) - l)),
        stack: 'forecast-band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        itemStyle: { color: lighten(color, 0.6) },
        areaStyle: { color: lighten(color, 0.6), opacity: 0.45 },
        silent: true,
        tooltip: { show: false },
      },
      {
        ...line,
        id: shape.measure,
        name: col.label,
        data: history,
        itemStyle: { color },
        lineStyle: { width: 2, color },
        ...(cats.raw.length > SAMPLING_THRESHOLD ? { sampling: 'lttb' } : {}),
      },
      {
        ...line,
        id: shape.forecast,
        name: fCol.label,
        data: dashed,
        // Across the buckets between the history and the forecast (the running month, a skipped one).
        connectNulls: true,
        itemStyle: { color },
        symbol: 'emptyCircle',
        lineStyle: { width: 2, type: 'dashed', color },
      },
    ],
  };
}

/**
 * The rows with an empty row for every bucket the table skips (the running month between the
 * history and a forecast that starts after it), so the time axis keeps its spacing.
 */
function withEveryBucket(rows: TCardRow[], key: string, grain: TTimeGrain | undefined): TCardRow[] {
  if (!grain || rows.length < 2) return rows;
  const byStart = new Map(rows.map((r) => [String(r[key] ?? '').slice(0, 10), r]));
  const last = String(rows[rows.length - 1][key] ?? '').slice(0, 10);
  const out: TCardRow[] = [];
  const next = (start: string) => {
    const d = new Date(`${bucketEnd(start, grain)}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1);
    return d.toISOString().slice(0, 10);
  };
  for (let at = String(rows[0][key] ?? '').slice(0, 10); at <= last && out.length < 5000; at = next(at))
    out.push(byStart.get(at) ?? { [key]: at });
  return out;
}

/** Colours of a change: up, down, and the merged remainder. */
export const CHANGE_COLORS = { up: '#10b981', down: '#ef4444', other: OTHER_COLOR } as const;

/**
 * A drivers answer: each value's contribution to the total change as a horizontal bar around zero
 * (green where the value rose, red where it fell), for the most explanatory dimension — the
 * table's first — whose values the answer's text names; the table holds the other dimensions.
 */
function contributionsOption(
  input: ChartOptionInput,
  shape: Extract<ChartShape, { kind: 'contributions' }>,
): ChartOption {
  const { card, spec, locale } = input;
  const compact = isCompactChart(input.size);
  const key = spec.y[0];
  const col = columnOf(card, key);
  const measure = key.slice(0, -CONTRIBUTION_SUFFIX.length);
  const mCol = columnOf(card, measure);
  const group = shape.dimension ? (card.table[0]?.[shape.dimension] ?? null) : null;
  const rows = shape.dimension ? card.table.filter((r) => r[shape.dimension!] === group) : card.table;
  const names = rows.map((r) => (r[spec.x] === null || r[spec.x] === undefined ? '–' : String(r[spec.x])));
  const values = rows.map((r) => num(r[key]));
  const moved = rows.map((r) => {
    const cur = num(r[measure]);
    const prev = num(r[`${PREVIOUS_PREFIX}${measure}`]);
    return cur === null || prev === null ? null : cur - prev;
  });
  const name = group !== null ? `${String(group)} · ${col.label}` : col.label;
  const share = (v: number | null) => formatShare(v, locale);
  const series: Series[] = [{ id: key, name, values, color: PALETTE[0] }];
  const visible = compact ? COMPACT_VISIBLE_BARS : MAX_VISIBLE_BARS;
  const scroll = names.length > visible;
  return {
    ...frame(compact, [name], scroll),
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'shadow' },
      formatter: (params: TooltipParam | TooltipParam[]) => {
        const i = (Array.isArray(params) ? params[0] : params)?.dataIndex ?? -1;
        if (i < 0 || i >= rows.length) return '';
        const cur = num(rows[i][measure]);
        const prev = num(rows[i][`${PREVIOUS_PREFIX}${measure}`]);
        const fmt = (v: number | null) => formatValue(v, mCol.format, { locale });
        const level =
          cur === null || prev === null
            ? ''
            : `<div>${escapeHtml(mCol.label)}: ${escapeHtml(fmt(prev))} → ${escapeHtml(fmt(cur))}</div>`;
        return `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(names[i])}</div><div>${escapeHtml(col.label)}: <b>${escapeHtml(share(values[i]))}</b></div>${level}`;
      },
    },
    xAxis: (() => {
      // Contributions are percentages already (45.2 = 45.2 %): the axis says so.
      const axis = valueAxis(series, false, 'number', locale, compact);
      return { ...axis, axisLabel: { ...axis.axisLabel, formatter: (v: number) => share(v) } };
    })(),
    yAxis: {
      type: 'category',
      data: names,
      inverse: true,
      axisLabel: {
        color: AXIS_TEXT,
        interval: 0,
        width: compact ? COMPACT_LABEL_WIDTH.horizontal : LABEL_WIDTH.horizontal,
        overflow: 'truncate',
        ellipsis: '…',
        ...(compact ? { fontSize: 10 } : {}),
      },
      axisLine: { onZero: true, lineStyle: { color: AXIS_LINE } },
      axisTick: { show: false },
    },
    ...(scroll ? scrollZoom(visible) : {}),
    series: [
      {
        id: key,
        name,
        type: 'bar',
        barMaxWidth: 22,
        // Bars are coloured by direction; the legend's swatch stays neutral.
        itemStyle: { color: AXIS_TEXT },
        data: values.map((v, i) => {
          const d = moved[i];
          const color = d === null ? CHANGE_COLORS.other : d < 0 ? CHANGE_COLORS.down : CHANGE_COLORS.up;
          return { value: v, itemStyle: { color, borderRadius: (v ?? 0) < 0 ? [4, 0, 0, 4] : [0, 4, 4, 0] } };
        }),
        label: {
          show: !compact,
          position: 'right',
          color: '#3f3f46',
          formatter: (p: { value: unknown }) => share(num(p.value)),
        },
        labelLayout: { hideOverlap: true },
      },
    ],
  };
}

/** Whether category labels need horizontal bars: many of them, or long ones. */
export function wantsHorizontal(labels: readonly string[]): boolean {
  const longest = Math.max(0, ...labels.map((l) => l.length));
  return labels.length > HORIZONTAL_AFTER || longest > LONG_LABEL || (labels.length > 5 && longest > 10);
}

/** Builds the ECharts option of a chart view: bar, stacked bar, line, area, pie or donut. */
export function buildChartOption(input: ChartOptionInput): ChartOption {
  const { card, spec, view, locale } = input;
  const shape = chartShape(card, spec);
  if (shape.kind === 'periods') return periodsOption(input);
  const xCol = columnOf(card, spec.x);
  const rows =
    xCol.kind === 'time'
      ? [...card.table].sort((a, b) => String(a[spec.x] ?? '').localeCompare(String(b[spec.x] ?? '')))
      : card.table;
  if (view === 'pie' || view === 'donut') return pieOption(input, rows, xCol);
  if (shape.kind === 'forecast') return forecastOption(input, rows, xCol, shape);
  if (shape.kind === 'contributions') return contributionsOption(input, shape);

  const pivot = shape.kind === 'pivot' ? pivotSeries(input, spec.x, shape.series, xCol) : null;
  const series = pivot ? pivot.series : simpleSeries(input, rows);
  const cats = categoriesOf(input, pivot ? pivot.categories : rows.map((r) => r[spec.x]), xCol);
  const yCol = columnOf(card, spec.y.find((y) => !y.startsWith(PREVIOUS_PREFIX)) ?? spec.y[0] ?? '');
  const line = view === 'line' || view === 'area';
  // Pivots stack bars and areas (parts of a whole); lines stay one line per value.
  const stacked = view === 'bar-stacked' || (pivot !== null && view === 'area');
  const stackable = stacked && isAdditiveMeasure(yCol);
  const horizontal = !line && xCol.kind !== 'time' && wantsHorizontal(cats.labels);
  const long = cats.raw.length > SAMPLING_THRESHOLD;
  const compact = isCompactChart(input.size);
  // Buckets holding less than a whole bucket (running, or cut by the period) are drawn apart.
  const short = new Set(cats.short);
  const neighbour = (i: number) => (i === 0 ? 1 : i - 1);

  const out: Record<string, unknown>[] = [];
  for (const s of series) {
    const base: Record<string, unknown> = {
      id: s.id,
      name: s.name,
      type: line ? 'line' : 'bar',
      itemStyle: { color: s.color },
      emphasis: { focus: 'series' },
      ...(stackable && !s.previous ? { stack: 'total' } : {}),
    };
    if (line) {
      const dashed = s.previous;
      // A short bucket: the solid line stops one bucket before it, a dashed one carries on.
      const cut = short.size > 0 && !stackable;
      Object.assign(base, {
        data: cut ? s.values.map((v, i) => (short.has(i) ? null : v)) : s.values,
        smooth: false,
        showSymbol: cats.raw.length <= 40,
        symbolSize: 5,
        lineStyle: { width: dashed ? 1.5 : 2, color: s.color, ...(dashed ? { type: 'dashed' } : {}) },
        ...(long ? { sampling: 'lttb' } : {}),
        ...(view === 'area' ? { areaStyle: { opacity: stackable ? 0.55 : 0.18 } } : {}),
      });
      out.push(base);
      if (cut) {
        out.push({
          id: `${s.id}:running`,
          name: s.name,
          type: 'line',
          data: s.values.map((v, i) => ([...short].some((k) => k === i || neighbour(k) === i) ? v : null)),
          itemStyle: { color: s.color },
          symbol: 'emptyCircle',
          symbolSize: 6,
          lineStyle: { width: 2, type: 'dashed', color: s.color, opacity: 0.7 },
          ...(view === 'area' ? { areaStyle: { opacity: 0.08 } } : {}),
          tooltip: { show: false },
          z: 1,
        });
      }
    } else {
      Object.assign(base, {
        barMaxWidth: horizontal ? 22 : 36,
        // A short bucket is lighter with a dashed edge.
        data: s.values.map((v, i) =>
          short.has(i)
            ? {
                value: v,
                itemStyle: {
                  color: lighten(s.color, 0.5),
                  borderColor: s.color,
                  borderType: 'dashed',
                  borderWidth: 1,
                },
              }
            : v,
        ),
      });
      out.push(base);
    }
  }
  // On lines, the stretch into a short bucket is shaded too, so it never reads as a drop (bars
  // are drawn lighter themselves).
  if (line && short.size > 0 && out[0]) {
    out[0].markArea = {
      silent: true,
      itemStyle: { color: 'rgba(113, 113, 122, 0.07)' },
      data: [...short].map((i) => [{ xAxis: cats.labels[neighbour(i)] }, { xAxis: cats.labels[i] }]),
    };
  }

  const visibleBars = compact ? COMPACT_VISIBLE_BARS : MAX_VISIBLE_BARS;
  const scroll = horizontal && cats.labels.length > visibleBars;
  // A narrow chart tilts more than a few category names under vertical bars, and lets ECharts
  // skip the ones that would still overlap; a few level ones share the width, cut with "…".
  const tilt = compact && !horizontal && xCol.kind !== 'time' && cats.labels.length > 3;
  const shared = Math.floor(((input.size?.width ?? 180) - 60) / Math.max(1, cats.labels.length));
  const labelWidth = compact
    ? {
        ...COMPACT_LABEL_WIDTH,
        vertical: tilt
          ? COMPACT_LABEL_WIDTH.vertical
          : Math.max(32, Math.min(COMPACT_LABEL_WIDTH.vertical, shared)),
      }
    : LABEL_WIDTH;
  const categoryAxis = {
    type: 'category',
    data: cats.labels,
    boundaryGap: !line,
    ...(horizontal ? { inverse: true } : {}),
    axisLabel: {
      color: AXIS_TEXT,
      ...(compact ? { fontSize: 10 } : {}),
      ...(xCol.kind === 'time'
        ? { hideOverlap: true }
        : {
            interval: tilt ? 'auto' : 0,
            width: horizontal ? labelWidth.horizontal : labelWidth.vertical,
            overflow: 'truncate',
            ellipsis: '…',
            ...(tilt ? { rotate: 45, hideOverlap: true } : {}),
          }),
    },
    axisLine: { lineStyle: { color: AXIS_LINE } },
    axisTick: { show: false },
  };
  const value = valueAxis(series, stackable, yCol.format, locale, compact);
  return {
    ...frame(
      compact,
      series.map((s) => s.name),
      scroll,
    ),
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: line ? 'line' : 'shadow' },
      formatter: axisTooltip(
        cats.labels,
        yCol.format,
        locale,
        stackable && series.length > 1 ? (input.totalLabel ?? null) : null,
      ),
    },
    xAxis: horizontal ? value : categoryAxis,
    yAxis: horizontal ? categoryAxis : value,
    ...(scroll ? scrollZoom(visibleBars) : {}),
    series: out,
  };
}
