/**
 * Test fixture: Pagila (datasets/pagila, see its README) loaded with psql into a throwaway
 * database `parley_acc_pagila_<pid>_<time>` on a local PostgreSQL server, dropped afterwards.
 * ACCURACY_PG_URL names the server (default postgres://postgres@127.0.0.1:5432).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const DATASET = fileURLToPath(new URL('./datasets/pagila/', import.meta.url));

/** Payments run from 2022-01-23 to 2022-07-27, rentals to 2022-08-23; "today" is 2022-08-24. */
export const PAGILA_TODAY = '2022-08-24';

const url = new URL(process.env.ACCURACY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432');
const SERVER = {
  host: url.hostname,
  port: Number(url.port || 5432),
  user: decodeURIComponent(url.username || 'postgres'),
  password: decodeURIComponent(url.password),
};

export interface TPagilaDatabase {
  /** What the PostgreSQL connector is built with. */
  config: { host: string; port: number; database: string; user: string; password: string; ssl: boolean };
  drop(): void;
}

function psql(database: string, sql: string | null, stdin?: Buffer): string {
  const args = [
    '-X',
    '-q',
    '-A',
    '-t',
    '-v',
    'ON_ERROR_STOP=1',
    '-h',
    SERVER.host,
    '-p',
    String(SERVER.port),
  ];
  args.push('-U', SERVER.user, '-d', database);
  if (sql !== null) args.push('-c', sql);
  return execFileSync('psql', args, {
    input: stdin,
    env: { ...process.env, PGPASSWORD: SERVER.password, PGOPTIONS: '--client-min-messages=warning' },
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
    .toString('utf8')
    .trim();
}

/** Whether psql can reach the server (the accuracy test is skipped without one). */
export function isPostgresAvailable(): boolean {
  try {
    return psql('postgres', 'SELECT 1') === '1';
  } catch {
    return false;
  }
}

/** Loads schema and data into a fresh database and analyses it (so row estimates exist). */
export function createPagilaDatabase(): TPagilaDatabase {
  const database = `parley_acc_pagila_${process.pid}_${Date.now()}`;
  psql('postgres', `CREATE DATABASE ${database}`);
  const drop = (): void => {
    psql('postgres', `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  };
  try {
    psql(database, null, readFileSync(`${DATASET}pagila-schema.sql`));
    psql(database, null, gunzipSync(readFileSync(`${DATASET}pagila-data.sql.gz`)));
    psql(database, 'ANALYZE');
  } catch (error) {
    drop();
    throw error;
  }
  return {
    config: {
      host: SERVER.host,
      port: SERVER.port,
      database,
      user: SERVER.user,
      password: SERVER.password,
      ssl: false,
    },
    drop,
  };
}
