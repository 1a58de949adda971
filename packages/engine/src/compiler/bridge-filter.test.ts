import type { TSemanticQuery } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { generateModel } from '../model/introspect/generate-model';
import { col as column, fk } from '../model/introspect/introspection.testkit';
import type { TIntrospection } from '../model/introspection';
import { compileQuery } from './compile';
import { SQL_DIALECTS } from './dialect';

/** Columns not null. */
const col = (name: string, type: string, values: string[] | null = null) =>
  column(name, type, values, undefined, false);

/** Rentals of films; a film has several categories through a link table. */
const SHOP: TIntrospection = {
  tables: [
    {
      name: 'category',
      columns: [col('category_id', 'integer'), col('name', 'text', ['Action', 'Comedy', 'Drama'])],
      rowCount: 3,
      primaryKey: ['category_id'],
      foreignKeys: [],
    },
    {
      name: 'film',
      columns: [col('film_id', 'integer'), col('title', 'text')],
      rowCount: 100,
      primaryKey: ['film_id'],
      foreignKeys: [],
    },
    {
      name: 'film_category',
      columns: [col('film_id', 'integer'), col('category_id', 'integer')],
      rowCount: 150,
      primaryKey: ['film_id', 'category_id'],
      foreignKeys: [fk('film_id', 'film'), fk('category_id', 'category')],
    },
    {
      name: 'rental',
      columns: [
        col('rental_id', 'integer'),
        col('film_id', 'integer'),
        col('amount', 'numeric'),
        col('rental_date', 'date'),
      ],
      rowCount: 5000,
      primaryKey: ['rental_id'],
      foreignKeys: [fk('film_id', 'film')],
    },
  ],
};
const model = generateModel(SHOP, 'shop');
const options = { today: '2026-11-20', weekStart: 'monday' as const };
const amount = model.measures.find((m) => m.name === 'rental.amount.sum')!;
const category = model.dimensions.find((d) => d.sources[0].table === 'category')!;

describe('a value filter across a many-to-many link', () => {
  const excluding: TSemanticQuery = {
    measures: [amount.name],
    dimensions: [],
    filters: [{ field: category.name, op: 'not_in', values: ['Action'] }],
  };
  for (const dialect of SQL_DIALECTS) {
    it(`${dialect}: "excluding Action" leaves out every Action film, whatever its other categories`, () => {
      const { sql, params } = compileQuery(excluding, model, { dialect, ...options });
      expect(sql).toContain(
        'NOT EXISTS (SELECT 1 FROM "film_category" AS "_l0" JOIN "category" AS "_l1" ON "_l0"."category_id" = "_l1"."category_id" WHERE "_l0"."film_id" = "film"."film_id" AND "_l1"."name" IN (',
      );
      // The link is never joined into the rows summed: a film in two categories counts once.
      expect(sql).not.toMatch(/JOIN "film_category" ON/);
      expect(params).toContain('Action');
    });

    it(`${dialect}: "in Action or Comedy" counts a film in both once`, () => {
      const { sql } = compileQuery(
        { ...excluding, filters: [{ field: category.name, op: 'in', values: ['Action', 'Comedy'] }] },
        model,
        { dialect, ...options },
      );
      expect(sql).toMatch(/WHERE EXISTS \(SELECT 1 FROM "film_category" AS "_l0"/);
      expect(sql).not.toMatch(/NOT EXISTS/);
    });

    it(`${dialect}: a grouping by category still joins through the link`, () => {
      const { sql } = compileQuery({ ...excluding, dimensions: [category.name] }, model, {
        dialect,
        ...options,
      });
      expect(sql).toMatch(/JOIN "film_category" ON/);
      expect(sql).toMatch(/"category"\."name" NOT IN \(/);
    });
  }
});
