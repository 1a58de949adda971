/**
 * What a test database template is: the state the app's first start leaves before any traffic
 * (migrations, then the job queue's tables and queues) and nothing more — no demo, no user, no
 * stored secret. Copies of it skip that work (initdb and migrations on PGlite, which take seconds);
 * the app's own start on a copy still runs every step and finds nothing to do.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../src/app';
import { generateSecrets, loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'db', 'migrations');

let key: string | null = null;

/**
 * What a template is made from, hashed: the migrations' content and the versions of PGlite and
 * pg-boss. A change makes a new template instead of reusing a stale one.
 */
export function templateKey(): string {
  if (key) return key;
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')),
    join('meta', '_journal.json'),
  ].sort();
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(join(MIGRATIONS, file)));
  for (const name of ['@electric-sql/pglite', 'pg-boss']) hash.update(packageVersion(name));
  key = hash.digest('hex').slice(0, 16);
  return key;
}

/** A package's version: PGlite's data directories and pg-boss's tables differ between versions. */
function packageVersion(name: string): string {
  // Some packages' exports hide package.json: it is found above the resolved entry instead.
  let dir = dirname(createRequire(import.meta.url).resolve(name));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Opens the database at `url` or `dir` and starts the app on it as main.ts does before it listens
 * (migrations, then the job queue prepared), then closes both. The secrets are given, so none is
 * stored; the demo is off, so no account is made.
 */
export async function prepareTemplate(target: { url?: string; dir: string | null }): Promise<void> {
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
