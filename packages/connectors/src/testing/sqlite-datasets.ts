/**
 * Test fixture: the demo dataset and Northwind as SQLite database files (what the D1 stand-in
 * serves). Tables, declared types, primary and foreign keys are copied from the DuckDB versions
 * (types renamed the way SQLite users write them: VARCHAR → TEXT, BIGINT → INTEGER, DOUBLE →
 * REAL; DATE and DECIMAL(p,s) kept, as D1 keeps any declared type); dates are stored as
 * 'YYYY-MM-DD' text. Files are built once into the OS temp folder and reused.
 */
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TIntrospectedTable } from '@parley/engine';
import initSqlJs from 'sql.js';
import { DuckDbConnector } from '../duckdb/duckdb.connector';
import { quoteIdentifier as q } from '../sql/sql-connector';
import { getTestDemoPath } from './demo-fixture';
import { createNorthwindDatabase } from './northwind-fixture';

const VERSION = 1;
/** Small enough to load in a second; every table and key of the demo is there. */
export const SQLITE_DEMO_SCALE = 0.02;

function sqliteType(duckType: string): string {
  if (/^(VARCHAR|TEXT)/i.test(duckType)) return 'TEXT';
  if (/^(BIGINT|INTEGER|SMALLINT|TINYINT|HUGEINT)/i.test(duckType)) return 'INTEGER';
  if (/^(DOUBLE|FLOAT|REAL)/i.test(duckType)) return 'REAL';
  if (/^TIMESTAMP/i.test(duckType)) return 'DATETIME';
  return duckType;
}

function createTableSql(t: TIntrospectedTable): string {
  const columns = t.columns.map((c) => {
    const fk = t.foreignKeys.find((k) => k.columns.length === 1 && k.columns[0] === c.name);
    const ref = fk ? ` REFERENCES ${q(fk.refTable)} (${q(fk.refColumns[0])})` : '';
    return `${q(c.name)} ${sqliteType(c.type)}${c.nullable ? '' : ' NOT NULL'}${ref}`;
  });
  if (t.primaryKey.length) columns.push(`PRIMARY KEY (${t.primaryKey.map(q).join(', ')})`);
  for (const k of t.foreignKeys.filter((k) => k.columns.length > 1))
    columns.push(
      `FOREIGN KEY (${k.columns.map(q).join(', ')}) REFERENCES ${q(k.refTable)} (${k.refColumns.map(q).join(', ')})`,
    );
  return `CREATE TABLE ${q(t.name)} (\n  ${columns.join(',\n  ')}\n)`;
}

/** Copies every table of a DuckDB file into a new SQLite file at `out`. */
async function copyToSqlite(duckPath: string, out: string): Promise<void> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  const source = new DuckDbConnector({ path: duckPath });
  try {
    const { tables } = await source.introspect();
    for (const t of tables) db.run(createTableSql(t));
    db.run('BEGIN');
    for (const t of tables) {
      const { rows } = await source.query(`SELECT * FROM ${q(t.name)}`, [], {
        timeoutMs: 60_000,
        maxRows: 10_000_000,
      });
      const names = t.columns.map((c) => c.name);
      const insert = db.prepare(
        `INSERT INTO ${q(t.name)} (${names.map(q).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
      );
      for (const row of rows)
        insert.run(
          names.map((n) => {
            const v = row[n];
            if (typeof v === 'boolean') return v ? 1 : 0;
            if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v))
              return v.replace('T', ' ').slice(0, 19);
            return v ?? null;
          }),
        );
      insert.free();
    }
    db.run('COMMIT');
    const temp = `${out}.${process.pid}.tmp`;
    writeFileSync(temp, db.export());
    renameSync(temp, out);
  } finally {
    db.close();
    await source.close();
  }
}

/** The demo dataset (scale SQLITE_DEMO_SCALE, TEST_END_DATE) as a SQLite file. */
export async function getSqliteDemoPath(): Promise<string> {
  const path = join(tmpdir(), `parley-test-demo-sqlite-v${VERSION}-${SQLITE_DEMO_SCALE}.sqlite`);
  if (!existsSync(path)) await copyToSqlite(await getTestDemoPath(SQLITE_DEMO_SCALE), path);
  return path;
}

/** Northwind (testing/datasets/northwind, no declared keys) as a SQLite file. */
export async function getSqliteNorthwindPath(): Promise<string> {
  const path = join(tmpdir(), `parley-test-northwind-sqlite-v${VERSION}.sqlite`);
  if (!existsSync(path)) {
    const duck = await createNorthwindDatabase();
    try {
      await copyToSqlite(duck, path);
    } finally {
      rmSync(duck, { force: true });
    }
  }
  return path;
}
