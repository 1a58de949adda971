import type { TSemanticQuery } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { generateModel } from '../model/introspect/generate-model';
import { col as column, fk } from '../model/introspect/introspection.testkit';
import type { TIntrospection } from '../model/introspection';
import { getDimension } from '../model/semantic-model';
import { parseQuestion } from '../parser/parse';
import { compileQuery } from './compile';
import { SQL_DIALECTS } from './dialect';

/** Columns not null. */
const col = (name: string, type: string, values: string[] | null = null, distinct?: number) =>
  column(name, type, values, distinct, false);

/** Actors named by first and last name (two may share both), films, and who played in which. */
const FILMS: TIntrospection = {
  tables: [
    {
      name: 'actor',
      columns: [
        col('actor_id', 'integer'),
        col('first_name', 'text', null, 120),
        col('last_name', 'text', null, 90),
      ],
      rowCount: 200,
      primaryKey: ['actor_id'],
      foreignKeys: [],
    },
    {
      name: 'genre',
      columns: [col('genre_id', 'integer'), col('name', 'text', ['Action', 'Comedy', 'Drama'])],
      rowCount: 3,
      primaryKey: ['genre_id'],
      foreignKeys: [],
    },
    {
      name: 'film',
      columns: [
        col('film_id', 'integer'),
        col('title', 'text', null, 1000),
        col('genre_id', 'integer'),
        col('release_date', 'date'),
      ],
      rowCount: 1000,
      primaryKey: ['film_id'],
      foreignKeys: [fk('genre_id', 'genre')],
    },
    {
      name: 'film_actor',
      columns: [col('actor_id', 'integer'), col('film_id', 'integer')],
      rowCount: 5000,
      primaryKey: ['actor_id', 'film_id'],
      foreignKeys: [fk('actor_id', 'actor'), fk('film_id', 'film')],
    },
  ],
};
const model = generateModel(FILMS, 'films');
const options = { today: '2026-11-20', weekStart: 'monday' as const };
const actor = model.dimensions.find((d) => d.sources[0].table === 'actor')!;
const genre = model.dimensions.find((d) => d.sources[0].table === 'genre')!;
const films = model.measures.find((m) => m.name === 'film.count')!;

describe('a dimension whose label repeats is grouped by its rows’ key', () => {
  it('keys people’s names and leaves a label known to be unique alone', () => {
    expect(getDimension(model, actor.name).sources[0]).toMatchObject({ table: 'actor', key: 'actor_id' });
    expect(genre.sources[0].key).toBeUndefined();
  });

  const ranking: TSemanticQuery = {
    measures: [films.name],
    dimensions: [actor.name],
    filters: [],
    order: { field: films.name, dir: 'desc' },
    limit: 5,
  };
  for (const dialect of SQL_DIALECTS) {
    it(`${dialect}: groups by the key and shows the label, with the key where two share it`, () => {
      const { sql } = compileQuery(ranking, model, { dialect, ...options });
      expect(sql).toContain('"actor"."actor_id" AS "d0_k"');
      expect(sql).toContain('GROUP BY "d0", "d0_k"');
      expect(sql).toContain(
        `CASE WHEN MIN("d0_k") OVER (PARTITION BY "d0") < MAX("d0_k") OVER (PARTITION BY "d0") THEN "d0" || ' (#' || CAST("d0_k" AS TEXT) || ')' ELSE "d0" END AS "${actor.label}"`,
      );
    });

    it(`${dialect}: a ranked series ranks each actor, not each name`, () => {
      const time = model.timeDimensions[0].name;
      const series: TSemanticQuery = {
        ...ranking,
        timeDimension: { field: time, grain: 'year', range: { kind: 'last', unit: 'year', n: 3 } },
      };
      const { sql } = compileQuery(series, model, { dialect, ...options });
      expect(sql).toContain('"top" AS (SELECT "d0", "d0_k" FROM "tot"');
      expect(sql).toContain('"top"."d0_k" = "agg"."d0_k"');
      const genreSql = compileQuery({ ...ranking, dimensions: [genre.name] }, model, {
        dialect,
        ...options,
      }).sql;
      expect(genreSql).not.toContain('d0_k');
    });

    it(`${dialect}: a value filter on the label still reads the label`, () => {
      const byGenre = compileQuery(
        { ...ranking, filters: [{ field: actor.name, op: 'in', values: ['SUSAN DAVIS'] }] },
        model,
        { dialect, ...options },
      );
      expect(byGenre.sql).toMatch(/\("actor"\."first_name" \|\| ' ' \|\| "actor"\."last_name"\) IN \(/);
      expect(byGenre.params).toContain('SUSAN DAVIS');
    });
  }

  it('"top 5 actors by number of films" is a ranking of actors by their key', () => {
    const parsed = parseQuestion('top 5 actors by number of films', { model, ...options });
    expect(parsed.kind).toBe('query');
    if (parsed.kind !== 'query') return;
    expect(parsed.query.dimensions).toEqual([actor.name]);
    expect(compileQuery(parsed.query, model, { dialect: 'postgres', ...options }).sql).toContain('"d0_k"');
  });
});

/** A flat export: each customer and category is an ID/name pair; two customers share a name. */
const EXPORT: TIntrospection = {
  tables: [
    {
      name: 'sales_export',
      columns: [
        col('Order Id', 'BIGINT', null, 900),
        col('Customer Id', 'BIGINT', null, 50),
        col('Customer Name', 'VARCHAR', null, 49),
        col('Category Id', 'BIGINT', null, 3),
        col('Category Name', 'VARCHAR', ['Golf', 'Tennis', 'Running']),
        col('Order Date', 'DATE'),
        col('Sales', 'DOUBLE', null, 800),
      ],
      rowCount: 2000,
      primaryKey: [],
      foreignKeys: [],
    },
  ],
};

describe('a flat export’s ID/name pair whose names repeat is grouped by the ID', () => {
  const flat = generateModel(EXPORT, 'export');
  const customer = flat.dimensions.find((d) => d.sources[0].column === 'Customer Name')!;
  const category = flat.dimensions.find((d) => d.sources[0].column === 'Category Name')!;
  const sales = flat.measures.find(
    (m) => m.kind === 'aggregate' && m.expr && 'col' in m.expr && m.expr.col === 'Sales',
  )!;

  it('keys the customer name (fewer names than ids), not the category name', () => {
    expect(customer.sources[0].key).toBe('Customer Id');
    expect(category.sources[0].key).toBeUndefined();
  });

  for (const dialect of SQL_DIALECTS) {
    it(`${dialect}: sales by customer read each customer's id`, () => {
      const query: TSemanticQuery = { measures: [sales.name], dimensions: [customer.name], filters: [] };
      const { sql } = compileQuery(query, flat, { dialect, ...options });
      expect(sql).toContain('"sales_export"."Customer Name" AS "d0", "sales_export"."Customer Id" AS "d0_k"');
      expect(sql).toContain('GROUP BY "d0", "d0_k"');
    });
  }
});
