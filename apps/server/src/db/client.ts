import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGliteThread } from './pglite-thread';
import * as schema from './schema';
import { TracedPgClient } from './traced-pg-client';

export type Schema = typeof schema;
/** The app database: PGlite and node-postgres drizzle instances share this surface. */
// biome-ignore lint/suspicious/noExplicitAny: the query-result type differs per driver; callers never see it.
export type Db = PgDatabase<PgQueryResultHKT & any, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `listener` if the database is gone for good: PGlite's thread died. (A PostgreSQL pool
   * reconnects by itself, so it never calls it.)
   */
  onLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the app database and applies pending migrations: PostgreSQL when a URL is given,
 * else PGlite in `dir` (or in memory when `dir` is null, for tests).
 */
export async function openDatabase(opts: { url?: string; dir: string | null }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, Client: TracedPgClient });
    const db = drizzlePg(pool, { schema });
    await underMigrationLock(pool, () => migratePg(db, { migrationsFolder }));
    return { db: db as Db, kind: 'postgres', onLost: () => undefined, close: () => pool.end() };
  }
  if (opts.dir) mkdirSync(opts.dir, { recursive: true });
  // On its own thread: its statements are CPU that would otherwise delay answers (pglite-thread.ts).
  const client = new PGliteThread(opts.dir);
  await client.waitReady;
  // drizzle's PGlite driver calls only query() and transaction(), which the thread provides.
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as Db,
    kind: 'pglite',
    onLost: (listener) => client.onLost(listener),
    close: () => client.close(),
  };
}

/** The advisory-lock key migrations take on PostgreSQL (any fixed number unique to this use). */
const MIGRATION_LOCK = 7_240_127_000;

/**
 * Runs the migrations holding a session-level advisory lock, so processes starting together on an
 * empty database apply them once, one after the other (drizzle's migrator takes no lock of its own).
 */
async function underMigrationLock(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
}
