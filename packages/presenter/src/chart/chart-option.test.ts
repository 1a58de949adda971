import type { TCard, TCardColumn, TCardRow } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import {
  bucketEnd,
  bucketState,
  buildChartOption,
  type ChartOptionInput,
  type ChartSize,
  type ChartViewType,
  COMPACT_PIE_SLICES,
  COMPACT_VISIBLE_BARS,
  chartShape,
  chartViewType,
  isPartialBucket,
  MAX_SERIES,
  MAX_VISIBLE_BARS,
  OTHER_COLOR,
} from '.';

type Series = Record<string, unknown> & { name: string; data: unknown[] };
type Axis = {
  type: string;
  data?: string[];
  inverse?: boolean;
  min?: number;
  max?: number;
  interval?: number;
  axisLabel: { formatter?: (v: number) => string; width?: number; overflow?: string; interval?: number };
};

const col = (
  key: string,
  kind: TCardColumn['kind'],
  format: TCardColumn['format'] = 'number',
): TCardColumn => ({
  key,
  label: key.replace(/^Previous_/, 'Previous '),
  kind,
  format,
});

function makeCard(over: Partial<TCard> & { table: TCardRow[]; columns: TCardColumn[] }): TCard {
  return { title: 'A card', text: '', date: '2026-11-20T10:00:00Z', chart: [], insights: [], ...over };
}

function build(card: TCard, view: ChartViewType, locale = 'en-US', spec = card.chart[0], size?: ChartSize) {
  const input: ChartOptionInput = {
    card,
    spec,
    view,
    locale,
    otherLabel: 'Other',
    previousLabel: 'Previous',
    soFarLabel: 'so far',
    partialLabel: 'partial',
    totalLabel: 'Total',
    size,
  };
  const option = buildChartOption(input);
  return {
    option,
    series: option.series as Series[],
    x: option.xAxis as Axis,
    y: option.yAxis as Axis,
    legend: option.legend as { data?: string[]; left?: string; orient?: string; show?: boolean },
  };
}

/** Intl writes date ranges with thin no-break spaces; the tests compare plain text. */
const plain = (list: readonly unknown[] | undefined) =>
  (list ?? []).map((v) => String(v).replace(/[\u2009\u202f\u00a0]/g, ' '));

/** The tick labels of a value axis with explicit bounds. */
function ticks(axis: Axis): string[] {
  const out: string[] = [];
  for (let v = axis.min!; v <= axis.max! + 1e-9; v += axis.interval!) out.push(axis.axisLabel.formatter!(v));
  return out;
}

const semantic = (grain: 'day' | 'week' | 'month') => ({
  sql: 'select 1',
  semantic: {
    measures: ['Revenue'],
    dimensions: [],
    filters: [],
    timeDimension: { field: 'order_date', grain, range: { kind: 'this' as const, unit: 'year' as const } },
  },
});

// --- one dimension ---
const names = (n: number, long = false) =>
  Array.from({ length: n }, (_, i) => (long ? `A rather long product name number ${i}` : `C${i}`));
const byDimension = (labels: string[]) =>
  makeCard({
    table: labels.map((Country, i) => ({ Country, Revenue: 10_000 * (labels.length - i) + 0.5 })),
    columns: [col('Country', 'dimension'), col('Revenue', 'measure', 'currency')],
    chart: [{ chart: { type: 'bar' }, x: 'Country', y: ['Revenue'] }],
  });

describe('one dimension', () => {
  it('draws 3 values as vertical bars with every label shown, cut with … past the room it has', () => {
    const { x, y, series } = build(byDimension(names(3)), 'bar');
    expect(x.type).toBe('category');
    expect(x.data).toEqual(['C0', 'C1', 'C2']);
    expect(x.axisLabel).toMatchObject({ interval: 0, overflow: 'truncate' });
    expect(y.type).toBe('value');
    expect(series).toHaveLength(1);
  });
  it('lays 8 long labels, 20 and 60 values down as horizontal bars, the first on top', () => {
    for (const labels of [names(8, true), names(20), names(60)]) {
      const { x, y } = build(byDimension(labels), 'bar');
      expect(y.type).toBe('category');
      expect(y.inverse).toBe(true);
      expect(y.data).toHaveLength(labels.length);
      expect(y.axisLabel).toMatchObject({ interval: 0, overflow: 'truncate', width: 140 });
      expect(x.type).toBe('value');
    }
  });
  it('scrolls past 15 bars instead of squeezing them', () => {
    expect(build(byDimension(names(20)), 'bar').option.dataZoom).toMatchObject([
      { type: 'slider', yAxisIndex: 0, startValue: 0, endValue: MAX_VISIBLE_BARS - 1 },
    ]);
    expect(build(byDimension(names(12)), 'bar').option.dataZoom).toBeUndefined();
  });
  it('names the full category in the tooltip, escaped', () => {
    const card = byDimension(['<b>Evil</b> & Co', 'B']);
    const { option } = build(card, 'bar');
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter([{ seriesName: 'Revenue', value: 20_000.5, dataIndex: 0, color: '#4f46e5' }]);
    expect(html).toContain('&lt;b&gt;Evil&lt;/b&gt; &amp; Co');
    expect(html).toContain('$20,001');
  });
  it('labels pie and donut slices with their share and keeps the legend beside the pie', () => {
    const card = byDimension(['EMEA', 'Americas', 'APAC']);
    const { option, legend } = build(card, 'donut');
    const [pie] = option.series as {
      radius: unknown;
      label: { show: boolean; formatter: (p: unknown) => string };
    }[];
    expect(pie.radius).toEqual(['38%', '64%']);
    expect(pie.label.show).toBe(true);
    expect(pie.label.formatter({ name: 'EMEA', percent: 44.81 })).toBe('EMEA\n44.8%');
    expect(legend).toMatchObject({ orient: 'vertical', left: '64%' });
    expect(build(card, 'pie', 'tr').option.series).toMatchObject([{ radius: ['0%', '64%'] }]);
  });
  it('merges pie slices past ten into a grey "Other"', () => {
    const [pie] = build(byDimension(names(14)), 'pie').option.series as { data: { name: string }[] }[];
    expect(pie.data).toHaveLength(10);
    expect(pie.data[9]).toMatchObject({ name: 'Other', itemStyle: { color: OTHER_COLOR } });
  });
});

// --- time series ---
const days = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => `2026-11-${String(from + i).padStart(2, '0')}`);
const series = (buckets: string[], grain: 'day' | 'week' | 'month', partial: boolean) =>
  makeCard({
    table: buckets.map((Day, i) => ({ Day, Orders: 900 + i * 10, Previous_Orders: 800 + i })),
    columns: [col('Day', 'time', 'date'), col('Orders', 'measure'), col('Previous_Orders', 'measure')],
    chart: [{ chart: { type: 'line' }, x: 'Day', y: ['Orders', 'Previous_Orders'] }],
    query: semantic(grain),
    period: {
      from: buckets[0],
      to: partial ? '2026-11-20' : buckets.at(-1)!,
      label: 'this month',
      partial,
      comparison: { from: '2026-10-01', to: '2026-10-20' },
    },
  });

describe('time series', () => {
  it('names the two periods by their dates and draws the previous one dashed', () => {
    const { series: s, legend } = build(series(days(20), 'day', false), 'line');
    expect(plain(s.map((x) => x.name))).toEqual(['Nov 1 – 20, 2026', 'Oct 1 – 20, 2026']);
    expect(s[1]).toMatchObject({ lineStyle: { type: 'dashed' } });
    expect(plain(legend.data)).toEqual(['Nov 1 – 20, 2026', 'Oct 1 – 20, 2026']);
  });
  it('marks a running last day: labelled "so far", the line dashed into it, the bucket shaded', () => {
    const { series: s, x } = build(series(days(20), 'day', true), 'line');
    expect(x.data?.at(-1)).toBe('Nov 20, 2026 (so far)');
    const main = s.find((v) => v.id === 'Orders')!;
    const running = s.find((v) => v.id === 'Orders:running')!;
    expect(main.data.at(-1)).toBeNull();
    expect(running).toMatchObject({ name: main.name, lineStyle: { type: 'dashed' } });
    expect(running.data.slice(-2)).toEqual([1080, 1090]);
    expect(s[0].markArea).toBeDefined();
  });
  it('draws a running last bar lighter with a dashed edge', () => {
    const months = ['2026-09-01', '2026-10-01', '2026-11-01'];
    const card = {
      ...series(months, 'month', true),
      chart: [{ chart: { type: 'bar' as const }, x: 'Day', y: ['Orders'] }],
    };
    const { series: s, x } = build(card, 'bar');
    expect(x.data).toEqual(['Sep 2026', 'Oct 2026', 'Nov 2026 (so far)']);
    expect(s[0].data.at(-1)).toMatchObject({ value: 920, itemStyle: { borderType: 'dashed' } });
    expect(s[0].data[0]).toBe(900);
  });
  it('marks weeks the period cuts short at either end as partial', () => {
    const quarter = makeCard({
      table: ['2026-06-28', '2026-07-05', '2026-09-20', '2026-09-27'].map((Week, i) => ({
        Week,
        Orders: 100 + i,
      })),
      columns: [col('Week', 'time', 'date'), col('Orders', 'measure')],
      chart: [{ chart: { type: 'bar' }, x: 'Week', y: ['Orders'] }],
      query: semantic('week'),
      period: { from: '2026-07-01', to: '2026-09-30', label: 'last quarter', partial: false },
    });
    const { x, series: s } = build({ ...quarter, chart: [quarter.chart[0]] }, 'bar', 'en-US');
    expect(x.data).toEqual([
      'Jun 28, 2026 (partial)',
      'Jul 5, 2026',
      'Sep 20, 2026',
      'Sep 27, 2026 (partial)',
    ]);
    expect(s[0].data[0]).toMatchObject({ itemStyle: { borderType: 'dashed' } });
    expect(s[0].data[1]).toBe(101);
    expect(bucketState(quarter, '2026-06-28', 'first')).toBe('partial');
    expect(bucketState(quarter, '2026-09-27', 'last')).toBe('partial');
    expect(bucketState(quarter, '2026-09-20', 'last')).toBeNull();
    // Lines: both ends dashed on one helper series, the solid line between them.
    const line = build({ ...quarter, chart: [{ ...quarter.chart[0], chart: { type: 'line' } }] }, 'line');
    expect(line.series[0].data).toEqual([null, 101, 102, null]);
    expect(line.series[1].data).toEqual([100, 101, 102, 103]);
  });
  it('knows a running week from a finished one', () => {
    const card = series(['2026-11-02', '2026-11-09', '2026-11-16'], 'week', true);
    expect(bucketEnd('2026-11-16', 'week')).toBe('2026-11-22');
    expect(isPartialBucket(card, '2026-11-16')).toBe(true);
    expect(isPartialBucket(card, '2026-11-09')).toBe(false);
    expect(isPartialBucket({ ...card, period: { ...card.period!, partial: false } }, '2026-11-16')).toBe(
      false,
    );
    expect(bucketEnd('2026-02-01', 'month')).toBe('2026-02-28');
    expect(bucketEnd('2026-10-01', 'quarter')).toBe('2026-12-31');
  });
  it('samples long line series with LTTB', () => {
    const long = Array.from({ length: 300 }, (_, i) =>
      new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
    );
    const { series: s } = build(series(long, 'day', false), 'line');
    expect(s[0]).toMatchObject({ type: 'line', sampling: 'lttb' });
  });
});

// --- pivots ---
const channels = (n: number) =>
  Array.from({ length: n }, (_, i) => `Channel ${String.fromCharCode(65 + (i % 26))}${i}`);
const weeks = ['2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26'];
const timeByDimension = (n: number, format: TCardColumn['format'] = 'currency', measure = 'Revenue') =>
  makeCard({
    table: weeks.flatMap((Week, w) =>
      channels(n).map((Channel, i) => ({ Week, Channel, [measure]: (n - i) * 1000 + w })),
    ),
    columns: [col('Week', 'time', 'date'), col('Channel', 'dimension'), col(measure, 'measure', format)],
    chart: [
      { chart: { type: 'bar', stacked: true }, x: 'Week', y: [measure] },
      { chart: { type: 'line' }, x: 'Week', y: [measure] },
      { chart: { type: 'area', stacked: true }, x: 'Week', y: [measure] },
    ],
    query: semantic('week'),
  });

describe('time × dimension', () => {
  it('pivots 6 channels into 6 stacked series over 4 weeks, with a legend', () => {
    const card = timeByDimension(6);
    expect(chartShape(card, card.chart[0])).toEqual({ kind: 'pivot', series: 'Channel' });
    const { series: s, x, legend } = build(card, 'bar-stacked');
    expect(x.data).toEqual(['Oct 5, 2026', 'Oct 12, 2026', 'Oct 19, 2026', 'Oct 26, 2026']);
    expect(s).toHaveLength(6);
    expect(s.every((v) => v.stack === 'total' && v.data.length === 4)).toBe(true);
    expect(legend.data).toEqual(channels(6));
  });
  it('draws one line per value, unstacked', () => {
    const { series: s } = build(timeByDimension(6), 'line', 'en-US', timeByDimension(6).chart[1]);
    expect(s).toHaveLength(6);
    expect(s.every((v) => v.type === 'line' && v.stack === undefined)).toBe(true);
    expect(s[0].data).toEqual([6000, 6001, 6002, 6003]);
  });
  it('caps 25 series at the top 7 plus a grey "Other" that sums the rest', () => {
    const { series: s } = build(timeByDimension(25), 'bar-stacked');
    expect(s).toHaveLength(MAX_SERIES);
    const other = s.at(-1)!;
    expect(other.name).toBe('Other (18)');
    expect(other.itemStyle).toEqual({ color: OTHER_COLOR });
    // Channels 7…24 hold (25 − i) × 1000 in week one: 18 000 + … + 1 000.
    expect(other.data[0]).toBe(171_000);
  });
  it('never sums rates into "Other" or stacks them', () => {
    const { series: s } = build(timeByDimension(25, 'percent', 'Conversion Rate'), 'bar-stacked');
    expect(s).toHaveLength(MAX_SERIES);
    expect(s.some((v) => String(v.name).startsWith('Other'))).toBe(false);
    expect(s.every((v) => v.stack === undefined)).toBe(true);
  });
});

describe('two dimensions without time', () => {
  const regions = ['Americas', 'EMEA', 'APAC'];
  const card = makeCard({
    table: regions.flatMap((Region, r) =>
      ['Consumer', 'SMB', 'Enterprise'].map((Segment, s) => ({
        Region,
        Segment,
        Orders: (r + 1) * 100 + s * 10,
      })),
    ),
    columns: [col('Region', 'dimension'), col('Segment', 'dimension'), col('Orders', 'measure')],
    chart: [{ chart: { type: 'bar', stacked: true }, x: 'Region', y: ['Orders'] }],
  });
  it('pivots the second dimension into stacked series, the largest category first', () => {
    const { series: s, x } = build(card, 'bar-stacked');
    expect(x.data).toEqual(['APAC', 'EMEA', 'Americas']);
    expect(s.map((v) => v.name)).toEqual(['Enterprise', 'SMB', 'Consumer']);
    expect(s[0].data).toEqual([320, 220, 120]);
  });
});

describe('one number against its comparison', () => {
  const card = makeCard({
    table: [{ Orders: 41_230, Previous_Orders: 38_100, Orders__change: 8.22 }],
    columns: [
      col('Orders', 'measure'),
      col('Previous_Orders', 'measure'),
      col('Orders__change', 'measure', 'percent'),
    ],
    chart: [{ chart: { type: 'bar' }, x: 'Orders', y: ['Orders', 'Previous_Orders'] }],
    period: {
      from: '2026-10-01',
      to: '2026-10-31',
      label: 'last month',
      partial: false,
      comparison: { from: '2026-09-01', to: '2026-09-30' },
    },
  });
  it('names the bars by their periods, never by the value', () => {
    const { x, series: s } = build(card, 'bar');
    expect(chartShape(card, card.chart[0])).toEqual({ kind: 'periods' });
    expect(plain(x.data)).toEqual(['Oct 1 – 31, 2026', 'Sep 1 – 30, 2026']);
    expect(s[0].data.map((d) => (d as { value: number }).value)).toEqual([41_230, 38_100]);
    expect(plain(build(card, 'bar', 'en-GB').x.data)[0]).toBe('1 – 31 Oct 2026');
  });
  it('falls back to the column labels without a period', () => {
    const { x } = build({ ...card, period: undefined }, 'bar');
    expect(x.data).toEqual(['Orders', 'Previous Orders']);
  });
});

describe('one number format on the value axis', () => {
  it('uses one compact unit for money and no decimals for counts', () => {
    const money = build(byDimension(names(3)), 'bar').y;
    expect(ticks(money)).toEqual(['$0', '$5K', '$10K', '$15K', '$20K', '$25K', '$30K', '$35K']);
    const counts = build(series(days(5), 'day', false), 'bar').y;
    expect(ticks(counts).every((t) => !t.includes('.'))).toBe(true);
  });
  it('writes rates as percentages in the locale', () => {
    const card = timeByDimension(3, 'percent', 'Conversion Rate');
    const rates = {
      ...card,
      table: card.table.map((r) => ({ ...r, 'Conversion Rate': (r['Conversion Rate'] as number) / 100_000 })),
    };
    // Up to 3 %: steps of half a percent, every tick with one decimal.
    expect(ticks(build(rates, 'line', 'tr', rates.chart[1]).y).slice(0, 3)).toEqual(['%0,0', '%0,5', '%1,0']);
    expect(ticks(build(rates, 'line', 'en-GB', rates.chart[1]).y)[1]).toBe('0.5%');
  });
});

describe('compact charts (a narrow card in a collection)', () => {
  const compact: ChartSize = { compact: true };
  it('draws a wide chart as a full one, its labels sharing the width, and compact below 360 × 200 px', () => {
    const card = byDimension(names(5));
    const wide = build(card, 'bar', 'en-US', card.chart[0], { width: 900, height: 400 });
    const full = build(card, 'bar');
    // Formatters are closures: the options are compared as JSON.
    expect(JSON.stringify(wide.legend)).toBe(JSON.stringify(full.legend));
    expect(JSON.stringify(wide.y)).toBe(JSON.stringify(full.y));
    expect(wide.x.axisLabel).toMatchObject({ interval: 0, width: Math.floor((900 - 64) / 5 - 6) });
    expect(wide.x.axisLabel).not.toHaveProperty('rotate');
    expect(build(card, 'bar', 'en-US', card.chart[0], { width: 185 }).legend).toEqual({ show: false });
    expect(build(card, 'bar', 'en-US', card.chart[0], { width: 600, height: 150 }).legend).toEqual({
      show: false,
    });
  });
  it('hides the legend and tilts, thins and shortens the labels of vertical bars', () => {
    const card = byDimension(names(6));
    const { x, legend, option } = build(card, 'bar', 'en-US', card.chart[0], compact);
    expect(legend).toEqual({ show: false });
    expect((option.grid as { top: number }).top).toBe(12);
    expect(x.axisLabel).toMatchObject({ rotate: 45, interval: 'auto', hideOverlap: true, width: 56 });
    // Three short labels stay level, every one shown, sharing the width; longer ones tilt.
    const few = byDimension(['EMEA', 'Amer', 'APAC']);
    const level = build(few, 'bar', 'en-US', few.chart[0], { width: 185 }).x.axisLabel;
    expect(level).not.toHaveProperty('rotate');
    expect(level).toMatchObject({ interval: 0, width: 42, overflow: 'truncate' });
    const longer = byDimension(['EMEA', 'Americas Region', 'APAC']);
    const tilted = build(longer, 'bar', 'en-US', longer.chart[0], { width: 185 }).x.axisLabel;
    expect(tilted).toMatchObject({ rotate: 45, interval: 0, hideOverlap: true });
  });
  it('gives horizontal bar labels less room and scrolls sooner', () => {
    const card = byDimension(names(12));
    const { y, option } = build(card, 'bar', 'en-US', card.chart[0], compact);
    expect(y.type).toBe('category');
    expect(y.axisLabel).toMatchObject({ width: 64, interval: 0 });
    expect(option.dataZoom).toMatchObject([{ endValue: COMPACT_VISIBLE_BARS - 1 }]);
  });
  it('keeps the pie in the middle without a legend covering it, with short labels', () => {
    const card = byDimension(['A very long region name', 'Americas', 'APAC']);
    const { option, legend } = build(card, 'donut', 'en-US', card.chart[0], compact);
    const [pie] = option.series as {
      center: unknown;
      radius: unknown;
      label: { formatter: (p: unknown) => string };
    }[];
    expect(legend).toEqual({ show: false });
    expect(pie.center).toEqual(['50%', '50%']);
    expect(pie.radius).toEqual(['30%', '50%']);
    expect(pie.label.formatter({ name: 'A very long region name', percent: 50 })).toBe('A very lo…\n50%');
    const many = byDimension(names(14));
    const [merged] = build(many, 'pie', 'en-US', many.chart[0], compact).option.series as {
      data: { name: string }[];
    }[];
    expect(merged.data).toHaveLength(COMPACT_PIE_SLICES);
    expect(merged.data.at(-1)).toMatchObject({ name: 'Other' });
  });
  it('hides the legend of a time series too, the tooltip still naming each series', () => {
    const card = series(days(10), 'day', false);
    const { legend, series: drawn } = build(card, 'line', 'en-US', card.chart[0], compact);
    expect(legend).toEqual({ show: false });
    expect(drawn.map((s) => s.name)).toHaveLength(2);
  });
});

describe('chartViewType', () => {
  it('names a stacked bar bar-stacked, unless its measure is a rate', () => {
    const spec = { chart: { type: 'bar' as const, stacked: true }, x: 'Region', y: ['Rate'] };
    expect(chartViewType(spec)).toBe('bar-stacked');
    expect(chartViewType(spec, { columns: [col('Rate', 'measure', 'percent')] })).toBe('bar');
    expect(chartViewType({ chart: { type: 'pie' }, x: 'Region', y: ['Revenue'] })).toBe('pie');
  });
});
