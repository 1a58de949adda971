/**
 * The valid-at reading of history tables compiled for PostgreSQL, SQLite and
 * DuckDB: today by default, a period's last day, each period's own day in a comparison; a series
 * is asked back; the card says which day it read. The SQL runs on real databases in
 * packages/connectors/test/model/ and the HR accuracy set.
 */
import { describe, expect, it } from 'vitest';
import { buildCard } from '../card/build-card';
import { generateModel } from '../model/introspect/generate-model';
import { col, type TTableKeys, table as tableOf } from '../model/introspect/introspection.testkit';
import type { TIntrospectedColumn } from '../model/introspection';
import { ModelError } from '../model/semantic-model';
import { parseQuestion } from '../parser/parse';
import { compileQuery } from './compile';
import type { TSqlDialect } from './dialect';
import { readingDay } from './valid-at';

/** Every table of 500 rows. */
const table = (name: string, columns: TIntrospectedColumn[], keys: TTableKeys) =>
  tableOf(name, columns, 500, keys);

const model = generateModel({
  tables: [
    table('person', [col('person_id', 'INTEGER'), col('full_name', 'VARCHAR')], {
      primaryKey: ['person_id'],
    }),
    table(
      'salary',
      [
        col('person_id', 'INTEGER'),
        col('salary', 'INTEGER'),
        col('from_date', 'DATE'),
        col('to_date', 'DATE'),
      ],
      {
        primaryKey: ['person_id', 'from_date'],
        foreignKeys: [{ columns: ['person_id'], refTable: 'person', refColumns: ['person_id'] }],
      },
    ),
  ],
});
const TODAY = '2026-11-20';
const ctx = { model, today: TODAY, weekStart: 'monday' as const };

function compiled(phrase: string, dialect: TSqlDialect) {
  const r = parseQuestion(phrase, ctx);
  if (r.kind !== 'query') throw new Error(`"${phrase}" asked back: ${r.text}`);
  return { query: r.query, ...compileQuery(r.query, model, { dialect, today: TODAY, weekStart: 'monday' }) };
}

describe('valid-at reading of history tables', () => {
  it('reads the rows valid today by default, on PostgreSQL', () => {
    const { sql, params } = compiled('average salary', 'postgres');
    expect(sql).toContain(
      `("salary"."from_date" <= CAST($1 AS DATE) AND ("salary"."to_date" IS NULL OR "salary"."to_date" > CAST($2 AS DATE)))`,
    );
    expect(params).toEqual([TODAY, TODAY]);
  });

  it('reads a past year on its last day, never filtering the from date by the year, on SQLite', () => {
    const { sql, params, validOn } = compiled('total salary in 2019', 'sqlite');
    expect(sql).toContain(
      `("salary"."from_date" <= ? AND ("salary"."to_date" IS NULL OR "salary"."to_date" > ?))`,
    );
    expect(sql).not.toContain('BETWEEN');
    expect(params).toEqual(['2019-12-31', '2019-12-31']);
    expect(validOn).toEqual({ period: true, on: '2019-12-31', previous: null });
  });

  it('reads each period of a comparison on its own last day, on DuckDB', () => {
    const { sql, params } = compiled('average salary in 2019 vs 2018', 'duckdb');
    expect(sql).toContain(`(("_period"."p" = 0 AND ("salary"."from_date" <= CAST($1 AS DATE)`);
    expect(params.slice(0, 4)).toEqual(['2019-12-31', '2019-12-31', '2018-12-31', '2018-12-31']);
  });

  it('reads a running period on today', () => {
    expect(readingDay({ from: '2026-01-01', to: '2026-12-31' }, TODAY)).toBe(TODAY);
    expect(readingDay({ from: '2020-01-01', to: '2020-12-31' }, TODAY)).toBe('2020-12-31');
    expect(readingDay(null, TODAY)).toBe(TODAY);
  });

  it('reads each bucket of a series on its own last day, on SQLite and PostgreSQL', () => {
    const lite = compiled('average salary by year', 'sqlite');
    expect(lite.sql).toContain(
      `WITH RECURSIVE "g"("t") AS (SELECT date((SELECT MIN("from_date") FROM "salary"), 'start of year')`,
    );
    expect(lite.sql).toContain(`MIN(date("t", '+1 years', '-1 days'), ?) AS "e"`);
    expect(lite.sql).toContain(
      `("salary"."from_date" <= "_b"."e" AND ("salary"."to_date" IS NULL OR "salary"."to_date" > "_b"."e"))`,
    );
    const pg = compiled('average salary by year', 'postgres');
    expect(pg.sql).toContain(
      `generate_series(CAST(CAST(date_trunc('year', (SELECT MIN("from_date") FROM "salary")) AS DATE) AS TIMESTAMP), CAST(CAST($2 AS DATE) AS TIMESTAMP), INTERVAL '1 year')`,
    );
    expect(pg.params[0]).toBe(TODAY);
    expect(pg.validOn).toEqual({ period: true, on: TODAY, previous: null, series: true });
    // A series compared with another period is refused in words, never a 500.
    const compared = {
      measures: ['salary.salary.avg'],
      dimensions: [],
      filters: [],
      compare: 'previous_year' as const,
      timeDimension: {
        field: 'salary.from_date',
        grain: 'month' as const,
        range: { kind: 'year' as const, year: 2020 },
      },
    };
    expect(() =>
      compileQuery(compared, model, { dialect: 'postgres', today: TODAY, weekStart: 'monday' }),
    ).toThrow(ModelError);
  });

  it('reads Turkish "şu anki" and "güncel" as today, and a Turkish series', () => {
    for (const phrase of ['şu anki ortalama maaş', 'güncel ortalama maaş']) {
      const r = parseQuestion(phrase, ctx);
      expect(r.kind === 'query' ? r.query : r.text).toEqual({
        measures: ['salary.salary.avg'],
        dimensions: [],
        filters: [],
      });
    }
    const series = parseQuestion('yıllara göre ortalama maaş', ctx);
    expect(series.kind === 'query' && series.query.timeDimension?.grain).toBe('year');
  });

  it('says on the card which day it read, in English and Turkish', () => {
    const today = compiled('average salary', 'duckdb');
    const card = (c: typeof today, language: 'en' | 'tr') =>
      buildCard({
        query: c.query,
        model,
        compiled: c,
        rows: [{ [c.columns[0].key]: 50000 }],
        readAt: `${TODAY}T00:00:00.000Z`,
        language,
      }).text;
    expect(card(today, 'en')).toContain('Read as of today, Nov 20, 2026: the rows valid on that day');
    const past = compiled('average salary in 2019 vs 2018', 'duckdb');
    expect(card(past, 'en')).toContain(
      'Read as of Dec 31, 2019, the period’s last day (and Dec 31, 2018 for the comparison)',
    );
    expect(card(past, 'tr')).toContain('itibarıyla okundu (karşılaştırma için');
  });
});
