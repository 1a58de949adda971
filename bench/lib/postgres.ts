/**
 * A throwaway PostgreSQL database on TEST_DATABASE_URL's server, for a bench that needs one empty
 * (the app's own database in server mode, the introspection bench's generated schema).
 */
import { randomBytes } from 'node:crypto';
import type { TPostgresConfig } from '@parley/contract';
import { requireTestDatabaseUrl } from '@parley/testing';
import pg from 'pg';

export interface ThrowawayDatabase {
  name: string;
  url: string;
  /** Its connection fields, as a PostgreSQL data source is configured. */
  config: TPostgresConfig;
  /** Drops it, closing whatever is still connected. */
  drop: () => Promise<void>;
}

/** Runs one statement on the server's own database (TEST_DATABASE_URL's). */
async function onServer(server: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Creates `parley_bench_<prefix>_<random>`, empty, on TEST_DATABASE_URL's server. */
export async function createThrowawayDatabase(prefix: string): Promise<ThrowawayDatabase> {
  const server = requireTestDatabaseUrl();
  const name = `parley_bench_${prefix}_${randomBytes(4).toString('hex')}`;
  await onServer(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const config: TPostgresConfig = {
    host: url.hostname,
    port: Number(url.port || 5432),
    database: name,
    user: decodeURIComponent(url.username || 'postgres'),
    password: decodeURIComponent(url.password),
    ssl: false,
  };
  const drop = () => onServer(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  return { name, url: url.toString(), config, drop };
}
