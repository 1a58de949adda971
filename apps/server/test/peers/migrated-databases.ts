/**
 * Prepared databases for tests, made once and copied: a fresh PGlite spends seconds in initdb, the
 * migrations and the job queue's tables, while a copy of a prepared data directory opens in a
 * fraction of that; on PostgreSQL a database made `TEMPLATE` a prepared one skips that work.
 * A template is what the app's first start leaves before any traffic (migrations, the queue's
 * tables and queues) and nothing more: no demo, no user, no stored secret. Templates are keyed by
 * the migrations' content and the versions of PGlite and pg-boss, so a change makes a new one, and
 * concurrent workers or runs find a complete template or build one without racing each other. The
 * app's own start on a copy still runs every step and finds nothing to do.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { generateSecrets, loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'db', 'migrations');
const PGLITE_PREFIX = 'parley-pglite-template-';
const POSTGRES_PREFIX = 'parley_template_';
/** The advisory-lock key a template's builder holds on the server (any fixed number unique to this use). */
const TEMPLATE_LOCK = 7_240_127_100;
/** Templates of other migrations kept on the server, for runs of other branches going on meanwhile. */
const KEPT_TEMPLATES = 3;
/** A PGlite template of other migrations is removed once unused this long. */
const STALE_MS = 24 * 60 * 60 * 1000;
/**
 * Where PGlite templates and copies live: in memory (/dev/shm) where there is one, since a copy
 * written back to disk and then deleted costs more than making it.
 */
const DB_ROOT = (() => {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
})();

let key: string | null = null;

/** The migrations' content and the versions of PGlite and pg-boss, hashed: what a template was made from. */
export function migrationsKey(): string {
  if (key) return key;
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')),
    join('meta', '_journal.json'),
  ].sort();
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(MIGRATIONS, file)));
  for (const name of ['@electric-sql/pglite', 'pg-boss']) hash.update(packageVersion(name));
  key = hash.digest('hex').slice(0, 16);
  return key;
}

let pgliteDir: Promise<string> | null = null;

/** A package's version: PGlite's data directories and pg-boss's tables differ between versions. */
function packageVersion(name: string): string {
  // Some packages' exports hide package.json: it is found above the resolved entry instead.
  let dir = dirname(createRequire(import.meta.url).resolve(name));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Opens the database at `url` or `dir` and starts the app on it as a first start does before any
 * traffic (main.ts: migrations, then the job queue's tables and queues), then closes both. The
 * secrets are given, so none is stored; the demo is off, so no account is made.
 */
async function prepare(target: { url?: string; dir: string | null }): Promise<void> {
  const database = await openDatabase(target);
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-template-app-'));
  const secrets = generateSecrets();
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DEMO: 'false',
      SESSION_SECRET: secrets.sessionSecret,
      ENCRYPTION_KEY: secrets.encryptionKey,
      ...(target.url ? { DATABASE_URL: target.url } : {}),
    });
    const app = await buildApp({ config, database, webRoot: join(dataDir, 'no-web') });
    try {
      await app.services.queue.prepare();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The migrated PGlite data directory copies are made from, built on first use. */
export function pgliteTemplate(): Promise<string> {
  pgliteDir ??= ensurePgliteTemplate();
  pgliteDir.catch(() => {
    pgliteDir = null;
  });
  return pgliteDir;
}

async function ensurePgliteTemplate(): Promise<string> {
  const dir = join(DB_ROOT, `${PGLITE_PREFIX}${migrationsKey()}`);
  if (!existsSync(dir)) {
    const building = mkdtempSync(`${dir}.building-`);
    await prepare({ dir: building });
    try {
      // Atomic: a reader sees the whole directory or none; whoever renames second drops its own.
      renameSync(building, dir);
    } catch {
      rmSync(building, { recursive: true, force: true });
    }
    pruneStalePgliteTemplates(dir);
  }
  // Marks it in use, so other runs' pruning leaves it.
  const now = new Date();
  utimesSync(dir, now, now);
  return dir;
}

/** A fresh copy of the migrated PGlite database, for `openDatabase({ dir })`; `remove` deletes it. */
export async function copyPgliteTemplate(): Promise<{ dir: string; remove: () => void }> {
  const template = await pgliteTemplate();
  const dir = join(mkdtempSync(join(DB_ROOT, 'parley-test-db-')), 'app');
  cpSync(template, dir, { recursive: true });
  return { dir, remove: () => rmSync(dirname(dir), { recursive: true, force: true }) };
}

function pruneStalePgliteTemplates(current: string): void {
  for (const name of readdirSync(DB_ROOT)) {
    const path = join(DB_ROOT, name);
    if (!name.startsWith(PGLITE_PREFIX) || path === current) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Another run removed it first.
    }
  }
}

const postgresTemplates = new Map<string, Promise<string>>();

/** The name of the migrated template database on `server`, built on first use. */
export function postgresTemplate(server: string): Promise<string> {
  let template = postgresTemplates.get(server);
  if (!template) {
    template = ensurePostgresTemplate(server);
    postgresTemplates.set(server, template);
    template.catch(() => postgresTemplates.delete(server));
  }
  return template;
}

/** Forgets `server`'s template, so the next call checks the server again (another run dropped it). */
export function forgetPostgresTemplate(server: string): void {
  postgresTemplates.delete(server);
}

/** `server`'s URL pointing at the database `name`. */
export function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function ensurePostgresTemplate(server: string): Promise<string> {
  const name = `${POSTGRES_PREFIX}${migrationsKey()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    if (await isTemplate(admin, name)) return name;
    // Builders on other workers wait here, then find the template made.
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    if (await isTemplate(admin, name)) return name;
    // A database of that name that is not yet a template is a builder's that died half-way.
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await prepare({ url: databaseUrl(server, name), dir: null });
    // Marked last: until then no one copies it. No connections, so copies are never refused.
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    await pruneOldPostgresTemplates(admin, name);
    return name;
  } finally {
    await admin.end();
  }
}

async function isTemplate(admin: pg.Client, name: string): Promise<boolean> {
  const { rows } = await admin.query('SELECT datistemplate FROM pg_database WHERE datname = $1', [name]);
  return rows[0]?.datistemplate === true;
}

/** Drops the oldest templates of other migrations; a run still using one rebuilds it on a miss. */
async function pruneOldPostgresTemplates(admin: pg.Client, current: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE '${POSTGRES_PREFIX}%' AND datname <> $1
     ORDER BY oid DESC OFFSET ${KEPT_TEMPLATES}`,
    [current],
  );
  for (const { datname } of rows) {
    await admin
      .query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`)
      .then(() => admin.query(`DROP DATABASE IF EXISTS ${datname}`))
      .catch(() => undefined);
  }
}

/** A database name no other test takes. */
export function uniqueDatabaseName(): string {
  return `parley_test_${randomBytes(6).toString('hex')}`;
}
