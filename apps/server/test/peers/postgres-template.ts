/**
 * The prepared PostgreSQL template database (template-prepare.ts) test databases are created from
 * with `CREATE DATABASE … TEMPLATE`. Named by the template key, so a change of migrations makes a
 * new one; built under an advisory lock, so concurrent workers and runs wait for one builder and
 * never copy a half-made template.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { prepareTemplate, templateKey } from './template-prepare';

const PREFIX = 'parley_template_';
/** The advisory-lock key a template's builder holds on the server (any fixed number unique to this use). */
const TEMPLATE_LOCK = 7_240_127_100;
/** Templates of other migrations kept on the server, for runs of other branches going on meanwhile. */
const KEPT_TEMPLATES = 3;

const templates = new Map<string, Promise<string>>();

/** The name of the prepared template database on `server`, built on first use. */
export function postgresTemplate(server: string): Promise<string> {
  let template = templates.get(server);
  if (!template) {
    template = ensureTemplate(server);
    templates.set(server, template);
    template.catch(() => templates.delete(server));
  }
  return template;
}

/** Forgets `server`'s template, so the next call checks the server again (another run dropped it). */
export function forgetPostgresTemplate(server: string): void {
  templates.delete(server);
}

/** `server`'s URL pointing at the database `name`. */
export function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database name no other test takes. */
export function uniqueDatabaseName(): string {
  return `parley_test_${randomBytes(6).toString('hex')}`;
}

async function ensureTemplate(server: string): Promise<string> {
  const name = `${PREFIX}${templateKey()}`;
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
    await prepareTemplate({ url: databaseUrl(server, name), dir: null });
    // Marked last: until then no one copies it. No connections, so copies are never refused.
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    await pruneOldTemplates(admin, name);
    return name;
  } finally {
    await admin.end();
  }
}

async function isTemplate(admin: pg.Client, name: string): Promise<boolean> {
  const { rows } = await admin.query('SELECT datistemplate FROM pg_database WHERE datname = $1', [name]);
  return rows[0]?.datistemplate === true;
}

/** Drops the oldest templates of other migrations; a run still using one builds it again on a miss. */
async function pruneOldTemplates(admin: pg.Client, current: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE '${PREFIX}%' AND datname <> $1
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
