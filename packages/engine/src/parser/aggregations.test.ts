/** An aggregation the user names applies to the measure's column, or asks back. */
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../compiler/compile';
import { getDemoModel } from '../model/demo-model';
import { parseQuestion } from './parse';

const model = getDemoModel();
const options = { model, today: '2026-11-20', weekStart: 'monday' as const };

describe('named aggregations', () => {
  it.each([
    ['median revenue by region', { measure: 'revenue', fn: 'median' }, ['region']],
    ['90th percentile of revenue', { measure: 'revenue', fn: 'percentile', percentile: 90 }, []],
    ['p95 units sold by channel', { measure: 'units_sold', fn: 'percentile', percentile: 95 }, ['channel']],
    ['the 50th percentile of revenue', { measure: 'revenue', fn: 'median' }, []],
    ['bölgeye göre medyan gelir', { measure: 'revenue', fn: 'median' }, ['region']],
    [
      'kanala göre gelirin 90. yüzdeliği',
      { measure: 'revenue', fn: 'percentile', percentile: 90 },
      ['channel'],
    ],
    ['maximum revenue', { measure: 'revenue', fn: 'max' }, []],
    ['min units sold last year', { measure: 'units_sold', fn: 'min' }, []],
    ['en yüksek gelir', { measure: 'revenue', fn: 'max' }, []],
  ])('%s', (question, aggregation, dimensions) => {
    const parsed = parseQuestion(question, options);
    expect(parsed.kind).toBe('query');
    if (parsed.kind !== 'query') return;
    expect(parsed.query.aggregations).toEqual([aggregation]);
    expect(parsed.query.dimensions).toEqual(dimensions);
  });

  it.each(['median order value', 'median orders', 'medyan sipariş sayısı', 'median'])(
    '%s asks back: a count or a ratio has no median',
    (question) => {
      expect(parseQuestion(question, options).kind).toBe('clarify');
    },
  );

  it('says the aggregation in what it understood and compiles it per dialect', () => {
    const parsed = parseQuestion('median revenue by region', options);
    if (parsed.kind !== 'query') throw new Error(parsed.text);
    expect(parsed.understood).toContain('Median Revenue');
    const compile = (dialect: 'duckdb' | 'postgres' | 'sqlite') =>
      compileQuery(parsed.query, model, { dialect, today: options.today, weekStart: 'monday' });
    expect(compile('duckdb').sql).toContain('median(');
    expect(compile('duckdb').columns.map((c) => c.key)).toContain('Median Revenue');
    expect(compile('postgres').sql).toContain('percentile_cont(0.5) WITHIN GROUP (ORDER BY');
    expect(() => compile('sqlite')).toThrow(/cannot compute a median/);
  });

  it('reads "maximum … by region" as the ranking it was, and "en çok gelir" still asks what to rank', () => {
    const ranked = parseQuestion('maximum revenue by region', options);
    expect(ranked.kind === 'query' && ranked.query).toMatchObject({
      order: { field: 'revenue', dir: 'desc' },
    });
    expect(ranked.kind === 'query' && ranked.query.aggregations).toBeUndefined();
    expect(parseQuestion('en çok gelir', options).kind).toBe('clarify');
  });

  it('keeps the aggregation in a follow-up on the same measure', () => {
    const first = parseQuestion('median revenue', options);
    if (first.kind !== 'query') throw new Error(first.text);
    const next = parseQuestion('and by region', { ...options, previous: first.query });
    expect(next.kind === 'query' && next.query.aggregations).toEqual([{ measure: 'revenue', fn: 'median' }]);
  });
});
