/**
 * The soak bench's questions (soak.bench.ts): phrases over the demo model, never the same twice.
 */
import {
  DEMO_BRANDS,
  DEMO_CATEGORIES,
  DEMO_CHANNELS,
  DEMO_COUNTRIES,
  DEMO_DEVICES,
  DEMO_REGIONS,
  DEMO_SEGMENTS,
  getDemoModel,
  parseQuestion,
} from '@parley/engine';

/**
 * Distinct phrases over the demo model, each one a question the parser answers with a query (a
 * question back would not reach DuckDB or the result cache). The parts turn at different
 * strides, so neighbours differ in most of them; a phrase is never sent twice.
 */
export function* distinctQuestions(): Generator<string> {
  const model = getDemoModel();
  const today = new Date().toISOString().slice(0, 10);
  const measures = [
    'revenue',
    'orders',
    'average order value',
    'units sold',
    'customers',
    'new customers',
    'refunds',
    'gross margin',
    'sessions',
    'users',
    'pageviews',
    'conversions',
    'bounce rate',
    'conversion rate',
  ];
  const breakdowns = [
    '',
    'by region',
    'by country',
    'by channel',
    'by segment',
    'by category',
    'by brand',
    'by product',
    'by device',
    'by month',
    'by week',
    'by day',
    'by quarter',
  ];
  const filters = [
    '',
    ...DEMO_COUNTRIES.map((c) => `in ${c.name}`),
    ...DEMO_REGIONS.map((r) => `in ${r}`),
    ...DEMO_CHANNELS.map((c) => `from ${c}`),
    ...DEMO_CATEGORIES.map((c) => `for ${c}`),
    ...DEMO_BRANDS.map((b) => `for ${b}`),
    ...DEMO_DEVICES.map((d) => `on ${d}`),
    ...DEMO_SEGMENTS.map((s) => `for ${s} customers`),
  ];
  const day = (k: number) => {
    const d = new Date(Date.UTC(2024, 0, 1) + (k % 1000) * 86_400_000);
    return d.toISOString().slice(0, 10);
  };
  const periods = [
    (k: number) => `last ${(k % 360) + 1} days`,
    (k: number) => `last ${(k % 100) + 1} weeks`,
    (k: number) => `last ${(k % 30) + 1} months`,
    (k: number) => `in Q${(k % 4) + 1} ${2024 + (k % 3)}`,
    (k: number) => `since ${day(k)}`,
    (k: number) => `between ${day(k)} and ${day(k + 7 + (k % 90))}`,
  ];
  const seen = new Set<string>();
  for (let i = 0; ; i++) {
    const breakdown = breakdowns[(i * 5) % breakdowns.length]!;
    const ranked = breakdown && !/month|week|day|quarter/.test(breakdown) && i % 3 === 0;
    const phrase = [
      ranked ? `top ${(i % 25) + 2}` : '',
      measures[i % measures.length],
      breakdown,
      filters[(i * 7) % filters.length],
      periods[(i * 11) % periods.length]!(Math.floor(i / 3)),
    ]
      .filter(Boolean)
      .join(' ');
    if (seen.has(phrase)) continue;
    seen.add(phrase);
    if (parseQuestion(phrase, { model, today, weekStart: 'monday' }).kind === 'query') yield phrase;
  }
}
