import { describe, expect, it } from 'vitest';
import { parseDemo as parse, queryDemo as query } from './demo-questions.testkit';

const between = (from: string, to: string) => ({ kind: 'between', from, to });
const ALL = { kind: 'all' };

describe('a span whose year is written once: both ends take it, whole months inclusive', () => {
  it.each([
    ['revenue between March and May 2025', '2025-03-01', '2025-05-31'],
    ['revenue from Jan to Mar 2024', '2024-01-01', '2024-03-31'],
    ['revenue March–May 2025', '2025-03-01', '2025-05-31'],
    ['revenue March-May 2025', '2025-03-01', '2025-05-31'],
    ['revenue March to May 2025', '2025-03-01', '2025-05-31'],
    ['revenue between October 2025 and January 2026', '2025-10-01', '2026-01-31'],
    // The year written on the end of a span crossing New Year: December 2024 – February 2025.
    ['revenue from December to February 2025', '2024-12-01', '2025-02-28'],
    ['revenue from November 2025 to February', '2025-11-01', '2026-02-28'],
    ['revenue from March 2025 to May', '2025-03-01', '2025-05-31'],
    ['revenue between 1 March and 15 May 2025', '2025-03-01', '2025-05-15'],
    ['revenue from jan 5 to feb 10 2025', '2025-01-05', '2025-02-10'],
    ['revenue between Feb and Apr 2024', '2024-02-01', '2024-04-30'],
    // No year at all: the latest such span ending on or before today.
    ['revenue from November to February', '2025-11-01', '2026-02-28'],
    ['revenue between March and May', '2026-03-01', '2026-05-31'],
  ])('%s', (phrase, from, to) => {
    expect(query(phrase)).toEqual({
      measures: ['revenue'],
      dimensions: [],
      filters: [],
      timeDimension: { field: 'order_date', range: between(from, to) },
    });
  });

  it('keeps the rest of the question', () => {
    expect(query('monthly revenue in Germany between March and May 2025')).toEqual({
      measures: ['revenue'],
      dimensions: [],
      filters: [{ field: 'country', op: 'in', values: ['Germany'] }],
      timeDimension: { field: 'order_date', grain: 'month', range: between('2025-03-01', '2025-05-31') },
    });
  });

  it.each([
    // Both years written, end before start: never silently swapped.
    'revenue from March 2026 to January 2025',
    'revenue between October 2026 and January 2025',
    // Two bare month names with no year and no connector are not a span.
    'revenue march may',
  ])('%s asks', (phrase) => {
    expect(parse(phrase).kind).toBe('clarify');
  });
});

describe('comparisons written out', () => {
  it.each([
    [
      'revenue last month compared to the month before',
      'revenue',
      { kind: 'last', unit: 'month', n: 1 },
      'previous_period',
    ],
    [
      'revenue last month vs the month before',
      'revenue',
      { kind: 'last', unit: 'month', n: 1 },
      'previous_period',
    ],
    [
      'orders this quarter vs the quarter before',
      'orders',
      { kind: 'this', unit: 'quarter' },
      'previous_period',
    ],
    [
      'revenue last quarter vs the quarter before that',
      'revenue',
      { kind: 'last', unit: 'quarter', n: 1 },
      'previous_period',
    ],
    [
      'revenue last week compared with the week before',
      'revenue',
      { kind: 'last', unit: 'week', n: 1 },
      'previous_period',
    ],
    [
      'revenue this month vs the previous month',
      'revenue',
      { kind: 'this', unit: 'month' },
      'previous_period',
    ],
    [
      'revenue last month vs the previous month',
      'revenue',
      { kind: 'last', unit: 'month', n: 1 },
      'previous_period',
    ],
    [
      'sessions last 7 days vs the previous 7 days',
      'sessions',
      { kind: 'last', unit: 'day', n: 7 },
      'previous_period',
    ],
    [
      'sessions last 7 days compared to the prior 7 days',
      'sessions',
      { kind: 'last', unit: 'day', n: 7 },
      'previous_period',
    ],
    [
      'orders last 3 months vs the 3 months before',
      'orders',
      { kind: 'last', unit: 'month', n: 3 },
      'previous_period',
    ],
    [
      'revenue in Q3 vs the same quarter last year',
      'revenue',
      { kind: 'quarter', year: 2026, quarter: 3 },
      'previous_year',
    ],
    [
      'revenue in Q3 2025 compared to the same quarter last year',
      'revenue',
      { kind: 'quarter', year: 2025, quarter: 3 },
      'previous_year',
    ],
    [
      'revenue March 2025 vs the same month last year',
      'revenue',
      { kind: 'month', year: 2025, month: 3 },
      'previous_year',
    ],
  ])('%s', (phrase, measure, range, compare) => {
    expect(query(phrase)).toEqual({
      measures: [measure],
      dimensions: [],
      filters: [],
      compare,
      timeDimension: { field: measure === 'sessions' ? 'date' : 'order_date', range },
    });
  });

  it('a month compared with the quarter before it keeps the named unit', () => {
    expect(query('revenue last month vs the previous quarter').compare).toBe('previous_quarter');
  });

  it('spans of different lengths are two periods: asks', () => {
    expect(parse('sessions last 7 days vs the previous 30 days').kind).toBe('clarify');
  });
});

describe('a value filter stays beside a grain or a second dimension', () => {
  const DE = { field: 'country', op: 'in', values: ['Germany'] };
  const EMEA = { field: 'region', op: 'in', values: ['EMEA'] };
  it.each([
    ['monthly revenue in Germany', [], 'month', [DE]],
    ['revenue in Germany by month', [], 'month', [DE]],
    ['revenue by month in germany', [], 'month', [DE]],
    ['germany revenue by month', [], 'month', [DE]],
    ['quarterly revenue in EMEA', [], 'quarter', [EMEA]],
    ['revenue by channel for EMEA by month', ['channel'], 'month', [EMEA]],
    ['monthly revenue by channel in EMEA', ['channel'], 'month', [EMEA]],
    ['revenue in Germany by category and month', ['category'], 'month', [DE]],
    ['revenue in germany by channel and month', ['channel'], 'month', [DE]],
    ['revenue by channel and month in germany', ['channel'], 'month', [DE]],
    ['revenue by category and week for germany', ['category'], 'week', [DE]],
    ['revenue in germany by month and category', ['category'], 'month', [DE]],
    ['revenue in Germany by week and channel', ['channel'], 'week', [DE]],
    ['revenue in EMEA by country and month', ['country'], 'month', [EMEA]],
    ['orders in EMEA by month and region', ['region'], 'month', [EMEA]],
    ['weekly sessions from mobile', [], 'week', [{ field: 'device', op: 'in', values: ['mobile'] }]],
    [
      'monthly revenue for enterprise customers in germany',
      [],
      'month',
      [{ field: 'segment', op: 'in', values: ['Enterprise'] }, DE],
    ],
  ])('%s', (phrase, dimensions, grain, filters) => {
    const q = query(phrase);
    const measure = q.measures[0];
    expect(q).toEqual({
      measures: [measure],
      dimensions,
      filters,
      timeDimension: { field: measure === 'sessions' ? 'date' : 'order_date', grain, range: ALL },
    });
  });

  it('keeps the filter in follow-ups that add a grain or a dimension', () => {
    const de = query('revenue in Germany');
    expect(query('and by month?', de)).toMatchObject({ filters: [DE], timeDimension: { grain: 'month' } });
    expect(query('and by channel and month', de)).toMatchObject({
      dimensions: ['channel'],
      filters: [DE],
      timeDimension: { grain: 'month' },
    });
  });

  it('orders cannot be split by device: "weekly orders from mobile" asks', () => {
    expect(parse('weekly orders from mobile').kind).toBe('clarify');
  });
});
