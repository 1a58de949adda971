import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTestDatabaseUrl, testDatabaseUrl } from '@parley/testing';
import type { PaddlePeer } from '@parley/testing/standins/paddle-standin';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { startWorker } from '../src/jobs/start-worker';
import { fileUpload, login } from './peers/factories';
import { copyPgliteTemplate } from './peers/pglite-template';
import {
  databaseUrl,
  forgetPostgresTemplate,
  postgresTemplate,
  uniqueDatabaseName,
} from './peers/postgres-template';

export type DbKind = 'pglite' | 'postgres';

/** Tests read "today" as this instant; the demo dataset ends the same day. */
export const TEST_NOW = '2026-11-20T12:00:00Z';
/** One demo dataset shared by every test run (generated once, then reused read-only). */
export const TEST_DEMO_DATASET = {
  // Same file as the accuracy tests' (@parley/testing/fixtures/demo-fixture.ts).
  path: join(tmpdir(), 'parley-test-demo-v1-2026-11-20-0.25.duckdb'),
  endDate: '2026-11-20',
  scale: 0.25,
};

/** The databases integration suites run against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DATABASES: DbKind[] = testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * A throw-away PostgreSQL database on the test server (or `server`'s), dropped by the returned
 * function: a copy of the migrated template, or with `empty` one with no tables, as a first start has.
 */
export async function createPostgresDatabase(
  server = requireTestDatabaseUrl(),
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = uniqueDatabaseName();
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await createDatabase(admin, server, name, options.empty === true);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(server, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function createDatabase(admin: pg.Client, server: string, name: string, empty: boolean) {
  if (empty) return void (await admin.query(`CREATE DATABASE ${name}`));
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(server)}`);
  } catch (error) {
    // A run of other migrations pruned the template meanwhile: build it again, once.
    if ((error as { code?: string }).code !== '3D000') throw error;
    forgetPostgresTemplate(server);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(server)}`);
  }
}

/** A database of a test, without an app. */
export interface TestDatabase {
  database: Database;
  /** PostgreSQL's URL; undefined on PGlite. */
  url: string | undefined;
  /** Closes the database and removes it. */
  close(): Promise<void>;
}

/**
 * A database without an app: a copy of the prepared template (PGlite's outside any DATA_DIR), or
 * with `empty` one with no tables, as a first install has (PGlite's then in memory).
 */
export async function openTestDatabase(
  kind: DbKind = 'pglite',
  options: { empty?: boolean } = {},
): Promise<TestDatabase> {
  const empty = options.empty === true;
  const pgDb = kind === 'postgres' ? await createPostgresDatabase(undefined, { empty }) : null;
  const liteCopy = kind === 'pglite' && !empty ? await copyPgliteTemplate() : null;
  const database = await openDatabase({ url: pgDb?.url, dir: liteCopy?.dir ?? null });
  return {
    database,
    url: pgDb?.url,
    close: async () => {
      await database.close();
      await pgDb?.drop();
      liteCopy?.remove();
    },
  };
}

/**
 * Builds the real app on a fresh database and DATA_DIR; `env` overrides configuration. Like the
 * server, it runs the job worker (mail, digests) unless `worker: false`.
 */
export async function buildTestApp(
  kind: DbKind = 'pglite',
  env: Record<string, string> = {},
  /** The clock "today" is read from (default: pinned at TEST_NOW). */
  clock: () => Date = () => new Date(TEST_NOW),
  options: {
    worker?: boolean;
    /** A pino logger config (e.g. `{ level, stream }`) to read what the app logs. */
    logger?: object;
    /** Start on a database with no tables, as a first install does (default: a prepared copy). */
    emptyDatabase?: boolean;
    /** More of what the app is built with (a channel's test-only trust roots and provider addresses). */
    build?: Partial<Omit<BuildOptions, 'config' | 'database'>>;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-test-'));
  const db = await openTestDatabase(kind, { empty: options.emptyDatabase });
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_PASSWORD: 'Demo-pass-123!',
    DEMO_END_DATE: '2026-11-20',
    ...(db.url ? { DATABASE_URL: db.url, DEMO: 'true' } : {}),
    ...env,
  });
  const app = await buildApp({
    config,
    database: db.database,
    webRoot: join(dataDir, 'no-web'),
    demoDataset: TEST_DEMO_DATASET,
    clock,
    logger: options.logger,
    ...options.build,
  });
  if (config.DEMO) await app.services.demo.ensureDemo();
  await app.ready();
  if (options.worker !== false) await startWorker(app.services);
  return {
    app,
    // The app's own: in server mode its generated secrets come from the database.
    config: app.config,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/** A signed-in client: cookie and XSRF header applied to every call. */
export interface Client {
  cookie: string;
  xsrf: string;
  inject(opts: {
    method: string;
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse>;
}

/** Uploads a file as a FILE source; its id, or throws with the refusal (the tests' set-up step). */
export async function uploadFile(c: Client, name: string, content: string): Promise<string> {
  const res = await c.inject({
    method: 'POST',
    url: '/api/v1/datasource/upload',
    ...fileUpload(name, content),
  });
  if (res.statusCode !== 200) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
  return res.json().datasource_id;
}

/** Signs in with a password and returns a client carrying the session. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<Client> {
  const { cookie, xsrf } = await login(app, { email, password });
  return {
    cookie,
    xsrf,
    inject: (opts) =>
      app.inject({
        method: opts.method as 'GET',
        url: opts.url,
        payload: opts.payload as object,
        headers: { cookie, 'x-xsrf-token': xsrf, ...opts.headers },
      }),
  };
}

export const DEMO = { email: 'demo@parley.local', password: 'Demo-pass-123!' };

/** The configuration that makes the app bill through a Paddle stand-in (its URL, key, secret and prices). */
export function paddleEnv(paddle: PaddlePeer): Record<string, string> {
  return {
    BILLING_PROVIDER: 'paddle',
    PADDLE_API_URL: paddle.url,
    PADDLE_API_KEY: paddle.apiKey,
    BILLING_WEBHOOK_SECRET: paddle.webhookSecret,
    PADDLE_PRICE_IDS: JSON.stringify(paddle.priceIds),
  };
}
