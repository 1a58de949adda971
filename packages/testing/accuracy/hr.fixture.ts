/**
 * A small HR schema whose tables hold history (shape 7): 200 staff hired 2015–2026, each
 * with pay rates (effective → expiration, NULL while open), positions (start → end) and team
 * assignments (from → to, 9999-01-01 while open), built deterministically in DuckDB. Periods are
 * half-open: a row is valid from its first date up to, not including, its end date, and the next
 * row starts on that end date. Today is fixed.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { createDuckDbFile } from '../fixtures/duckdb-file';

export const HR_TODAY = '2026-11-20';

/** The tables in load order, with their columns, so a test can copy them elsewhere (PostgreSQL). */
export const HR_TABLES = ['departments', 'staff', 'team_assignments', 'pay_rates', 'positions'] as const;

export const HR_SCHEMA = [
  `CREATE TABLE departments (department_id INTEGER PRIMARY KEY, department_name VARCHAR NOT NULL)`,
  `CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, first_name VARCHAR NOT NULL, last_name VARCHAR NOT NULL,
     gender VARCHAR NOT NULL, birth_date DATE NOT NULL, hire_date DATE NOT NULL)`,
  `CREATE TABLE team_assignments (staff_id INTEGER NOT NULL REFERENCES staff(staff_id),
     department_id INTEGER NOT NULL REFERENCES departments(department_id),
     from_date DATE NOT NULL, to_date DATE NOT NULL, PRIMARY KEY (staff_id, from_date))`,
  `CREATE TABLE pay_rates (staff_id INTEGER NOT NULL REFERENCES staff(staff_id), salary INTEGER NOT NULL,
     effective_date DATE NOT NULL, expiration_date DATE, PRIMARY KEY (staff_id, effective_date))`,
  `CREATE TABLE positions (staff_id INTEGER NOT NULL REFERENCES staff(staff_id), title VARCHAR NOT NULL,
     start_date DATE NOT NULL, end_date DATE NOT NULL, PRIMARY KEY (staff_id, title, start_date))`,
];

const DATA = [
  `INSERT INTO departments VALUES (1, 'Engineering'), (2, 'Sales'), (3, 'Finance'), (4, 'Support'), (5, 'Marketing')`,
  // Hire dates over 2015-01-01 … 2026-09-30; a quarter of the people leave before today.
  `CREATE TEMP TABLE people AS SELECT i AS id,
     DATE '2015-01-01' + CAST(floor(u(i, 1) * 4290) AS INTEGER) AS hired,
     u(i, 2) AS leaves, u(i, 3) AS stay FROM range(1, 201) r(i)`,
  `CREATE TEMP TABLE spans AS SELECT id, hired,
     CASE WHEN leaves < 0.25 AND hired + CAST(200 + stay * 2000 AS INTEGER) < DATE '2026-11-01'
       THEN hired + CAST(200 + stay * 2000 AS INTEGER) END AS left_on FROM people`,
  `INSERT INTO staff SELECT id, 'Name' || id, 'Family' || (id % 37),
     CASE WHEN hash(id, 4) % 2 = 0 THEN 'F' ELSE 'M' END,
     DATE '1960-01-01' + CAST(floor(u(id, 5) * 14000) AS INTEGER), hired FROM spans`,
  // A raise every year from the hire date; the last rate is open (NULL) unless the person left.
  `CREATE TEMP TABLE rates AS SELECT s.id, k, CAST(s.hired + to_years(CAST(k AS INTEGER)) AS DATE) AS eff,
     least(CAST(s.hired + to_years(CAST(k + 1 AS INTEGER)) AS DATE), coalesce(s.left_on, DATE '9999-01-01')) AS nxt,
     s.left_on FROM spans s, range(0, 12) r(k)
     WHERE CAST(s.hired + to_years(CAST(k AS INTEGER)) AS DATE) <= least(coalesce(s.left_on - 1, DATE '9999-01-01'), DATE '2026-11-20')`,
  `INSERT INTO pay_rates SELECT id, CAST(round((38000 + u(id, 6) * 52000) * pow(1.04, k), -2) AS INTEGER), eff,
     CASE WHEN nxt > DATE '2026-11-20' AND left_on IS NULL THEN NULL ELSE nxt END FROM rates`,
  // A new title every three years, a move to another team after four for some.
  `INSERT INTO positions SELECT id,
     (['Associate','Analyst','Senior Analyst','Lead','Manager'])[1 + least(4, CAST(k // 3 AS INTEGER) + CAST(hash(id, 7) % 2 AS INTEGER))],
     eff, CASE WHEN k + 3 <= 11 AND CAST(hired + to_years(CAST(k + 3 AS INTEGER)) AS DATE) <= least(coalesce(left_on - 1, DATE '9999-01-01'), DATE '2026-11-20')
       THEN CAST(hired + to_years(CAST(k + 3 AS INTEGER)) AS DATE) ELSE coalesce(left_on, DATE '9999-01-01') END
     FROM (SELECT r.*, s.hired FROM rates r JOIN spans s USING (id)) WHERE k % 3 = 0`,
  `INSERT INTO team_assignments SELECT id, 1 + CAST(hash(id, 8) % 5 AS INTEGER), hired,
     CASE WHEN u(id, 9) < 0.4 AND CAST(hired + to_years(4) AS DATE) <= least(coalesce(left_on - 1, DATE '9999-01-01'), DATE '2026-11-20')
       THEN CAST(hired + to_years(4) AS DATE) ELSE coalesce(left_on, DATE '9999-01-01') END FROM spans`,
  `INSERT INTO team_assignments SELECT id, 1 + CAST((hash(id, 8) + 1 + hash(id, 10) % 4) % 5 AS INTEGER),
     CAST(hired + to_years(4) AS DATE), coalesce(left_on, DATE '9999-01-01') FROM spans
     WHERE u(id, 9) < 0.4 AND CAST(hired + to_years(4) AS DATE) <= least(coalesce(left_on - 1, DATE '9999-01-01'), DATE '2026-11-20')`,
  'DROP TABLE people',
  'DROP TABLE spans',
  'DROP TABLE rates',
];

/** Builds the HR database in a fresh DuckDB file and returns its path. */
export function createHrDatabase(): Promise<string> {
  return createDuckDbFile('hr', [...HR_SCHEMA, ...DATA]);
}

/** The HR database as one SQL script (the schema, then every row as text literals) for PostgreSQL. */
export async function hrSqlScript(path: string): Promise<string> {
  const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
  const c = await instance.connect();
  const lines = HR_SCHEMA.map((s) => `${s};`);
  const literal = (v: unknown): string => (v === null ? 'NULL' : `'${String(v).replace(/'/g, "''")}'`);
  for (const t of HR_TABLES) {
    const reader = await c.runAndReadAll(`SELECT COLUMNS(*)::VARCHAR FROM ${t}`);
    for (const row of reader.getRows())
      lines.push(`INSERT INTO ${t} VALUES (${row.map(literal).join(', ')});`);
  }
  c.closeSync();
  instance.closeSync();
  return lines.join('\n');
}
