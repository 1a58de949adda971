import type { TCard } from '@parley/contract';
import { buildChartOption, type ChartOption, chartViewType } from '@parley/presenter';
import { describe, expect, it } from 'vitest';
import { pageChart, pagePieces } from './page-chart';

// Text measured as 7 px per character at 12 px: enough to decide levels, tilts and rows.
const measure = (text: string, fontSize: number) => (text.length * 7 * fontSize) / 12;
const PAGE = { width: 672, maxHeight: 620, fontFamily: 'PdfFont', measure };

function cardOf(x: { key: string; kind: 'dimension' | 'time' }, labels: string[]): TCard {
  return {
    title: 'Revenue',
    text: '',
    date: '2026-11-20T12:00:00Z',
    table: labels.map((label, i) => ({ [x.key]: label, Revenue: 1000 * (labels.length - i) })),
    columns: [
      { key: x.key, label: x.key, kind: x.kind, format: x.kind === 'time' ? 'date' : 'number' },
      { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
    ],
    chart: [{ chart: { type: x.kind === 'time' ? 'line' : 'bar' }, x: x.key, y: ['Revenue'] }],
    insights: [],
  };
}

function optionOf(card: TCard): ChartOption {
  const spec = card.chart[0];
  return buildChartOption({
    card,
    spec,
    view: chartViewType(spec, card),
    locale: 'en-US',
    otherLabel: 'Other',
    previousLabel: 'Previous',
  });
}

const countries = Array.from({ length: 40 }, (_, i) => `Country ${i + 1}`);
const months = Array.from({ length: 18 }, (_, i) => {
  const d = new Date(Date.UTC(2025, 5 + i, 1));
  return d.toISOString().slice(0, 10);
});

describe('a chart redrawn for a page', () => {
  it('draws every bar of a scrolling chart: no slider, every label, the page’s font, nothing moving', () => {
    const option = optionOf(cardOf({ key: 'Country', kind: 'dimension' }, countries));
    expect(option.dataZoom).toBeDefined();
    const page = pageChart({ ...PAGE, option });
    expect(page.option.dataZoom).toBeUndefined();
    expect(page.option.tooltip).toBeUndefined();
    expect(page.option.animation).toBe(false);
    expect(page.option.textStyle).toMatchObject({ fontFamily: 'PdfFont' });
    const axis = page.option.yAxis as { data: string[]; axisLabel: Record<string, unknown> };
    expect(axis.data).toHaveLength(40);
    expect(axis.axisLabel).toMatchObject({ interval: 0, hideOverlap: false });
    // Forty rows fill about the page's room; their labels shrink to the row height.
    expect(page.height).toBeGreaterThan(PAGE.maxHeight - 40);
    expect(axis.axisLabel.fontSize).toBeLessThan(12);
    expect((page.option.grid as { right: number }).right).toBe(16);
  });

  it('goes on over further pages with 150 categories: each drawn once, readable, none over another', () => {
    const names = Array.from({ length: 150 }, (_, i) => `Distribution territory number ${i + 1}`);
    const page = pageChart({
      ...PAGE,
      option: optionOf(cardOf({ key: 'Territory', kind: 'dimension' }, names)),
    });
    // Under a long title that wraps, less is left of the first page than of the next ones.
    const first = 480;
    const pieces = pagePieces(page, first, PAGE.maxHeight);
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    const drawn = pieces.flatMap((p) => (p.option.yAxis as { data: string[] }).data);
    expect(drawn).toEqual(names);
    pieces.forEach((p, i) => {
      expect(p.height).toBeLessThanOrEqual(i === 0 ? first : PAGE.maxHeight);
      const label = (p.option.yAxis as { axisLabel: { fontSize: number; formatter?: unknown } }).axisLabel;
      // A row holds one line of its name: the text is no taller than the row.
      expect(label.fontSize).toBeGreaterThanOrEqual(10);
      expect(label.fontSize * 1.2).toBeLessThanOrEqual(p.rows!.slot);
      expect(label.formatter).toBeUndefined();
      // Each piece's bars are its own categories' values, on the same value axis.
      const bars = (p.option.series as { data: unknown[] }[])[0].data;
      expect(bars).toHaveLength((p.option.yAxis as { data: string[] }).data.length);
      expect(p.option.xAxis).toEqual(page.option.xAxis);
    });
  });

  it('starts on the next page when the first has room for only a few rows', () => {
    const names = Array.from({ length: 60 }, (_, i) => `Region ${i + 1}`);
    const page = pageChart({
      ...PAGE,
      option: optionOf(cardOf({ key: 'Region', kind: 'dimension' }, names)),
    });
    const pieces = pagePieces(page, 120, PAGE.maxHeight);
    expect(pieces[0].height).toBeGreaterThan(120);
    expect(pieces.flatMap((p) => (p.option.yAxis as { data: string[] }).data)).toEqual(names);
  });

  it('a few bars keep their size and a chart is never taller than its room', () => {
    const option = optionOf(cardOf({ key: 'Country', kind: 'dimension' }, countries.slice(0, 10)));
    const page = pageChart({ ...PAGE, option });
    expect(page.height).toBeLessThan(PAGE.maxHeight);
    expect((page.option.yAxis as { axisLabel: { fontSize: number } }).axisLabel.fontSize).toBe(12);
  });

  it('draws every month of a long line level, each word on its own line ("Nov" over "2026")', () => {
    const option = optionOf(cardOf({ key: 'Month', kind: 'time' }, months));
    const page = pageChart({ ...PAGE, option });
    const axis = page.option.xAxis as { data: string[]; axisLabel: Record<string, unknown> };
    expect(axis.data).toHaveLength(18);
    expect(axis.axisLabel.hideOverlap).toBeUndefined();
    expect(axis.axisLabel).toMatchObject({ interval: 0, rotate: 0, overflow: 'break' });
    // Narrower than "Jun 2025", wider than "2025": the words break onto two lines.
    expect(axis.axisLabel.width).toBeLessThan(measure('Jun 2025', 12));
    expect(axis.axisLabel.width).toBeGreaterThan(measure('2025', 12));
  });

  it('tilts long one-word names that do not fit side by side', () => {
    const names = Array.from({ length: 20 }, (_, i) => `Subscription${i}`);
    const card = cardOf({ key: 'Plan', kind: 'dimension' }, names);
    card.chart = [{ chart: { type: 'line' }, x: 'Plan', y: ['Revenue'] }];
    const page = pageChart({ ...PAGE, option: optionOf(card) });
    expect((page.option.xAxis as { axisLabel: Record<string, unknown> }).axisLabel).toMatchObject({
      interval: 0,
      rotate: 45,
    });
    expect(page.height).toBeGreaterThan(380);
  });

  it('draws level labels when they fit, and every n-th (with the last) when even upright ones crowd', () => {
    const few = pageChart({
      ...PAGE,
      option: optionOf(cardOf({ key: 'Month', kind: 'time' }, months.slice(0, 4))),
    });
    expect((few.option.xAxis as { axisLabel: Record<string, unknown> }).axisLabel).toMatchObject({
      interval: 0,
      rotate: 0,
    });
    const days = Array.from({ length: 120 }, (_, i) =>
      new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
    );
    const crowded = pageChart({ ...PAGE, option: optionOf(cardOf({ key: 'Day', kind: 'time' }, days)) });
    const label = (
      crowded.option.xAxis as { axisLabel: { rotate: number; interval: (i: number) => boolean } }
    ).axisLabel;
    expect(label.rotate).toBe(90);
    const shown = days.map((_, i) => label.interval(i)).filter(Boolean).length;
    expect(shown).toBeGreaterThan(10);
    expect(shown).toBeLessThan(120);
    expect(label.interval(119)).toBe(true);
    expect(label.interval(0)).toBe(true);
  });

  it('lays the legend out in full rows above the plot', () => {
    const option: ChartOption = {
      grid: { top: 36, left: 8, right: 28, bottom: 8 },
      legend: { type: 'scroll', data: Array.from({ length: 8 }, (_, i) => `A long series name ${i}`) },
      xAxis: { type: 'category', data: ['a', 'b'] },
      yAxis: { type: 'value' },
      series: [],
    };
    const page = pageChart({ ...PAGE, option });
    expect(page.option.legend).toMatchObject({ type: 'plain' });
    expect((page.option.grid as { top: number }).top).toBeGreaterThan(36);
  });

  it('keeps a pie whole at the page’s width', () => {
    const page = pageChart({
      ...PAGE,
      option: { legend: { type: 'scroll', orient: 'vertical' }, series: [{ type: 'pie' }] },
    });
    expect(page).toMatchObject({ width: 672, height: 380, option: { legend: { type: 'plain' } } });
  });
});
