/** Category names fit the room the chart has; what a chart leaves out of sight is counted for the card. */
import type { TCard, TCardColumn, TCardRow } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import {
  buildChartOption,
  type ChartOptionInput,
  type ChartSize,
  type ChartViewType,
  categoryLabels,
  chartNotes,
  MAX_VISIBLE_BARS,
  visibleBars,
  wrapLabel,
} from '.';

const measure = (key: string): TCardColumn => ({
  key,
  label: key,
  kind: 'measure',
  format: 'currency',
  additive: true,
});
const dim = (key: string): TCardColumn => ({ key, label: key, kind: 'dimension', format: 'number' });
const long = (n: number) => Array.from({ length: n }, (_, i) => `Northern Distribution Territory ${i + 1}`);

function card(table: TCardRow[], columns: TCardColumn[], chart: TCard['chart']): TCard {
  return { title: 'A card', text: '', date: '2026-11-20T10:00:00Z', table, columns, chart, insights: [] };
}
const byName = (labels: string[], type: 'bar' | 'line' = 'bar') =>
  card(
    labels.map((Name, i) => ({ Name, Revenue: 100 * (labels.length - i) })),
    [dim('Name'), measure('Revenue')],
    [{ chart: { type }, x: 'Name', y: ['Revenue'] }],
  );

function input(c: TCard, view: ChartViewType, size?: ChartSize): ChartOptionInput {
  return {
    card: c,
    spec: c.chart[0],
    view,
    locale: 'en-US',
    otherLabel: 'Other',
    previousLabel: 'Previous',
    size,
  };
}
const axisLabel = (c: TCard, view: ChartViewType, size: ChartSize, axis: 'xAxis' | 'yAxis') =>
  (buildChartOption(input(c, view, size))[axis] as { axisLabel: Record<string, unknown> }).axisLabel;

describe('wrapLabel', () => {
  it('wraps at word breaks onto two lines and cuts what is left with …', () => {
    expect(wrapLabel('Home and Kitchen', 10)).toBe('Home and\nKitchen');
    expect(wrapLabel('Northern Distribution Territory 12', 14)).toBe('Northern\nDistribution…');
    expect(wrapLabel('Short', 10)).toBe('Short');
    expect(wrapLabel('Supercalifragilistic', 8)).toBe('Superca…');
  });
});

describe('names under the plot follow the width', () => {
  it('keeps level names that fit their share, and tilts and thins long ones on a narrow chart', () => {
    const few = byName(['North', 'South', 'East']);
    expect(axisLabel(few, 'bar', { width: 900, height: 300 }, 'xAxis')).toMatchObject({ interval: 0 });
    expect(axisLabel(few, 'bar', { width: 900, height: 300 }, 'xAxis')).not.toHaveProperty('rotate');
    const many = byName(long(20), 'line');
    const wide = axisLabel(many, 'line', { width: 1200, height: 300 }, 'xAxis');
    const narrow = axisLabel(many, 'line', { width: 340, height: 300 }, 'xAxis');
    expect(wide).toMatchObject({ rotate: 45, hideOverlap: true, interval: 0, overflow: 'truncate' });
    // 20 names in about 276 px: one in two or three is shown, tilted.
    expect(narrow).toMatchObject({ rotate: 45, hideOverlap: true });
    expect(narrow.interval as number).toBeGreaterThanOrEqual(1);
  });

  it('wraps a few two-word names onto two lines when a share of the width holds the longest word', () => {
    const c = byName(['Home and Garden', 'Sports and Golf', 'Toys and Games']);
    const label = axisLabel(c, 'bar', { width: 360, height: 300 }, 'xAxis');
    expect(label).not.toHaveProperty('rotate');
    expect((label.formatter as (v: string) => string)('Sports and Golf')).toBe('Sports and\nGolf');
  });

  it('keeps the fixed room without a known width', () => {
    expect(categoryLabels({ labels: ['A', 'B'], horizontal: false, compact: false })).toMatchObject({
      interval: 0,
      width: 96,
    });
  });
});

describe('names beside horizontal bars', () => {
  it('get a share of the width, and two lines in the tall detail view', () => {
    const c = byName(long(12));
    const card300 = axisLabel(c, 'bar', { width: 360, height: 276 }, 'yAxis');
    expect(card300).toMatchObject({ width: 108, overflow: 'truncate' });
    expect(card300).not.toHaveProperty('formatter');
    // The detail view gives names two fifths of its width: these fit on one line, whole.
    const detail = axisLabel(c, 'bar', { width: 700, height: 500 }, 'yAxis');
    expect(detail.width).toBe(280);
    expect(detail).not.toHaveProperty('formatter');
  });

  it('show a 60-character name whole in a wide detail view, on as many lines as its row holds', () => {
    const name = 'Enterprise Cloud Infrastructure Platform Annual Subscription X1';
    const c = byName([name, ...long(11)]);
    const detail = axisLabel(c, 'bar', { width: 1150, height: 560 }, 'yAxis');
    expect(detail.width).toBe(460);
    const shown = (detail.formatter as ((v: string) => string) | undefined)?.(name) ?? name;
    expect(shown).not.toContain('…');
    expect(shown.replace(/\n/g, ' ')).toBe(name);
    // Each line fits the room, measured as ECharts would cut it.
    for (const line of shown.split('\n')) expect(line.length * 12 * 0.55).toBeLessThanOrEqual(460);
  });

  it('scroll after as many rows as the height holds', () => {
    expect(visibleBars(undefined, false)).toBe(MAX_VISIBLE_BARS);
    expect(visibleBars({ width: 400, height: 500 }, false)).toBe(MAX_VISIBLE_BARS);
    expect(visibleBars({ width: 400, height: 200 }, false)).toBe(10);
    // A phone's card is narrow but as tall as any: it shows as many rows as fit, not a tiny card's six.
    expect(visibleBars({ width: 330, height: 250 }, true)).toBe(10);
    expect(visibleBars({ width: 185, height: 140 }, true)).toBe(5);
  });
});

describe('chartNotes: what is out of sight', () => {
  it('counts the names past the scroll', () => {
    const c = byName(long(20));
    expect(chartNotes(input(c, 'bar', { width: 800, height: 300 }))).toEqual([
      { kind: 'scroll', shown: 15, total: 20 },
    ]);
    expect(chartNotes(input(byName(long(10)), 'bar', { width: 800, height: 300 }))).toEqual([]);
  });

  it('counts pivoted values left out (rates) or merged into Other (sums), and slices merged', () => {
    const rows = (m: string) =>
      Array.from({ length: 12 }, (_, i) => ({ Month: '2026-01-01', Channel: `Channel ${i}`, [m]: 12 - i }));
    const columns = (m: TCardColumn) => [
      { ...dim('Month'), kind: 'time' as const, format: 'date' as const },
      dim('Channel'),
      m,
    ];
    const spec = (m: string) => [{ chart: { type: 'line' as const }, x: 'Month', y: [m] }];
    const sums = card(rows('Revenue'), columns(measure('Revenue')), spec('Revenue'));
    expect(chartNotes(input(sums, 'line'))).toEqual([{ kind: 'other', shown: 7, total: 12 }]);
    const rate = { ...measure('Conversion Rate'), format: 'percent' as const, additive: false };
    const rates = card(rows('Conversion Rate'), columns(rate), spec('Conversion Rate'));
    expect(chartNotes(input(rates, 'line'))).toEqual([{ kind: 'top', shown: 8, total: 12 }]);
    const pie = byName(long(14));
    expect(chartNotes(input(pie, 'pie'))).toEqual([{ kind: 'other', shown: 9, total: 14 }]);
  });
});

describe('a stacked chart always has a legend', () => {
  it('keeps a small legend on a compact stacked chart, and none on a compact single series', () => {
    const table = ['2026-01-01', '2026-02-01'].flatMap((Month) =>
      ['Web', 'Store'].map((Channel, i) => ({ Month, Channel, Revenue: 10 + i })),
    );
    const stacked = card(
      table,
      [{ ...dim('Month'), kind: 'time', format: 'date' }, dim('Channel'), measure('Revenue')],
      [{ chart: { type: 'bar', stacked: true }, x: 'Month', y: ['Revenue'] }],
    );
    const option = buildChartOption(input(stacked, 'bar-stacked', { width: 185, height: 150 }));
    expect(option.legend).toMatchObject({ type: 'scroll', data: ['Store', 'Web'] });
    expect((option.series as { stack?: string }[]).every((s) => s.stack === 'total')).toBe(true);
    const single = buildChartOption(input(byName(['A', 'B']), 'bar', { width: 185, height: 150 }));
    expect(single.legend).toEqual({ show: false });
  });
});

describe('names around a pie follow the width', () => {
  const name = 'Northern Distribution Territory and Islands';
  const pieLabel = (size?: ChartSize) => {
    const series = (
      buildChartOption(input(byName([name, 'South']), 'pie', size)).series as {
        label: { formatter: (p: { name: string; percent: number }) => string };
      }[]
    )[0];
    return series.label.formatter({ name, percent: 60 }).split('\n').slice(0, -1).join(' ');
  };
  it('are whole on a wide chart (the detail view) and cut on a small one', () => {
    expect(pieLabel({ width: 1150, height: 560 })).toBe(name);
    expect(pieLabel({ width: 185, height: 150 })).toMatch(/…$/);
  });
});

describe('two periods of one number', () => {
  const periods = card(
    [{ Revenue: 36_620_792, Previous_Revenue: 30_118_455 }],
    [measure('Revenue'), measure('Previous_Revenue')],
    [{ chart: { type: 'bar' }, x: 'Revenue', y: ['Revenue', 'Previous_Revenue'] }],
  );
  periods.period = {
    from: '2026-10-01',
    to: '2026-10-31',
    label: 'last month',
    partial: false,
    comparison: { from: '2026-09-01', to: '2026-09-30' },
  };
  const valueLabel = (size: ChartSize) => {
    const option = buildChartOption(input(periods, 'bar', size));
    const bars = (option.series as { label: { formatter: (p: { value: unknown }) => string } }[])[0];
    return bars.label.formatter({ value: 36_620_792 });
  };
  it('writes values compactly when a whole one is wider than its bar’s share (a 2×2 collection card)', () => {
    expect(valueLabel({ width: 185, height: 150 })).toBe('$36.6M');
    expect(valueLabel({ width: 900, height: 300 })).toBe('$36,620,792');
  });
  it('fits the period names to the room like every category axis', () => {
    const label = axisLabel(periods, 'bar', { width: 185, height: 150 }, 'xAxis');
    // Two names in about 145 px: each cut to its share, never wider than the slot.
    expect(label).toMatchObject({ interval: 0, overflow: 'truncate' });
    expect(label.width as number).toBeLessThanOrEqual(72);
  });
});
