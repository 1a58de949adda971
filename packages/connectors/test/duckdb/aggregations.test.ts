/**
 * Aggregations the user names ("median salary", "90th percentile of salary") are computed over the
 * measure's column on DuckDB and PostgreSQL, against a hand computation, and SQLite, which has no
 * percentile function, says so instead of answering another number.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import type { TSemanticQuery } from '@parley/contract';
import { buildCard, compileQuery, ModelError, parseQuestion, type TSemanticModel } from '@parley/engine';
import { testDatabaseUrl } from '@parley/testing';
import {
  createPostgresDemoDatabase,
  type TPostgresTestDatabase,
} from '@parley/testing/fixtures/postgres-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresConnector } from '../../src/postgres/postgres.connector';

const STAFF: [number, string, number, number][] = [
  [1, 'Sales', 10, 1],
  [2, 'Sales', 20, 2],
  [3, 'Sales', 30, 3],
  [4, 'Sales', 100, 4],
  [5, 'Ops', 5, 0],
  [6, 'Ops', 7, 0],
  [7, 'Ops', 9, 0],
];
const CREATE =
  'CREATE TABLE staff (id INTEGER PRIMARY KEY, department VARCHAR, salary DOUBLE PRECISION, bonus DOUBLE PRECISION)';
const INSERT = `INSERT INTO staff VALUES ${STAFF.map(([id, d, s, b]) => `(${id}, '${d}', ${s}, ${b})`).join(', ')}`;

const MODEL: TSemanticModel = {
  name: 'staff',
  tables: [{ name: 'staff', label: 'Staff', primaryKey: ['id'] }],
  joins: [],
  measures: [
    {
      kind: 'aggregate',
      name: 'salary',
      label: 'Total Salary',
      synonyms: ['salary', 'salaries'],
      format: 'currency',
      table: 'staff',
      agg: 'sum',
      expr: { table: 'staff', col: 'salary' },
      time: null,
    },
    {
      kind: 'aggregate',
      name: 'bonus',
      label: 'Bonus',
      synonyms: ['bonuses'],
      format: 'currency',
      table: 'staff',
      agg: 'sum',
      expr: { table: 'staff', col: 'bonus' },
      time: null,
    },
    {
      kind: 'aggregate',
      name: 'headcount',
      label: 'Headcount',
      synonyms: ['employees'],
      format: 'number',
      table: 'staff',
      agg: 'count',
      time: null,
    },
  ],
  dimensions: [
    {
      name: 'department',
      label: 'Department',
      synonyms: [],
      sources: [{ table: 'staff', column: 'department' }],
      values: ['Sales', 'Ops'],
    },
  ],
  timeDimensions: [],
};
const TODAY = '2025-06-15';

function ask(question: string): TSemanticQuery {
  const parsed = parseQuestion(question, { model: MODEL, today: TODAY, weekStart: 'monday' });
  if (parsed.kind !== 'query') throw new Error(`${question}: ${parsed.text}`);
  return parsed.query;
}

/** Rows by department ('' for the total), the measure's one value each. */
type TRun = (query: TSemanticQuery, dialect: 'duckdb' | 'postgres') => Promise<Record<string, unknown>[]>;
function valuesBy(rows: Record<string, unknown>[], key: string): Record<string, number> {
  return Object.fromEntries(rows.map((r) => [String(r.Department ?? ''), Number(r[key])]));
}

// Hand computed: Sales = 10, 20, 30, 100; Ops = 5, 7, 9; continuous quantiles (linear interpolation).
const CASES: [string, string, Record<string, number>][] = [
  ['median salary by department', 'Median Salary', { Sales: 25, Ops: 7 }],
  ['median salary', 'Median Salary', { '': 10 }],
  ['90th percentile of salary by department', '90th Percentile Salary', { Sales: 79, Ops: 8.6 }],
  ['p90 salary', '90th Percentile Salary', { '': 58 }],
  ['maximum salary', 'Maximum Salary', { '': 100 }],
  ['the minimum salary', 'Minimum Salary', { '': 5 }],
];

// Item 11, hand computed: salary Sales 160, Ops 21; bonus Sales 10, Ops 0 (a division by zero is null).
const ARITHMETIC: [string, string, Record<string, number | null>][] = [
  ['salary divided by bonus by department', 'Total Salary divided by Bonus', { Sales: 16, Ops: null }],
  ['bonus as a share of salary by department', 'Bonus as a Share of Total Salary', { Sales: 0.0625, Ops: 0 }],
  ['salary minus bonus', 'Total Salary minus Bonus', { '': 171 }],
  ['salary plus bonus by department', 'Total Salary plus Bonus', { Sales: 170, Ops: 21 }],
  ['headcount divided by bonus by department', 'Headcount divided by Bonus', { Sales: 0.4, Ops: null }],
];

function aggregationSuite(name: string, run: () => TRun, dialect: 'duckdb' | 'postgres'): void {
  describe(`${name}: arithmetic between measures`, () => {
    for (const [question, label, expected] of ARITHMETIC) {
      it(`${question} → ${label}`, async () => {
        const rows = await run()(ask(question), dialect);
        const got = Object.fromEntries(
          rows.map((r) => [String(r.Department ?? ''), r[label] === null ? null : Number(r[label])]),
        );
        for (const [k, v] of Object.entries(expected)) {
          if (v === null) expect(got[k]).toBeNull();
          else expect(got[k]).toBeCloseTo(v, 6);
        }
      });
    }
  });
  describe(`${name}: named aggregations`, () => {
    for (const [question, label, expected] of CASES) {
      it(`${question} → ${label}`, async () => {
        const query = ask(question);
        const rows = await run()(query, dialect);
        const got = valuesBy(rows, label);
        for (const [k, v] of Object.entries(expected)) expect(got[k]).toBeCloseTo(v, 6);
      });
    }
  });
}

let duck: Awaited<ReturnType<DuckDBInstance['connect']>> | null = null;
const duckRun: TRun = async (query, dialect) => {
  const compiled = compileQuery(query, MODEL, { dialect, today: TODAY, weekStart: 'monday' });
  const reader = await duck!.runAndReadAll(compiled.sql, compiled.params);
  return reader.getRowObjectsJson() as Record<string, unknown>[];
};
beforeAll(async () => {
  const instance = await DuckDBInstance.create(':memory:');
  duck = await instance.connect();
  await duck.run(CREATE.replace('DOUBLE PRECISION', 'DOUBLE'));
  await duck.run(INSERT);
});
aggregationSuite('DuckDB', () => duckRun, 'duckdb');

describe('named aggregations in the question and on the card', () => {
  it('reads median, percentiles and Turkish words as the measure’s aggregation', () => {
    expect(ask('median salary by department').aggregations).toEqual([{ measure: 'salary', fn: 'median' }]);
    expect(ask('the 95th percentile of salaries').aggregations).toEqual([
      { measure: 'salary', fn: 'percentile', percentile: 95 },
    ]);
    expect(ask('departmana göre medyan maaş'.replace('maaş', 'salary')).aggregations).toEqual([
      { measure: 'salary', fn: 'median' },
    ]);
  });

  it('asks back when the measure has no column of values, never answering its own number', () => {
    const parsed = parseQuestion('median headcount', { model: MODEL, today: TODAY, weekStart: 'monday' });
    expect(parsed.kind).toBe('clarify');
  });

  it('labels the card by the aggregation', async () => {
    const query = ask('median salary by department');
    const compiled = compileQuery(query, MODEL, { dialect: 'duckdb', today: TODAY, weekStart: 'monday' });
    const rows = await duckRun(query, 'duckdb');
    const card = buildCard({
      query,
      model: MODEL,
      compiled,
      rows,
      readAt: '2025-06-15T00:00:00Z',
      today: TODAY,
    });
    expect(card.title).toContain('Median Salary');
    expect(card.columns.map((c) => c.key)).toContain('Median Salary');
  });

  it('labels a share as a percent and compiles arithmetic for SQLite with a safe division', () => {
    const query = ask('bonus as a share of salary');
    const compiled = compileQuery(query, MODEL, { dialect: 'sqlite', today: TODAY, weekStart: 'monday' });
    expect(compiled.columns.find((c) => c.kind === 'measure')).toMatchObject({
      key: 'Bonus as a Share of Total Salary',
      format: 'percent',
    });
    expect(compiled.sql).toContain('NULLIF(');
  });

  it('refuses a median on SQLite with the reason, instead of another aggregate', () => {
    expect(() =>
      compileQuery(ask('median salary'), MODEL, { dialect: 'sqlite', today: TODAY, weekStart: 'monday' }),
    ).toThrow(ModelError);
    expect(() =>
      compileQuery(ask('median salary'), MODEL, { dialect: 'sqlite', today: TODAY, weekStart: 'monday' }),
    ).toThrow(/median or a percentile/);
  });
});

describe.skipIf(!testDatabaseUrl())('PostgreSQL', () => {
  let db: TPostgresTestDatabase;
  let connector: PostgresConnector;
  beforeAll(async () => {
    db = await createPostgresDemoDatabase();
    await db.admin.query(CREATE.replace('VARCHAR', 'text'));
    await db.admin.query(INSERT);
    connector = new PostgresConnector(db.config, { account: 'public', allowPrivateHosts: true });
  }, 120_000);
  afterAll(async () => {
    await connector?.close();
    await db?.drop();
  }, 60_000);
  const pgRun: TRun = async (query, dialect) => {
    const compiled = compileQuery(query, MODEL, { dialect, today: TODAY, weekStart: 'monday' });
    return (await connector.query(compiled.sql, compiled.params, { timeoutMs: 10_000, maxRows: 100 })).rows;
  };
  aggregationSuite('PostgreSQL', () => pgRun, 'postgres');
});
