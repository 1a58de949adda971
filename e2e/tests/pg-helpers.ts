// PostgreSQL helpers for the data-source tests: a read-only role for the Pagila database that
// packages/connectors' fixture loads, SQL run directly on it to check the app's numbers, and a
// peer that refuses every password the way PostgreSQL does.
import { execFileSync } from 'node:child_process';
import { testDatabaseServer, testDatabaseUrl } from '@parley/testing';
import { startPgAuthPeer } from '@parley/testing/standins/pg-auth-peer';

/** The PostgreSQL server Pagila is loaded into: TEST_DATABASE_URL's (the spec skips when it is unset). */
const server = testDatabaseUrl() ? testDatabaseServer() : null;
export const PG = {
  host: server?.host ?? '',
  port: server?.port ?? 0,
  admin: server?.user ?? '',
  adminPassword: server?.password ?? '',
};

/** The read-only login role the app connects to Pagila with. */
export const READER = { user: 'parley_e2e_reader', password: 'Reader-pass-42!' };

/** Runs SQL (or a script on stdin) with psql as the admin; returns the unaligned, tuples-only output. */
export function psql(database: string, sql: string | null, stdin?: Buffer | string): string {
  const args = ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-h', PG.host, '-p', String(PG.port)];
  args.push('-U', PG.admin, '-d', database);
  if (sql !== null) args.push('-c', sql);
  return execFileSync('psql', args, {
    input: stdin,
    env: { ...process.env, PGPASSWORD: PG.adminPassword, PGOPTIONS: '--client-min-messages=warning' },
    maxBuffer: 64 * 1024 * 1024,
  })
    .toString('utf8')
    .trim();
}

/** One number from SQL run straight on a database. */
export function sqlNumber(database: string, sql: string): number {
  const out = psql(database, sql);
  const value = Number(out);
  if (!Number.isFinite(value)) throw new Error(`Not a number from ${sql}: ${out}`);
  return value;
}

/** Rows (columns split on |) from SQL run straight on a database. */
export function sqlRows(database: string, sql: string): string[][] {
  const out = psql(database, sql);
  return out === '' ? [] : out.split('\n').map((line) => line.split('|'));
}

/**
 * A read-only login role with a password on `database`, as a customer would hand the app:
 * CONNECT, and SELECT on the public schema's tables.
 */
export function createReader(database: string): void {
  const role = READER.user;
  psql(
    'postgres',
    `DO $$ BEGIN
       IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN
         CREATE ROLE ${role} LOGIN PASSWORD '${READER.password}';
       ELSE
         ALTER ROLE ${role} LOGIN PASSWORD '${READER.password}';
       END IF;
     END $$`,
  );
  psql(
    database,
    `GRANT CONNECT ON DATABASE ${database} TO ${role};
     GRANT USAGE ON SCHEMA public TO ${role};
     GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role};`,
  );
}

/** Whether the server really checks the reader's password (false under trust authentication). */
export function serverChecksPasswords(database: string): boolean {
  try {
    execFileSync(
      'psql',
      ['-X', '-q', '-h', PG.host, '-p', String(PG.port), '-U', READER.user, '-d', database, '-c', 'select 1'],
      { env: { ...process.env, PGPASSWORD: 'certainly-not-the-password' }, stdio: 'ignore' },
    );
    return false;
  } catch {
    return true;
  }
}

/** A server that refuses every password with SQLSTATE 28P01 (the shared connectors peer). */
export async function startPasswordRefusingPeer(): Promise<{ port: number; close: () => Promise<void> }> {
  return startPgAuthPeer();
}
