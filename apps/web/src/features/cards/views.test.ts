import type { TCard } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { buildViews, chartSpecFor, chartViewType, chooseView, isSplitView, stepView } from './views';

const card = (over: Partial<TCard> = {}): TCard => ({
  title: 'Revenue by region',
  text: '<p>Revenue grew.</p>',
  date: '2026-11-20T00:00:00Z',
  table: [{ Region: 'EMEA', Revenue: 1 }],
  columns: [],
  chart: [
    { chart: { type: 'bar' }, x: 'Region', y: ['Revenue'] },
    { chart: { type: 'pie' }, x: 'Region', y: ['Revenue'] },
  ],
  insights: ['<b>EMEA</b> leads'],
  ...over,
});

describe('buildViews', () => {
  it('lists chart types, table, insights; text only below 996 px', () => {
    expect(buildViews(card(), 1280)).toEqual(['bar', 'pie', 'table', 'insights']);
    expect(buildViews(card(), 800)).toEqual(['bar', 'pie', 'table', 'insights', 'text']);
  });
  it('adds the image only with a url and treats stacked bars as bar-stacked', () => {
    const c = card({
      image: { url: 'https://example.com/a.png' },
      chart: [{ chart: { type: 'bar', stacked: true }, x: 'Region', y: ['Revenue'] }],
    });
    expect(buildViews(c, 1280)).toEqual(['bar-stacked', 'table', 'image', 'insights']);
    expect(buildViews(card({ image: { url: '' } }), 1280)).not.toContain('image');
    expect(chartViewType({ chart: { type: 'line' }, x: 'a', y: [] })).toBe('line');
  });
  it('falls back to the text when nothing else exists', () => {
    expect(buildViews(card({ table: [], chart: [], insights: [] }), 1280)).toEqual(['text']);
  });
});

describe('chooseView', () => {
  it('takes the remembered view while the answer has it, else the first', () => {
    expect(chooseView(['bar', 'pie', 'table'], 'pie')).toBe('pie');
    expect(chooseView(['bar', 'table'], 'pie')).toBe('bar');
    expect(chooseView(['bar', 'table'], null)).toBe('bar');
    expect(chooseView([], 'pie')).toBeNull();
  });
});

describe('stepView (next view and the looped carousel)', () => {
  const views = ['bar', 'pie', 'table'] as const;
  it('wraps at both ends', () => {
    expect(stepView(views, 'bar', 1)).toBe('pie');
    expect(stepView(views, 'table', 1)).toBe('bar');
    expect(stepView(views, 'bar', -1)).toBe('table');
  });
  it('starts from the first view when the current one is gone', () => {
    expect(stepView(views, 'donut', 1)).toBe('pie');
    expect(stepView([], 'bar', 1)).toBeNull();
    expect(stepView(['table'], 'table', 1)).toBe('table');
  });
});

describe('next view and split view', () => {
  it('wraps to the first view', () => {
    const views = buildViews(card(), 1280);
    expect(stepView(views, 'bar', 1)).toBe('pie');
    expect(stepView(views, 'insights', 1)).toBe('bar');
  });
  it('splits pie, donut, bar and line above grid width 2', () => {
    expect(isSplitView(3, 'pie')).toBe(true);
    expect(isSplitView(3, 'line')).toBe(true);
    expect(isSplitView(2, 'pie')).toBe(false);
    expect(isSplitView(4, 'table')).toBe(false);
    expect(isSplitView(4, 'area')).toBe(false);
  });
});

describe('pies and donuts only for additive shares', () => {
  const col = (label: string, extra: Partial<TCard['columns'][number]> = {}) => ({
    key: label,
    label,
    kind: 'measure' as const,
    format: 'currency' as const,
    ...extra,
  });
  const slices = (y: ReturnType<typeof col>) =>
    card({
      table: [
        { Region: 'EMEA', [y.key]: 10 },
        { Region: 'APAC', [y.key]: 20 },
      ],
      columns: [{ key: 'Region', label: 'Region', kind: 'dimension', format: 'number' }, y],
      chart: [
        { chart: { type: 'pie' }, x: 'Region', y: [y.key] },
        { chart: { type: 'bar' }, x: 'Region', y: [y.key] },
        { chart: { type: 'donut' }, x: 'Region', y: [y.key] },
      ],
    });

  it('offers a pie and a donut of revenue', () => {
    expect(buildViews(slices(col('Revenue', { additive: true })), 1280)).toEqual([
      'pie',
      'bar',
      'donut',
      'table',
      'insights',
    ]);
  });

  it('offers neither for an average, a rate or a distinct count, even when the card asks for one', () => {
    for (const y of [
      col('Average Order Value', { additive: false }),
      col('Average Order Value'),
      col('Conversion Rate', { format: 'percent' }),
      col('Customers', { format: 'number', additive: false }),
    ]) {
      const c = slices(y);
      const views = buildViews(c, 1280);
      expect(views, y.label).toEqual(['bar', 'table', 'insights']);
      expect(chartSpecFor(c, 'bar')?.y, y.label).toEqual([y.key]);
    }
  });
});
