/**
 * The benches' questions: everyday ones over the demo model and over the demo tables as an
 * introspected PostgreSQL schema, and the soak's endless distinct ones.
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

/** Seven everyday questions on the demo model (answer, throughput and compare benches). */
export const DEMO_QUESTIONS = [
  'revenue by region last month',
  'revenue by region last month vs last year',
  'top 5 products by revenue in 2025',
  'orders by month this year',
  'average order value by channel this quarter',
  'weekly sessions last 8 weeks',
  'conversion rate by device last 30 days',
];

/** The question the benches warm the app with and repeat when one question is enough. */
export const WARM_QUESTION = DEMO_QUESTIONS[0]!;

/** Twenty on the demo model, no two asking the same query (a collection's cards). */
export const COLLECTION_QUESTIONS = [
  ...DEMO_QUESTIONS,
  'revenue by category last quarter',
  'units sold by brand this year',
  'customers by segment last month',
  'refunds by channel last month',
  'gross margin by category in 2025',
  'sessions by channel last week',
  'revenue by country last 3 months',
  'orders by region last year',
  'bounce rate by device this month',
  'pageviews by country last 30 days',
  'revenue by month last 12 months',
  'average order value by region in 2025',
  'conversions by channel this year',
];

/** Everyday questions over the demo tables as an introspected PostgreSQL schema (no hand-written model). */
export const PG_QUESTIONS = [
  'number of orders by region',
  'number of orders by channel last month',
  'total quantity by category',
  'orders by month in 2025',
  'average unit price by brand',
  'total sessions by device last 30 days',
];

/** Of PG_QUESTIONS, the four quickest on PostgreSQL: a load of uncached answers that keeps turning. */
export const PG_QUICK_QUESTIONS = [
  'number of orders by channel last month',
  'total sessions by device last 30 days',
  'orders by month in 2025',
  'number of orders by region',
];

/** Candidates for a 20-card collection on that schema; the first 20 that answer with a card are used. */
export const PG_COLLECTION_CANDIDATES = [
  ...PG_QUESTIONS,
  'number of orders by status',
  'number of customers by segment',
  'number of customers by country',
  'total sessions by channel last week',
  'total pageviews by country this year',
  'total conversions by device last month',
  'total users by channel in 2025',
  'number of orders by region last year',
  'number of products by category',
  'average unit cost by category',
  'total quantity by brand',
  'total bounces by device this month',
  'number of orders by country last 3 months',
  'total sessions by month last 12 months',
  'number of orders by channel in 2025',
  'total discount by category',
  'number of customers by signup month in 2025',
  'total conversions by country last 30 days',
  'average sessions by device',
];

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
