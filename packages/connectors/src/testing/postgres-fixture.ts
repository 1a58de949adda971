/**
 * Test fixture: a throwaway PostgreSQL database `parley_conn_<random>` on the test server holding
 * the demo tables (a small-scale demo file, copied over with COPY FROM STDIN), with the same
 * primary and foreign keys. `drop()` removes it.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { TPostgresConfig } from '@parley/contract';
import pg from 'pg';
import { DuckDbConnector } from '../duckdb/duckdb.connector';
import { getTestDemoPath } from './demo-fixture';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Small enough to copy in a second or two; every table and key of the demo is there. */
const PG_DEMO_SCALE = 0.02;

export interface TPostgresTestDatabase {
  name: string;
  /** Connection fields of the superuser on the new database. */
  config: TPostgresConfig;
  /** A client on the new database as the superuser (for setup inside tests). */
  admin: pg.Client;
  drop(): Promise<void>;
}

function fieldsOf(url: string, database: string): TPostgresConfig {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    database,
    user: decodeURIComponent(u.username || 'postgres'),
    password: decodeURIComponent(u.password),
    ssl: false,
  };
}

const PG_TYPES: [RegExp, string][] = [
  [/^VARCHAR/, 'text'],
  [/^DECIMAL/, 'numeric'],
  [/^DOUBLE/, 'double precision'],
  [/^TIMESTAMP/, 'timestamp'],
];

function pgType(duckType: string): string {
  for (const [pattern, name] of PG_TYPES) if (pattern.test(duckType)) return duckType.replace(pattern, name);
  return duckType;
}

const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

/** COPY … FROM STDIN over pg's protocol hooks (the role pg-copy-streams plays). */
function copyFrom(client: pg.Client, sql: string, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const query = new pg.Query(sql) as pg.Query & {
      handleCopyInResponse(connection: { sendCopyFromChunk(b: Buffer): void; endCopyFrom(): void }): void;
    };
    query.handleCopyInResponse = (connection) => {
      for (let i = 0; i < data.length; i += 1 << 20)
        connection.sendCopyFromChunk(data.subarray(i, i + (1 << 20)));
      connection.endCopyFrom();
    };
    query.on('end', () => resolve());
    query.on('error', reject);
    client.query(query);
  });
}

/** Creates the database and copies the demo tables (at `scale`; benchmarks use 1) into it. */
export async function createPostgresDemoDatabase(scale = PG_DEMO_SCALE): Promise<TPostgresTestDatabase> {
  const name = `parley_conn_${randomBytes(5).toString('hex')}`;
  const server = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await server.connect();
  await server.query(`CREATE DATABASE ${name}`);
  await server.end();
  const config = fieldsOf(TEST_DATABASE_URL, name);
  const admin = new pg.Client({ ...config });
  const drop = async () => {
    await admin.end().catch(() => {});
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  try {
    await admin.connect();
    const demoPath = await getTestDemoPath(scale);
    const demo = new DuckDbConnector({ path: demoPath });
    const { tables } = await demo.introspect();
    await demo.close();
    for (const t of tables) {
      const columns = t.columns.map((c) => `${q(c.name)} ${pgType(c.type)}${c.nullable ? '' : ' NOT NULL'}`);
      if (t.primaryKey.length) columns.push(`PRIMARY KEY (${t.primaryKey.map(q).join(', ')})`);
      await admin.query(`CREATE TABLE ${q(t.name)} (${columns.join(', ')})`);
    }
    // DuckDB writes each table as CSV (the demo file itself stays read-only), PostgreSQL copies it in.
    const exporter = await DuckDBInstance.create(':memory:');
    const c = await exporter.connect();
    try {
      await c.run(`ATTACH '${demoPath}' AS demo (READ_ONLY)`);
      for (const t of tables) {
        const csv = join(tmpdir(), `${name}-${t.name}.csv`);
        await c.run(`COPY demo.main.${q(t.name)} TO '${csv}' (FORMAT csv, HEADER false)`);
        await copyFrom(admin, `COPY ${q(t.name)} FROM STDIN (FORMAT csv)`, await readFile(csv));
        await rm(csv, { force: true });
      }
    } finally {
      c.closeSync();
      exporter.closeSync();
    }
    for (const t of tables)
      for (const fk of t.foreignKeys)
        await admin.query(
          `ALTER TABLE ${q(t.name)} ADD FOREIGN KEY (${fk.columns.map(q).join(', ')}) REFERENCES ${q(fk.refTable)} (${fk.refColumns.map(q).join(', ')})`,
        );
    await admin.query('ANALYZE');
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, config, admin, drop };
}
