/**
 * The ECharts option of a card's chart view: bar, stacked bar, line, area, pie or donut. Pure (no
 * ECharts runtime), so the web draws it on a canvas and the server renders the same chart to SVG
 * for e-mail (digests). Moved here from the web's cards feature so both draw one chart.
 */
import type { TCard, TCardChart, TCardColumn, TCardRow } from '@parley/contract';
import { formatNumber, formatValue } from './format';

/** Row key prefix of a measure's comparison value ("Previous_Revenue"). */
export const PREVIOUS_PREFIX = 'Previous_';

/** A chart spec's view name: its type in lower case, bar flagged stacked being bar-stacked. */
export type ChartViewType = 'bar' | 'bar-stacked' | 'line' | 'area' | 'pie' | 'donut';

/** The view a chart spec is drawn as. */
export function chartViewType(spec: TCardChart): ChartViewType {
  const type = spec.chart.type.toLowerCase() as TCardChart['chart']['type'];
  return type === 'bar' && spec.chart.stacked ? 'bar-stacked' : (type as ChartViewType);
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
/** Line series longer than this are down-sampled with LTTB. */
export const SAMPLING_THRESHOLD = 200;
/** Pie slices beyond this are merged into one "other" slice. */
export const MAX_PIE_SLICES = 10;

type Grain = 'day' | 'week' | 'month' | 'quarter' | 'year';

export interface ChartOptionInput {
  card: TCard;
  spec: TCardChart;
  view: ChartViewType;
  locale: string;
  /** Label of the merged pie slice. */
  otherLabel: string;
  /** Label prefix of comparison series ("Previous"). */
  previousLabel: string;
}

// A loose option type: the pure builder must not pull the ECharts runtime into unit tests or chunks.
export type ChartOption = Record<string, unknown>;

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

function grainOf(card: TCard): Grain | undefined {
  return card.query?.semantic.timeDimension?.grain;
}

/** Axis labels: compact numbers, currency and percent by the measure's format. */
export function axisFormatter(format: TCardColumn['format'], locale: string): (v: number) => string {
  return (v: number) => formatNumber(v, format, { locale, compact: true });
}

function sortedRows(card: TCard, x: string, xCol: TCardColumn): TCardRow[] {
  if (xCol.kind !== 'time') return card.table;
  return [...card.table].sort((a, b) => String(a[x] ?? '').localeCompare(String(b[x] ?? '')));
}

function pieOption(input: ChartOptionInput, rows: TCardRow[], xCol: TCardColumn, grain?: Grain): ChartOption {
  const { card, spec, view, locale } = input;
  const y = spec.y[0];
  const yCol = columnOf(card, y);
  let data = rows.map((row) => ({
    name: formatValue(row[spec.x], xCol.format, { locale, grain }),
    value: typeof row[y] === 'number' ? (row[y] as number) : 0,
  }));
  if (data.length > MAX_PIE_SLICES) {
    const sorted = [...data].sort((a, b) => b.value - a.value);
    const rest = sorted.slice(MAX_PIE_SLICES - 1).reduce((s, d) => s + d.value, 0);
    data = [...sorted.slice(0, MAX_PIE_SLICES - 1), { name: input.otherLabel, value: rest }];
  }
  return {
    color: PALETTE,
    tooltip: {
      trigger: 'item',
      valueFormatter: (v: number) => formatNumber(v, yCol.format, { locale }),
    },
    legend: { type: 'scroll', orient: 'vertical', right: 0, top: 'middle' },
    series: [
      {
        type: 'pie',
        name: yCol.label,
        radius: view === 'donut' ? ['45%', '72%'] : '72%',
        center: ['40%', '50%'],
        avoidLabelOverlap: true,
        label: { show: false },
        itemStyle: { borderColor: '#fff', borderWidth: 1 },
        data,
      },
    ],
  };
}

/** Builds the ECharts option of a chart view: bar, stacked bar, line, area, pie or donut. */
export function buildChartOption(input: ChartOptionInput): ChartOption {
  const { card, spec, view, locale } = input;
  const xCol = columnOf(card, spec.x);
  const grain = grainOf(card);
  const rows = sortedRows(card, spec.x, xCol);
  if (view === 'pie' || view === 'donut') return pieOption(input, rows, xCol, grain);

  const keys = new Set(
    card.columns.length > 0 ? card.columns.map((c) => c.key) : Object.keys(card.table[0] ?? {}),
  );
  const line = view === 'line' || view === 'area';
  const long = rows.length > SAMPLING_THRESHOLD;
  const yFormat = columnOf(card, spec.y[0] ?? '').format;
  const series: Record<string, unknown>[] = [];

  spec.y.forEach((y, i) => {
    const col = columnOf(card, y);
    const color = PALETTE[i % PALETTE.length];
    const values = rows.map((row) => (typeof row[y] === 'number' ? row[y] : null));
    const base: Record<string, unknown> = {
      name: col.label,
      type: line ? 'line' : 'bar',
      data: values,
      itemStyle: { color },
      emphasis: { focus: 'series' },
    };
    if (line) {
      Object.assign(base, {
        smooth: false,
        showSymbol: rows.length <= 40,
        lineStyle: { width: 2, color },
        ...(long ? { sampling: 'lttb' } : {}),
        ...(view === 'area' ? { areaStyle: { opacity: 0.18 } } : {}),
      });
    } else {
      Object.assign(base, { barMaxWidth: 36, ...(view === 'bar-stacked' ? { stack: 'total' } : {}) });
    }
    series.push(base);

    // A comparison series (dashed or lighter) when the card carries Previous_<M>.
    const prevKey = `${PREVIOUS_PREFIX}${y}`;
    if (keys.has(prevKey) && !spec.y.includes(prevKey)) {
      const prevCol = columnOf(card, prevKey);
      const prevValues = rows.map((row) => (typeof row[prevKey] === 'number' ? row[prevKey] : null));
      series.push({
        name: prevCol.label === prevKey ? `${input.previousLabel} ${col.label}` : prevCol.label,
        type: line ? 'line' : 'bar',
        data: prevValues,
        itemStyle: { color, opacity: line ? 1 : 0.35 },
        ...(line
          ? {
              showSymbol: false,
              lineStyle: { width: 1.5, type: 'dashed', color, opacity: 0.6 },
              ...(long ? { sampling: 'lttb' } : {}),
            }
          : { barMaxWidth: 36, ...(view === 'bar-stacked' ? { stack: 'previous' } : {}) }),
      });
    }
  });

  const showLegend = series.length > 1;
  return {
    color: PALETTE,
    animationDuration: 300,
    grid: { left: 8, right: 16, top: 16, bottom: showLegend ? 36 : 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: line ? 'line' : 'shadow' },
      valueFormatter: (v: number | null) =>
        v === null || v === undefined ? '–' : formatNumber(v, yFormat, { locale }),
    },
    legend: showLegend ? { type: 'scroll', bottom: 0 } : { show: false },
    xAxis: {
      type: 'category',
      boundaryGap: !line,
      data: rows.map((row) => formatValue(row[spec.x], xCol.format, { locale, grain })),
      axisLabel: { hideOverlap: true, color: '#71717a' },
      axisLine: { lineStyle: { color: '#d4d4d8' } },
      axisTick: { show: false },
    },
    yAxis: {
      type: 'value',
      axisLabel: { formatter: axisFormatter(yFormat, locale), color: '#71717a' },
      splitLine: { lineStyle: { color: '#f0f0f2' } },
    },
    series,
  };
}
