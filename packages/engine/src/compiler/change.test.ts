import type { TSemanticQuery } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { getDemoModel } from '../model/demo-model';
import { compileQuery } from './compile';
import { SQL_DIALECTS } from './dialect';

const model = getDemoModel();
const options = { today: '2026-11-20', weekStart: 'monday' as const };

const fell: TSemanticQuery = {
  measures: ['revenue'],
  dimensions: ['country'],
  timeDimension: { field: 'order_date', range: { kind: 'year', year: 2025 } },
  compare: 'previous_period',
  filters: [],
  change: 'down',
};
const lost: TSemanticQuery = { ...fell, measures: ['orders'], change: 'lost' };

describe('a filter on the change between periods', () => {
  for (const dialect of SQL_DIALECTS) {
    it(`${dialect}: keeps the groups whose measure fell, the largest fall first`, () => {
      const { sql, params } = compileQuery(fell, model, { dialect, ...options });
      expect(sql).toContain('WHERE COALESCE("m0", 0) < COALESCE("m0_prev", 0)');
      expect(sql).toContain(
        'ORDER BY (COALESCE("m0", 0) - COALESCE("m0_prev", 0)) ASC, "Revenue" DESC, "Country" ASC',
      );
      expect({ sql, params }).toMatchSnapshot();
    });
    it(`${dialect}: keeps the groups with rows in the comparison period and none in the period`, () => {
      const { sql } = compileQuery(lost, model, { dialect, ...options });
      expect(sql).toContain(
        'WHERE COALESCE(COALESCE("m0_prev", 0), 0) > 0 AND COALESCE(COALESCE("m0", 0), 0) = 0',
      );
      expect(sql).toMatchSnapshot();
    });
  }

  it('ranks a rise largest first, and an asked order wins', () => {
    const rose = compileQuery({ ...fell, change: 'up' }, model, { dialect: 'duckdb', ...options });
    expect(rose.sql).toContain('> COALESCE("m0_prev", 0)');
    expect(rose.sql).toContain('ORDER BY (COALESCE("m0", 0) - COALESCE("m0_prev", 0)) DESC');
    const ordered = compileQuery({ ...fell, order: { field: 'revenue', dir: 'asc' } }, model, {
      dialect: 'duckdb',
      ...options,
    });
    expect(ordered.sql).toContain('ORDER BY "Revenue" ASC');
  });

  it('refuses a change without two periods', () => {
    const { compare: _, ...single } = fell;
    expect(() => compileQuery(single, model, { dialect: 'duckdb', ...options })).toThrow(/two periods/);
  });
});
