import type { TSemanticQuery } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { getDemoModel } from '../model/demo-model';
import { parseQuestion } from '../parser/parse';
import { compileQuery } from './compile';
import { SQL_DIALECTS } from './dialect';

const model = getDemoModel();
const options = { today: '2026-11-20', weekStart: 'monday' as const };

const QUERIES: Record<string, TSemanticQuery> = {
  total: { measures: ['revenue'], dimensions: [], filters: [] },
  breakdown: {
    measures: ['revenue', 'average_order_value'],
    dimensions: ['segment'],
    timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
    filters: [{ field: 'country', op: 'in', values: ['Germany', "O'Brien; DROP TABLE x"] }],
    order: { field: 'revenue', dir: 'desc' },
    limit: 5,
  },
  comparisonSeries: {
    measures: ['sessions'],
    dimensions: [],
    timeDimension: { field: 'date', grain: 'week', range: { kind: 'last', unit: 'week', n: 4 } },
    compare: 'previous_year',
    filters: [{ field: 'device', op: 'not_in', values: ['tablet'] }],
  },
  crossFact: {
    measures: ['revenue', 'conversion_rate'],
    dimensions: ['channel'],
    timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'quarter' } },
    compare: 'previous_period',
    filters: [{ field: 'revenue', op: 'gt', values: [1000] }],
  },
};

describe('compileQuery snapshots', () => {
  for (const dialect of SQL_DIALECTS) {
    for (const [name, query] of Object.entries(QUERIES)) {
      it(`${dialect}: ${name}`, () => {
        const { sql, params } = compileQuery(query, model, { dialect, ...options });
        expect({ sql, params }).toMatchSnapshot();
      });
    }
  }

  it('binds every value and quotes identifiers', () => {
    const { sql, params } = compileQuery(QUERIES.breakdown, model, { dialect: 'postgres', ...options });
    expect(sql).not.toContain('Germany');
    expect(sql).not.toContain('DROP');
    expect(params).toContain("O'Brien; DROP TABLE x");
    expect(sql).toContain('"orders"."country" IN ($');
  });

  it('drops a comparison over all data and lets a status breakdown override the measure filter', () => {
    const all = compileQuery(
      {
        measures: ['orders'],
        dimensions: ['status'],
        filters: [],
        compare: 'previous_year',
        timeDimension: { field: 'order_date', range: { kind: 'all' } },
      },
      model,
      { dialect: 'duckdb', ...options },
    );
    expect(all.columns.map((c) => c.key)).toEqual(['Status', 'Orders']);
    expect(all.params).not.toContain('completed');
  });

  describe('questions once answered as a different question (issue 10)', () => {
    const compileQuestion = (phrase: string) => {
      const r = parseQuestion(phrase, { model, ...options });
      if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}"`);
      return compileQuery(r.query, model, { dialect: 'duckdb', ...options });
    };

    it('"EMEA vs APAC" groups by region: one row per value, not one sum', () => {
      const { sql, params, columns, range } = compileQuestion('revenue EMEA vs APAC last month');
      expect(columns.map((c) => c.key)).toEqual(['Region', 'Revenue']);
      expect(sql).toContain('GROUP BY');
      expect(sql).toContain('"orders"."region" IN (');
      expect(params).toEqual(expect.arrayContaining(['EMEA', 'APAC']));
      expect(range).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    });

    it('"revenue per order" divides revenue by orders', () => {
      const { sql, columns } = compileQuestion('revenue per order');
      expect(columns.map((c) => c.key)).toEqual(['Average Order Value']);
      expect(sql).toMatch(/\/ NULLIF\(/);
      expect(sql).toContain('COUNT(DISTINCT');
    });

    it('"top products by revenue" orders descending and keeps ten rows', () => {
      const { sql, params } = compileQuestion('top products by revenue');
      expect(sql).toMatch(/ORDER BY "Revenue" DESC/);
      expect(sql).toContain('LIMIT CAST($2 AS INTEGER)');
      expect(params[1]).toBe(10);
    });
  });

  describe('a top N reads the whole total beside its rows', () => {
    const top5: TSemanticQuery = {
      measures: ['revenue', 'average_order_value'],
      dimensions: ['country'],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'year', n: 1 } },
      filters: [],
      order: { field: 'revenue', dir: 'desc' },
      limit: 5,
    };

    it('sums every group of the aggregate, before the limit, for measures that add up', () => {
      const { sql, columns } = compileQuery(top5, model, { dialect: 'postgres', ...options });
      expect(sql).toContain(
        'AS "Average Order Value", (SELECT SUM(COALESCE("m0", 0)) FROM "agg") AS "Revenue__whole"',
      );
      expect(sql).toMatch(/"Revenue__whole" FROM "agg" ORDER BY .* LIMIT/);
      // An average's groups do not add up to a whole: no total, so no share of one.
      expect(sql).not.toContain('Average Order Value__whole');
      // The total is a hidden helper: the card's columns stay the question's.
      expect(columns.map((c) => c.key)).toEqual(['Country', 'Revenue', 'Average Order Value']);
    });

    it('reads the previous total too when compared, and none without a cut or for a distinct count', () => {
      const compared = compileQuery({ ...top5, compare: 'previous_period' }, model, {
        dialect: 'duckdb',
        ...options,
      });
      expect(compared.sql).toContain(
        '(SELECT SUM(COALESCE("m0_prev", 0)) FROM "agg") AS "Previous_Revenue__whole"',
      );
      const all = compileQuery({ ...top5, limit: undefined }, model, { dialect: 'duckdb', ...options });
      expect(all.sql).not.toContain('__whole');
      const customers = compileQuery({ ...top5, measures: ['customers'], order: undefined }, model, {
        dialect: 'duckdb',
        ...options,
      });
      expect(customers.sql).not.toContain('__whole');
    });
  });
});
