import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../compiler/compile';
import { parseQuestion } from '../../parser/parse';
import { getColumnKind, type TIntrospection } from '../introspection';
import {
  findDimensionSource,
  getDimension,
  getReachableTables,
  type TSemanticModel,
} from '../semantic-model';
import { generateModel } from './generate-model';
import { col, table } from './introspection.testkit';

/** A shop loaded from CSV files: no declared keys, camelCase and snake_case names mixed. */
const SHOP: TIntrospection = {
  tables: [
    table(
      'categories',
      [col('categoryID', 'BIGINT'), col('categoryName', 'VARCHAR', ['Drinks', 'Food', 'New'])],
      8,
    ),
    table(
      'customers',
      [
        col('customer_id', 'VARCHAR'),
        col('company_name', 'VARCHAR'),
        col('country', 'VARCHAR', ['France', 'Germany']),
        col('postal_code', 'VARCHAR'),
        col('phone', 'VARCHAR', ['030-1', '030-2']),
        col('zip', 'INTEGER'),
      ],
      90,
    ),
    table(
      'orders',
      [
        col('order_id', 'BIGINT'),
        col('customer_id', 'VARCHAR'),
        col('order_date', 'DATE'),
        col('shipped_date', 'DATE'),
        col('ship_via', 'BIGINT'),
        col('freight', 'DOUBLE'),
        col('ship_country', 'VARCHAR', ['France', 'Germany']),
        col('updated_at', 'TIMESTAMP'),
      ],
      800,
    ),
    table(
      'order_lines',
      [
        col('order_id', 'BIGINT'),
        col('product_id', 'BIGINT'),
        col('unit_price', 'DOUBLE'),
        col('quantity', 'BIGINT'),
        col('discount', 'DOUBLE'),
      ],
      2000,
    ),
    table(
      'products',
      [
        col('product_id', 'BIGINT'),
        col('product_name', 'VARCHAR'),
        col('categoryID', 'BIGINT'),
        col('unit_price', 'DOUBLE'),
        col('discontinued', 'BIGINT'),
        col('release_year', 'INTEGER'),
        col('rating', 'SMALLINT'),
        col('extension', 'INTEGER'),
      ],
      77,
    ),
  ],
};

/** A rental shop in PostgreSQL: declared keys, a partitioned fact, a link table, a view. */
const fk = (columns: string, refTable: string, refColumns = columns) => ({
  columns: [columns],
  refTable,
  refColumns: [refColumns],
});
const paymentColumns = () => [
  col('payment_id', 'integer'),
  col('customer_id', 'integer'),
  col('rental_id', 'integer'),
  col('amount', 'numeric(5,2)'),
  col('payment_date', 'timestamp with time zone'),
];
const RENTALS: TIntrospection = {
  tables: [
    table('category', [col('category_id', 'integer'), col('name', 'text', ['Action', 'Comedy'])], 16, {
      primaryKey: ['category_id'],
    }),
    table(
      'customer',
      [
        col('customer_id', 'integer'),
        col('first_name', 'text'),
        col('last_name', 'text'),
        col('activebool', 'boolean'),
      ],
      599,
      { primaryKey: ['customer_id'] },
    ),
    table(
      'film',
      [
        col('film_id', 'integer'),
        col('title', 'text'),
        col('release_year', 'year', ['2006']),
        col('rating', 'mpaa_rating', ['G', 'PG-13']),
        col('special_features', 'text[]'),
        col('rental_rate', 'numeric(4,2)'),
        col('length', 'smallint'),
        col('last_update', 'timestamp with time zone'),
      ],
      1000,
      { primaryKey: ['film_id'] },
    ),
    table(
      'film_category',
      [
        col('film_id', 'integer'),
        col('category_id', 'integer'),
        col('last_update', 'timestamp with time zone'),
      ],
      1000,
      {
        primaryKey: ['film_id', 'category_id'],
        foreignKeys: [fk('film_id', 'film'), fk('category_id', 'category')],
      },
    ),
    table('inventory', [col('inventory_id', 'integer'), col('film_id', 'integer')], 4500, {
      primaryKey: ['inventory_id'],
      foreignKeys: [fk('film_id', 'film')],
    }),
    table(
      'rental',
      [
        col('rental_id', 'integer'),
        col('rental_date', 'timestamp with time zone'),
        col('inventory_id', 'integer'),
        col('customer_id', 'integer'),
      ],
      16000,
      {
        primaryKey: ['rental_id'],
        foreignKeys: [fk('inventory_id', 'inventory'), fk('customer_id', 'customer')],
      },
    ),
    // The partitioned parent declares no references; its partitions do.
    table('payment', paymentColumns(), 16000, { primaryKey: ['payment_date', 'payment_id'] }),
    table('payment_p2022_01', paymentColumns(), 700, {
      foreignKeys: [fk('customer_id', 'customer'), fk('rental_id', 'rental')],
    }),
    table(
      'sales_by_category',
      [col('category', 'text', ['Action']), col('total_sales', 'numeric')],
      null as never,
    ),
  ],
};

function query(model: TSemanticModel, phrase: string) {
  const r = parseQuestion(phrase, { model, today: '2022-08-24', weekStart: 'monday' });
  if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}": ${r.text}`);
  return r.query;
}

describe('generateModel', () => {
  const shop = generateModel(SHOP, 'shop');
  const rentals = generateModel(RENTALS, 'rentals');
  const measure = (model: TSemanticModel, name: string) => model.measures.find((m) => m.name === name);

  it('infers keys and joins from column names when none are declared', () => {
    expect(shop.joins.map((j) => `${j.from}.${j.fromColumns[0]} → ${j.to}.${j.toColumns[0]}`).sort()).toEqual(
      [
        'order_lines.order_id → orders.order_id',
        'order_lines.product_id → products.product_id',
        'orders.customer_id → customers.customer_id',
        'products.categoryID → categories.categoryID',
      ],
    );
    expect(shop.tables.find((t) => t.name === 'orders')?.primaryKey).toEqual(['order_id']);
    expect(measure(shop, 'orders.count')).toMatchObject({ label: 'Orders', agg: 'count_distinct' });
  });

  it('never sums or averages keys, references, codes, flags or years; rates and ratings only average', () => {
    const aggregated = shop.measures
      .concat(rentals.measures)
      .flatMap((m) =>
        m.kind === 'aggregate' && (m.agg === 'sum' || m.agg === 'avg') && m.expr && 'col' in m.expr
          ? [m]
          : [],
      )
      .map((m) => `${m.name}`);
    for (const name of aggregated)
      expect(name).not.toMatch(/_id\.|ID\.|ship_via|zip|extension|discontinued|release_year/);
    expect(measure(shop, 'products.rating.sum')).toBeUndefined();
    expect(measure(shop, 'products.rating.avg')).toBeDefined();
    expect(measure(rentals, 'film.rental_rate.sum')).toBeUndefined();
    expect(measure(rentals, 'film.length.avg')).toMatchObject({ label: 'Average Length' });
  });

  it('turns price × quantity × (1 − discount) into revenue, with the average order value', () => {
    const revenue = measure(shop, 'order_lines.revenue.sum');
    expect(revenue).toMatchObject({
      label: 'Revenue',
      agg: 'sum',
      time: 'orders.order_date',
      format: 'currency',
    });
    expect(revenue?.synonyms).toEqual(expect.arrayContaining(['sales', 'turnover']));
    expect(shop.measures.find((m) => m.label === 'Average Order Value')?.kind).toBe('ratio');
    const sql = compileQuery(query(shop, 'sales by category last year'), shop, {
      dialect: 'duckdb',
      today: '2022-08-24',
      weekStart: 'monday',
    }).sql;
    expect(sql).toContain(
      '(("order_lines"."unit_price" * "order_lines"."quantity") * (1 - "order_lines"."discount"))',
    );
    expect(sql).toContain('JOIN "categories"');
  });

  it('humanises names and gives each phrase to one field', () => {
    expect(shop.timeDimensions.map((t) => t.label)).toEqual(['Order Date', 'Shipped Date']);
    expect(getDimension(shop, 'categories.categoryName')).toMatchObject({
      label: 'Category',
      values: ['Drinks', 'Food'],
    });
    expect(getDimension(shop, 'customers.company_name').label).toBe('Customer');
    // "unit price" exists twice: the line table is bigger, products keep a qualified name.
    expect(measure(shop, 'order_lines.unit_price.avg')?.label).toBe('Average Unit Price');
    expect(measure(shop, 'products.unit_price.avg')?.label).toBe('Average Product Unit Price');
    expect(measure(rentals, 'payment.amount.sum')?.synonyms).toEqual(
      expect.arrayContaining(['revenue', 'sales']),
    );
    expect(measure(rentals, 'payment.count')?.label).toBe('Payments');
    // Phones are not dimensions; the shipping copy of country leaves "Germany" to country.
    expect(shop.dimensions.some((d) => d.sources.some((s) => s.column === 'phone'))).toBe(false);
    expect(getDimension(shop, 'orders.ship_country').values).toEqual([]);
  });

  it('answers everyday questions on the inferred model', () => {
    expect(query(shop, 'revenue in Germany by product category')).toMatchObject({
      measures: ['order_lines.revenue.sum'],
      dimensions: ['categories.categoryName'],
      filters: [{ field: 'customers.country', op: 'in', values: ['Germany'] }],
    });
    expect(query(shop, 'number of discontinued products').filters).toEqual([
      { field: 'products.discontinued', op: 'in', values: ['1'] },
    ]);
    expect(query(shop, 'orders shipped last month').timeDimension?.field).toBe('orders.shipped_date');
    expect(query(shop, 'customers by country').measures).toEqual(['customers.count']);
  });

  it('folds partitions, follows link tables and leaves views out', () => {
    expect(rentals.tables.map((t) => t.name)).not.toContain('payment_p2022_01');
    expect(rentals.tables.map((t) => t.name)).not.toContain('sales_by_category');
    expect(measure(rentals, 'payment.count')).toMatchObject({ agg: 'count', time: 'payment.payment_date' });
    const reach = getReachableTables(rentals, 'payment');
    expect([...reach.keys()]).toEqual(
      expect.arrayContaining(['customer', 'rental', 'inventory', 'film', 'film_category', 'category']),
    );
    const category = getDimension(rentals, 'category.name');
    // Two names seen in 16 rows: categories are grouped by their key.
    expect(findDimensionSource(rentals, category, 'payment')).toEqual({
      table: 'category',
      column: 'name',
      key: 'category_id',
    });
    expect(query(rentals, 'revenue by film category')).toMatchObject({
      measures: ['payment.amount.sum'],
      dimensions: ['category.name'],
    });
    // Audit columns are no dates; year-like numbers and enums group.
    expect(rentals.timeDimensions.map((t) => t.name).sort()).toEqual([
      'payment.payment_date',
      'rental.rental_date',
    ]);
    expect(getDimension(rentals, 'film.rating').values).toEqual(['G', 'PG-13']);
    expect(getDimension(rentals, 'film.title').label).toBe('Film');
    expect(getDimension(rentals, 'customer.last_name').label).toBe('Customer');
  });
});

describe('getColumnKind', () => {
  it('reads PostgreSQL, DuckDB and SQLite spellings', () => {
    expect(getColumnKind('numeric(5,2)')).toBe('decimal');
    expect(getColumnKind('timestamp with time zone')).toBe('timestamp');
    expect(getColumnKind('character varying(40)')).toBe('text');
    expect(getColumnKind('mpaa_rating')).toBe('text');
    expect(getColumnKind('public.year')).toBe('text');
    expect(getColumnKind('text[]')).toBe('other');
    expect(getColumnKind('VARCHAR[]')).toBe('other');
    expect(getColumnKind('tsvector')).toBe('other');
    expect(getColumnKind('bytea')).toBe('other');
    expect(getColumnKind('INTERVAL')).toBe('other');
    expect(getColumnKind('time without time zone')).toBe('other');
    expect(getColumnKind('STRUCT(a INTEGER)')).toBe('other');
  });
});
