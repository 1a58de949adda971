/**
 * Generates the demo dataset of DESIGN §5 (CONTRACT) into a DuckDB file: three years ending on
 * `endDate`, deterministic (hash-based pseudo-random numbers keyed on row ids, no wall clock),
 * with seasonality, growth, weekday effects and a few anomalies. Bulk rows are produced by
 * DuckDB SQL (range() + hash()) rather than JavaScript loops so first start stays quick.
 * The file is written under a temporary name and renamed, so a crash never leaves half a file.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { DEMO_CATEGORIES, DEMO_CHANNELS, DEMO_COUNTRIES, getDemoProducts } from '@parley/engine';
import { duckDbOptions } from './duckdb.connector';

export interface TDemoDatasetOptions {
  /** Target file, e.g. DATA_DIR/demo.duckdb. */
  path: string;
  /** Last day of data, YYYY-MM-DD (DEMO_END_DATE). */
  endDate: string;
  /** Multiplies row counts (DEMO_SCALE); 1 ≈ 50k customers, 600k orders, 1.5M items. */
  scale?: number;
}

export interface TDemoDatasetResult {
  path: string;
  created: boolean;
  ms: number;
}

/** Creates the demo file when it is absent; an existing file is left untouched. */
export async function ensureDemoDataset(options: TDemoDatasetOptions): Promise<TDemoDatasetResult> {
  const started = performance.now();
  if (existsSync(options.path)) return { path: options.path, created: false, ms: 0 };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(options.endDate)) throw new Error('endDate must be YYYY-MM-DD');
  const scale = options.scale ?? 1;
  if (!(scale > 0 && scale <= 100)) throw new Error('scale must be in (0, 100]');
  const tmp = `${options.path}.tmp-${process.pid}`;
  rmSync(tmp, { force: true });
  rmSync(`${tmp}.wal`, { force: true });
  try {
    const instance = await DuckDBInstance.create(tmp, duckDbOptions());
    const connection = await instance.connect();
    try {
      for (const statement of getDemoDatasetSql(options.endDate, scale)) await connection.run(statement);
      await connection.run('CHECKPOINT');
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
    rmSync(`${tmp}.wal`, { force: true });
    renameSync(tmp, options.path);
  } catch (error) {
    rmSync(tmp, { force: true });
    rmSync(`${tmp}.wal`, { force: true });
    throw error;
  }
  return { path: options.path, created: true, ms: Math.round(performance.now() - started) };
}

const sqlString = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/**
 * The statements that build the dataset. `u(k, salt)` is a uniform number in [0, 1) derived
 * from hash(k, salt); the same key always gives the same number, so output is reproducible.
 */
export function getDemoDatasetSql(endDate: string, scale: number): string[] {
  const customers = Math.max(100, Math.round(50_000 * scale));
  const orders = Math.max(500, Math.round(600_000 * scale));
  const products = getDemoProducts();
  const countryRows = DEMO_COUNTRIES.map(
    (c, i) => `(${i}, ${sqlString(c.name)}, ${sqlString(c.region)}, ${c.weight})`,
  ).join(', ');
  const channelRows = DEMO_CHANNELS.map((c, i) => `(${i}, ${sqlString(c)})`).join(', ');
  const productRows = products
    .map(
      (p) =>
        `(${p.product_id}, ${sqlString(p.name)}, ${sqlString(p.category)}, ${sqlString(p.brand)}, ${p.unit_cost.toFixed(2)})`,
    )
    .join(',\n');
  const end = `DATE ${sqlString(endDate)}`;
  const start = `(${end} - INTERVAL 3 YEAR + INTERVAL 1 DAY)::DATE`;
  // Customers may have signed up up to a year before the first order.
  const signupStart = `(${start} - INTERVAL 1 YEAR)::DATE`;
  const signupDays = `(${end} - ${signupStart})`;
  void DEMO_CATEGORIES;

  return [
    'SET threads TO 4',
    `CREATE MACRO u(k, salt) AS (hash(k, salt) % 1000003) / 1000003.0`,
    `CREATE TEMP TABLE country_dim AS SELECT * FROM (VALUES ${countryRows}) AS t(idx, name, region, weight)`,
    `CREATE TEMP TABLE country_cdf AS SELECT idx, name, region,
       SUM(weight) OVER (ORDER BY idx) / SUM(weight) OVER () AS hi,
       (SUM(weight) OVER (ORDER BY idx) - weight) / SUM(weight) OVER () AS lo FROM country_dim`,
    `CREATE TEMP TABLE channel_dim AS SELECT * FROM (VALUES ${channelRows}) AS t(idx, name)`,

    `CREATE TABLE customers (
       customer_id INTEGER PRIMARY KEY, name VARCHAR NOT NULL, email VARCHAR NOT NULL,
       segment VARCHAR NOT NULL, country VARCHAR NOT NULL, signup_date DATE NOT NULL)`,
    `CREATE TABLE products (
       product_id INTEGER PRIMARY KEY, name VARCHAR NOT NULL, category VARCHAR NOT NULL,
       brand VARCHAR NOT NULL, unit_cost DECIMAL(10,2) NOT NULL)`,
    `CREATE TABLE orders (
       order_id INTEGER PRIMARY KEY, order_date DATE NOT NULL,
       customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
       channel VARCHAR NOT NULL, country VARCHAR NOT NULL, region VARCHAR NOT NULL, status VARCHAR NOT NULL)`,
    `CREATE TABLE order_items (
       order_id INTEGER NOT NULL REFERENCES orders(order_id),
       product_id INTEGER NOT NULL REFERENCES products(product_id),
       quantity INTEGER NOT NULL, unit_price DECIMAL(10,2) NOT NULL, discount DECIMAL(10,2) NOT NULL)`,
    `CREATE TABLE web_traffic (
       date DATE NOT NULL, country VARCHAR NOT NULL, channel VARCHAR NOT NULL, device VARCHAR NOT NULL,
       sessions INTEGER NOT NULL, users INTEGER NOT NULL, pageviews INTEGER NOT NULL,
       bounces INTEGER NOT NULL, conversions INTEGER NOT NULL)`,

    `INSERT INTO products VALUES ${productRows}`,

    // Sign-ups accelerate over time (id order = signup order), so early ids are old customers.
    `INSERT INTO customers
     SELECT id,
       (['Alex','Sam','Maria','John','Aisha','Chen','Emma','Lucas','Olivia','Noah','Mia','Ali','Yuki','Sofia','Liam','Zeynep','Pedro','Anna','Omar','Grace'])[1 + (hash(id, 11) % 20)::INTEGER]
         || ' ' ||
       (['Smith','Garcia','Müller','Rossi','Kim','Tanaka','Silva','Brown','Martin','Yilmaz','Novak','Khan','Dubois','Jensen','Lopez','Wang','Taylor','Costa','Nowak','Sato'])[1 + (hash(id, 12) % 20)::INTEGER],
       'customer' || id || '@example.com',
       CASE WHEN u(id, 13) < 0.70 THEN 'Consumer' WHEN u(id, 13) < 0.92 THEN 'SMB' ELSE 'Enterprise' END,
       (SELECT name FROM country_cdf c WHERE u(id, 14) >= c.lo AND u(id, 14) < c.hi),
       (${signupStart} + CAST(floor(${signupDays} * pow((id - 0.5) / ${customers}, 0.8)) AS INTEGER))::DATE
     FROM range(1, ${customers + 1}) AS r(id)`,

    // Orders per day: growth, yearly seasonality (Nov/Dec peak), weekday effect, noise and anomalies.
    `CREATE TEMP TABLE day_weights AS
     SELECT d::DATE AS day, i,
       (1 + 0.45 * (i / 1095.0))
       * (1 + 0.18 * cos(2 * pi() * (dayofyear(d) - 350) / 365.0))
       * (CASE dayofweek(d) WHEN 0 THEN 0.85 WHEN 6 THEN 0.9 WHEN 1 THEN 1.08 ELSE 1.0 END)
       * (0.9 + 0.2 * u(i, 21))
       * (CASE
            WHEN month(d) = 11 AND dayofweek(d) = 5 AND day(d) BETWEEN 23 AND 29 THEN 3.2
            WHEN month(d) = 11 AND dayofweek(d) = 1 AND day(d) BETWEEN 26 AND 30 THEN 2.2
            WHEN i = 1095 - 200 THEN 0.15
            WHEN i BETWEEN 1095 - 121 AND 1095 - 115 THEN 1.6
            ELSE 1 END) AS w
     FROM (SELECT ${start} + to_days(i::INTEGER) AS d, i FROM range(0, (${end} - ${start}) + 1) AS r(i))`,
    `CREATE TEMP TABLE day_counts AS
     SELECT day, i, n, SUM(n) OVER (ORDER BY day) AS cum
     FROM (SELECT day, i, greatest(1, round(w / SUM(w) OVER () * ${orders}))::INTEGER AS n FROM day_weights)`,
    `CREATE TEMP TABLE order_base AS
     SELECT (dc.cum - dc.n + k + 1)::INTEGER AS order_id, dc.day AS order_date, dc.i AS day_index
     FROM day_counts dc, range(0, dc.n) AS r(k)`,
    // A customer is drawn among those signed up by the order date (inverse of the signup curve).
    `INSERT INTO orders
     SELECT o.order_id, o.order_date, c.customer_id,
       CASE
         WHEN x.ch < 0.30 - 0.06 * (o.day_index / 1095.0) THEN 'Organic Search'
         WHEN x.ch < 0.48 + 0.02 * (o.day_index / 1095.0) THEN 'Paid Search'
         WHEN x.ch < 0.60 THEN 'Email'
         WHEN x.ch < 0.75 THEN 'Social'
         WHEN x.ch < 0.92 THEN 'Direct'
         ELSE 'Referral' END,
       c.country, cd.region,
       CASE WHEN u(o.order_id, 33) < 0.90 THEN 'completed' WHEN u(o.order_id, 33) < 0.95 THEN 'refunded' ELSE 'cancelled' END
     FROM order_base o
     CROSS JOIN LATERAL (SELECT u(o.order_id, 31) AS ch,
        greatest(1, least(${customers}, CAST(ceil(${customers} * pow((o.order_date - ${signupStart}) / ${signupDays}::DOUBLE, 1 / 0.8) * u(o.order_id, 32)) AS INTEGER))) AS cid) AS x
     JOIN customers c ON c.customer_id = x.cid
     JOIN country_dim cd ON cd.name = c.country
     ORDER BY o.order_id`,
    // 1–4 lines per order; popular products are drawn more often; prices carry a markup over cost.
    `INSERT INTO order_items
     SELECT o.order_id, p.product_id,
       (CASE WHEN u(o.order_id * 8 + k, 42) < 0.7 THEN 1 WHEN u(o.order_id * 8 + k, 42) < 0.92 THEN 2 ELSE 3 END)::INTEGER AS quantity,
       round(p.unit_cost * (1.35 + 0.8 * u(p.product_id, 43)) * (CASE WHEN u(o.order_id * 8 + k, 44) < 0.1 THEN 0.9 ELSE 1 END), 2)::DECIMAL(10,2),
       (CASE WHEN u(o.order_id * 8 + k, 45) < 0.15
          THEN round(p.unit_cost * (0.05 + 0.15 * u(o.order_id * 8 + k, 46)), 2) ELSE 0 END)::DECIMAL(10,2)
     FROM orders o,
       range(0, 1 + CAST(floor(4 * u(o.order_id, 41)) AS INTEGER)) AS r(k),
       LATERAL (SELECT 1 + CAST(floor(${products.length} * pow(u(o.order_id * 8 + k, 47), 1.6)) AS INTEGER) AS pid) AS x
     JOIN products p ON p.product_id = x.pid
     ORDER BY o.order_id`,
    // Daily traffic per country × channel × device, with the same seasonality and a tracking outage.
    `INSERT INTO web_traffic
     SELECT t.day, t.country, t.channel, t.device, t.sessions,
       round(t.sessions * (0.72 + 0.1 * u(t.k, 52)))::INTEGER,
       round(t.sessions * (2.6 + 1.2 * u(t.k, 53)))::INTEGER,
       round(t.sessions * (CASE t.device WHEN 'mobile' THEN 0.52 WHEN 'tablet' THEN 0.45 ELSE 0.36 END + 0.08 * u(t.k, 54)))::INTEGER,
       round(t.sessions * (CASE t.device WHEN 'desktop' THEN 0.032 WHEN 'tablet' THEN 0.024 ELSE 0.016 END) * (0.8 + 0.4 * u(t.k, 55)))::INTEGER
     FROM (
       SELECT dw.day, cd.name AS country, ch.name AS channel, dv.device,
         (dw.i * 1000 + cd.idx * 30 + ch.idx * 3 + dv.idx) AS k,
         round(dw.w * cd.weight * 12.0
           * (CASE ch.name WHEN 'Organic Search' THEN 1.6 WHEN 'Paid Search' THEN 1.1 WHEN 'Direct' THEN 1.0 WHEN 'Social' THEN 0.9 WHEN 'Email' THEN 0.5 ELSE 0.4 END)
           * (CASE dv.device WHEN 'mobile' THEN 1.3 WHEN 'desktop' THEN 1.0 ELSE 0.25 END)
           * (0.85 + 0.3 * u(dw.i * 1000 + cd.idx * 30 + ch.idx * 3 + dv.idx, 51))
           * (CASE WHEN dw.i BETWEEN 1095 - 60 AND 1095 - 58 THEN 0.05 ELSE 1 END))::INTEGER AS sessions
       FROM day_weights dw, country_dim cd, channel_dim ch,
         (VALUES (0, 'desktop'), (1, 'mobile'), (2, 'tablet')) AS dv(idx, device)
     ) AS t
     ORDER BY t.day, t.country, t.channel, t.device`,
    'DROP TABLE order_base',
    'DROP TABLE day_counts',
    'DROP TABLE day_weights',
    'DROP MACRO u',
  ];
}
