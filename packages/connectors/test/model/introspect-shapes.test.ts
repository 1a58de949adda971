/**
 * Durations, composite keys and marker tables end to end: tiny tables of each shape in DuckDB,
 * introspected and modelled as an upload would be, questions parsed and compiled, and the SQL run
 * on DuckDB, PostgreSQL (when TEST_DATABASE_URL is set) and SQLite (sql.js, dates as text as D1
 * keeps them) against hand-computed answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { compileQuery, generateModel, parseQuestion, type TSemanticModel } from '@parley/engine';
import { testDatabaseServer, testDatabaseUrl } from '@parley/testing';
import pg from 'pg';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbConnector } from '../../src/duckdb/duckdb.connector';

const TODAY = '2024-06-30';
const SCHEMA = [
  `CREATE TABLE orders (order_id INTEGER PRIMARY KEY, order_date DATE, required_date DATE, shipped_date DATE, amount DECIMAL(12,2))`,
  `INSERT INTO orders VALUES (1, '2024-01-01', '2024-01-05', '2024-01-04', 10), (2, '2024-01-10', '2024-01-15', '2024-01-12', 20), (3, '2024-02-01', '2024-02-05', NULL, 30)`,
  `CREATE TABLE tickets (ticket_id INTEGER PRIMARY KEY, created_at TIMESTAMP, resolved_at TIMESTAMP, priority VARCHAR(10))`,
  `INSERT INTO tickets VALUES (1, '2024-01-01 08:00:00', '2024-01-01 14:00:00', 'high'), (2, '2024-01-02 09:00:00', '2024-01-03 09:00:00', 'low'), (3, '2024-01-05 10:00:00', NULL, 'low'), (4, '2024-01-06 10:00:00', '2024-01-06 22:00:00', 'low')`,
  `CREATE TABLE policy (policy_id INTEGER PRIMARY KEY, policy_number VARCHAR(20))`,
  `INSERT INTO policy VALUES (1, 'P-1'), (2, 'P-2')`,
  `CREATE TABLE policy_amount (policy_amount_id INTEGER PRIMARY KEY, policy_id INTEGER REFERENCES policy (policy_id), effective_date DATE, amount DECIMAL(12,2))`,
  `INSERT INTO policy_amount VALUES (1, 1, '2024-01-01', 100), (2, 1, '2024-02-01', 50), (3, 2, '2024-03-01', 200), (4, 2, '2024-03-05', 25)`,
  `CREATE TABLE premium (policy_amount_id INTEGER PRIMARY KEY REFERENCES policy_amount (policy_amount_id))`,
  `INSERT INTO premium VALUES (1), (3)`,
  `CREATE TABLE employees (employee_no INTEGER PRIMARY KEY, first_name VARCHAR(20), last_name VARCHAR(20), hire_date DATE)`,
  `INSERT INTO employees VALUES (1, 'Ada', 'L', '2020-01-01'), (2, 'Bo', 'M', '2020-01-01'), (3, 'Cy', 'N', '2020-01-01'), (4, 'Di', 'O', '2020-01-01')`,
  `CREATE TABLE teams (team_no VARCHAR(4) PRIMARY KEY, team_name VARCHAR(20))`,
  `INSERT INTO teams VALUES ('T1', 'Sales'), ('T2', 'Support')`,
  `CREATE TABLE team_members (employee_no INTEGER REFERENCES employees (employee_no), team_no VARCHAR(4) REFERENCES teams (team_no), from_date DATE, to_date DATE, PRIMARY KEY (employee_no, team_no))`,
  `INSERT INTO team_members VALUES (1, 'T1', '2020-01-01', '2021-01-01'), (2, 'T1', '2020-01-01', '9999-01-01'), (4, 'T1', '2020-01-01', '9999-01-01'), (1, 'T2', '2021-01-01', '9999-01-01'), (3, 'T2', '2020-01-01', '9999-01-01')`,
  `CREATE TABLE titles (employee_no INTEGER REFERENCES employees (employee_no), title VARCHAR(20), from_date DATE, to_date DATE, PRIMARY KEY (employee_no, title, from_date))`,
  `INSERT INTO titles VALUES (1, 'Engineer', '2020-01-01', '2022-01-01'), (1, 'Manager', '2022-01-01', '9999-01-01'), (2, 'Engineer', '2020-01-01', '9999-01-01'), (3, 'Analyst', '2020-01-01', '9999-01-01')`,
];

/** Question → expected rows (label → value), computed by hand from the rows above. */
const CASES: { question: string; rows: Record<string, string | number>[] }[] = [
  // Shape 6: order 1 ships after 3 days, order 2 after 2, order 3 not yet.
  { question: 'average days to ship', rows: [{ 'Average Days to Ship': 2.5 }] },
  { question: 'total days to ship', rows: [{ 'Total Days to Ship': 5 }] },
  // Tickets resolved after 6 (high), 24 and 12 hours (low): 14 hours on average; ticket 3 is open.
  {
    question: 'average resolution time by priority',
    rows: [
      { Priority: 'low', 'Average Hours to Resolve': 18 },
      { Priority: 'high', 'Average Hours to Resolve': 6 },
    ],
  },
  // Days are calendar days, as an export's own "days to ship" counts them: tickets 1 and 4 closed
  // the day they opened, ticket 2 the next day.
  { question: 'days to resolve', rows: [{ 'Average Days to Resolve': 0.333 }] },
  // Shape 4: amounts 1 (100) and 3 (200) are premiums.
  { question: 'total premium', rows: [{ 'Premium Amount': 300 }] },
  { question: 'average premium', rows: [{ 'Average Premium Amount': 150 }] },
  { question: 'number of premiums', rows: [{ 'Number of Premiums': 2 }] },
  { question: 'total amount', rows: [{ Amount: 375 }] },
  // Shapes 8 and 7: memberships and titles are history (from/to dates), read on today
  // (2024-06-30): Sales has 2 and 4 (1 moved to Support in 2021), Support 1 and 3; employee 4 has
  // no title, 1 is a Manager since 2022.
  {
    question: 'headcount by team',
    rows: [
      { Team: 'Sales', Employees: 2 },
      { Team: 'Support', Employees: 2 },
    ],
  },
  {
    question: 'employees by title',
    rows: [
      { Title: 'Analyst', Employees: 1 },
      { Title: 'Engineer', Employees: 1 },
      { Title: 'Manager', Employees: 1 },
    ],
  },
  // A past year is read on its last day: at the end of 2020 Sales had 1, 2, 4 and Support 3;
  // at the end of 2021 employee 1 was still an Engineer.
  { question: 'headcount in 2020', rows: [{ Employees: 4 }] },
  {
    question: 'employees by title in 2021',
    rows: [
      { Title: 'Engineer', Employees: 2 },
      { Title: 'Analyst', Employees: 1 },
    ],
  },
  { question: 'headcount in 2021 vs 2020', rows: [{ Employees: 4, Previous_Employees: 4 }] },
  // A series reads each year on its last day (2024 on today): every bucket from the first from date.
  {
    question: 'employees with title by year',
    rows: ['2020', '2021', '2022', '2023', '2024'].map((y) => ({
      Year: `${y}-01-01`,
      'Employees With Titles': 3,
    })),
  },
];

function compiled(model: TSemanticModel, question: string, dialect: 'duckdb' | 'postgres' | 'sqlite') {
  const r = parseQuestion(question, { model, today: TODAY, weekStart: 'monday' });
  if (r.kind !== 'query') throw new Error(`"${question}" was not understood: ${JSON.stringify(r)}`);
  return compileQuery(r.query, model, { dialect, today: TODAY, weekStart: 'monday' });
}

/** Numbers rounded (drivers return decimals as strings or bigints), so dialects compare alike. */
function normalise(rows: Record<string, unknown>[]): Record<string, string | number>[] {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => {
        // PostgreSQL hands dates back as local-midnight Date objects.
        if (v instanceof Date)
          return [
            k,
            `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`,
          ];
        const n =
          typeof v === 'bigint'
            ? Number(v)
            : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)
              ? Number(v)
              : v;
        return [k, typeof n === 'number' ? Math.round(n * 1000) / 1000 : String(n)];
      }),
    ),
  );
}

let dir: string;
let model: TSemanticModel;
let duck: DuckDbConnector;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parley-shapes-'));
  const path = join(dir, 'shapes.duckdb');
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  for (const sql of SCHEMA) await connection.run(sql);
  connection.closeSync();
  instance.closeSync();
  duck = new DuckDbConnector({ path }, 'FILE');
  model = generateModel(await duck.introspect(), 'shapes');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('issue 29 shapes on DuckDB', () => {
  for (const c of CASES)
    it(c.question, async () => {
      const q = compiled(model, c.question, 'duckdb');
      const { rows } = await duck.query(q.sql, q.params, { timeoutMs: 10_000, maxRows: 100 });
      expect(normalise(rows)).toEqual(c.rows);
    });
});

describe('issue 29 shapes on SQLite (sql.js)', () => {
  it('gives the same answers', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    for (const sql of SCHEMA) db.run(sql);
    for (const c of CASES) {
      const q = compiled(model, c.question, 'sqlite');
      const statement = db.prepare(q.sql);
      statement.bind(q.params);
      const rows: Record<string, unknown>[] = [];
      while (statement.step()) rows.push(statement.getAsObject());
      statement.free();
      expect(normalise(rows), c.question).toEqual(c.rows);
    }
  });
});

describe.skipIf(!testDatabaseUrl())('issue 29 shapes on PostgreSQL', () => {
  it('gives the same answers', async () => {
    const server = testDatabaseServer();
    const database = `parley_shapes_${process.pid}_${Date.now()}`;
    const connect = async (name: string) => {
      const client = new pg.Client({ ...server, database: name });
      await client.connect();
      return client;
    };
    const admin = await connect(server.database);
    await admin.query(`CREATE DATABASE ${database}`);
    try {
      const client = await connect(database);
      try {
        for (const sql of SCHEMA) await client.query(sql);
        for (const c of CASES) {
          const q = compiled(model, c.question, 'postgres');
          const { rows } = await client.query(q.sql, q.params);
          expect(normalise(rows), c.question).toEqual(c.rows);
        }
      } finally {
        await client.end();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  });
});
