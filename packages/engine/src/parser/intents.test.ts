/**
 * Drivers ("why did … drop") and forecast ("next quarter") questions become queries with `analysis`
 * for a caller that answers them, and ask back for one that does not.
 */
import type { TSemanticQuery } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { getDemoModel } from '../model/demo-model';
import { parseQuestion } from './parse';

const model = getDemoModel();
const kinds = { drivers: true, forecast: true };
const parse = (phrase: string, withKinds = true) =>
  parseQuestion(phrase, {
    model,
    today: '2026-11-20',
    weekStart: 'monday',
    kinds: withKinds ? kinds : undefined,
  });
const query = (phrase: string): TSemanticQuery => {
  const r = parse(phrase);
  if (r.kind !== 'query') throw new Error(`${phrase}: ${r.text}`);
  return r.query;
};

describe('drivers questions', () => {
  it.each([
    ['why did revenue drop last month', 'revenue', { kind: 'last', unit: 'month', n: 1 }],
    ['what drove orders in Q3', 'orders', { kind: 'quarter', year: 2026, quarter: 3 }],
    ['why are sessions down this week', 'sessions', { kind: 'this', unit: 'week' }],
    ['explain the dip in sessions', 'sessions', { kind: 'last', unit: 'month', n: 1 }],
    ['what caused the increase in revenue in October', 'revenue', { kind: 'month', year: 2026, month: 10 }],
  ])('%s', (phrase, measure, range) => {
    const q = query(phrase);
    expect(q.analysis).toEqual({ kind: 'drivers' });
    expect(q.measures).toEqual([measure]);
    expect(q.dimensions).toEqual([]);
    expect(q.timeDimension?.range).toEqual(range);
    expect(q.compare).toBe('previous_period');
  });

  it('keeps a filter and a named comparison', () => {
    const q = query('why did revenue in EMEA fall vs last year');
    expect(q.filters).toEqual([{ field: 'region', op: 'in', values: ['EMEA'] }]);
    expect(q.compare).toBe('previous_year');
  });

  it('is still a ranking when "drives" asks which one', () => {
    expect(query('which channel drives the most revenue').analysis).toBeUndefined();
  });
});

describe('forecast questions', () => {
  it.each([
    ['forecast revenue next quarter', 'revenue', 'month', 3, 36, 1],
    ['orders next 3 months', 'orders', 'month', 3, 36],
    ['predict sessions for the next 14 days', 'sessions', 'day', 14, 120],
    ['forecast weekly orders next quarter', 'orders', 'week', 13, 104],
    ['revenue forecast next year', 'revenue', 'month', 12, 36, 1],
    ['forecast revenue', 'revenue', 'month', 3, 36],
    ['what will revenue be next month', 'revenue', 'month', 1, 36],
  ])('%s', (phrase, measure, grain, horizon, history, skip?: number) => {
    const q = query(phrase);
    // Today is 2026-11-20: "next quarter" and "next year" start after December.
    expect(q.analysis).toEqual(skip ? { kind: 'forecast', horizon, skip } : { kind: 'forecast', horizon });
    expect(q.measures).toEqual([measure]);
    expect(q.timeDimension?.grain).toBe(grain);
    expect(q.timeDimension?.range).toEqual({ kind: 'last', unit: grain, n: history });
    expect(q.compare).toBeUndefined();
  });
});

describe('without a caller that answers them', () => {
  it.each(['why did revenue drop last month', 'forecast revenue next quarter', 'orders next 3 months'])(
    '%s asks back',
    (phrase) => {
      const r = parse(phrase, false);
      expect(r.kind).toBe('clarify');
      if (r.kind === 'clarify') expect(r.message.key).toBe('kindNotYet');
    },
  );
});
