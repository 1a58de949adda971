import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ConnectorError, DEFAULT_QUERY_OPTIONS } from '@parley/connectors';
import { DATASOURCE_MESSAGES } from '@parley/contract';
import { testDatabaseUrl } from '@parley/testing';
import { type PgAuthPeer, startPgAuthPeer } from '@parley/testing/standins/pg-auth-peer';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasources } from '../../src/db/schema';
import type { Actor } from '../../src/lib/access';
import { SecretBox } from '../../src/lib/crypto';
import { NEW_USER_FEATURES } from '../../src/modules/auth/auth.service';
import { buildTestApp, type Client, signIn, TEST_DATABASES, type TestApp } from '../helpers';
import { createUser, fileUpload, type TestUser } from '../peers/factories';

/**
 * The PostgreSQL server the source databases are created on: TEST_DATABASE_URL's (the connectors'
 * fixtures use the same), whichever database the app itself uses; unset, the PostgreSQL-source tests skip.
 */
const PG_URL = testDatabaseUrl();

const SUFFIX = randomBytes(5).toString('hex');
/** The source role's password: must never appear in an answer, nor in clear in the app database. */
const SOURCE_PASSWORD = `Src-pass-${randomBytes(9).toString('hex')}`;
const ENCRYPTION_KEY = randomBytes(32).toString('hex');
const ROLE = `parley_reader_${SUFFIX}`;

async function admin<T>(database: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(PG_URL!);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const baseDatabase = () => new URL(PG_URL!).pathname.slice(1) || 'postgres';

/**
 * A throw-away source database: `sales` (the same table in each, different numbers), `notes` the
 * role may even INSERT into, a function that writes, and with `analytics` a second schema.
 */
async function createSourceDatabase(
  name: string,
  sales: [region: string, amount: number][],
  analytics = false,
): Promise<void> {
  await admin(baseDatabase(), (c) => c.query(`CREATE DATABASE ${name}`));
  await admin(name, async (c) => {
    await c.query(`
      CREATE TABLE sales (id serial PRIMARY KEY, region text NOT NULL, amount numeric(10,2) NOT NULL, sold_on date NOT NULL);
      CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL);
      CREATE FUNCTION add_note(t text) RETURNS integer LANGUAGE sql AS
        'INSERT INTO notes (body) VALUES (t) RETURNING id';
      GRANT CONNECT ON DATABASE ${name} TO ${ROLE};
      GRANT USAGE ON SCHEMA public TO ${ROLE};
      GRANT SELECT ON sales TO ${ROLE};
      GRANT SELECT, INSERT ON notes TO ${ROLE};
      GRANT USAGE ON SEQUENCE notes_id_seq TO ${ROLE};`);
    for (const [region, amount] of sales) {
      await c.query(`INSERT INTO sales (region, amount, sold_on) VALUES ($1, $2, '2026-10-10')`, [
        region,
        amount,
      ]);
    }
    if (analytics) {
      await c.query(`
        CREATE SCHEMA analytics;
        CREATE TABLE analytics.visits (id serial PRIMARY KEY, page text NOT NULL, seconds integer NOT NULL);
        INSERT INTO analytics.visits (page, seconds) VALUES ('home', 30), ('pricing', 12);
        GRANT USAGE ON SCHEMA analytics TO ${ROLE};
        GRANT SELECT ON analytics.visits TO ${ROLE};
        CREATE SCHEMA hidden;`);
    }
  });
}

const DB_A = `parley_src_a_${SUFFIX}`;
const DB_B = `parley_src_b_${SUFFIX}`;

beforeAll(async () => {
  if (!PG_URL) return;
  await admin(baseDatabase(), (c) => c.query(`CREATE ROLE ${ROLE} LOGIN PASSWORD '${SOURCE_PASSWORD}'`));
  await createSourceDatabase(
    DB_A,
    [
      ['North', 100.5],
      ['South', 200.25],
      ['North', 50],
    ],
    true,
  );
  await createSourceDatabase(DB_B, [
    ['North', 7],
    ['East', 3],
  ]);
}, 60_000);

afterAll(async () => {
  if (!PG_URL) return;
  await admin(baseDatabase(), async (c) => {
    for (const db of [DB_A, DB_B]) await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await c.query(`DROP ROLE IF EXISTS ${ROLE}`);
  });
});

const pgConfig = (database: string, over: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port: PG_URL ? Number(new URL(PG_URL).port || 5432) : 5432,
  database,
  user: ROLE,
  password: SOURCE_PASSWORD,
  ssl: false,
  ...over,
});

/** A multipart/form-data body with one file part, built by hand. */

const CSV = 'region,amount,sold_on\nNorth,10.50,2026-10-01\nSouth,20.25,2026-10-02\nNorth,5,2026-11-01\n';

const actorFor = (user: TestUser): Actor => ({
  userId: user.id,
  email: user.email,
  name: 'Test User',
  features: NEW_USER_FEATURES,
  timezone: 'Europe/London',
  language: 'en-GB',
  projectId: 'default',
});

describe.each(TEST_DATABASES)('data sources on %s', (kind) => {
  let t: TestApp;
  let alice: Client;
  let bob: Client;
  let aliceUser: TestUser;
  let bobUser: TestUser;
  let authPeer: PgAuthPeer;
  /** Every body the suite received: none may carry a secret. */
  const bodies: string[] = [];
  const recorded = (c: Client): Client => ({
    ...c,
    inject: async (opts) => {
      const res = await c.inject(opts);
      bodies.push(res.body);
      return res;
    },
  });

  beforeAll(async () => {
    t = await buildTestApp(kind, { ALLOW_PRIVATE_HOSTS: 'true', ENCRYPTION_KEY });
    aliceUser = await createUser(t.app, { name: 'Alice' });
    bobUser = await createUser(t.app, { name: 'Bob' });
    alice = recorded(await signIn(t.app, aliceUser.email, aliceUser.password));
    bob = recorded(await signIn(t.app, bobUser.email, bobUser.password));
    authPeer = await startPgAuthPeer();
  }, 120_000);
  afterAll(async () => {
    await authPeer.close();
    await t.close();
  });

  const sourcesDir = () => join(t.config.DATA_DIR, 'sources');
  const rowsOf = (user: TestUser) =>
    t.app.database.db.select().from(datasources).where(eq(datasources.userId, user.id));
  const tenant = async (c: Client) => (await c.inject({ method: 'GET', url: '/auth/tenant' })).json();
  const create = (c: Client, name: string, config: Record<string, unknown>) =>
    c.inject({ method: 'POST', url: '/api/v1/datasource', payload: { type: 'POSTGRESQL', name, config } });
  const upload = (c: Client, filename: string, content: string | Buffer, type?: string) =>
    c.inject({ method: 'POST', url: '/api/v1/datasource/upload', ...fileUpload(filename, content, type) });
  const ask = (c: Client, phrase: string, datasource_id?: string) =>
    c.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase, created: Date.now(), ...(datasource_id ? { datasource_id } : {}) },
    });
  const cardOf = (res: { json(): { responses: { card?: { table: Record<string, unknown>[] } }[] } }) =>
    res.json().responses[0]?.card;

  it('lists the source types users can add, without the built-in demo', async () => {
    const res = await alice.inject({ method: 'GET', url: '/api/v1/datasource/types' });
    expect(res.statusCode).toBe(200);
    const types = res.json() as { type: string }[];
    expect(types).toContainEqual(
      expect.objectContaining({ type: 'POSTGRESQL', auth_type: 'basic', supports_accounts: true }),
    );
    expect(types).toContainEqual(expect.objectContaining({ type: 'FILE', supports_accounts: false }));
    expect(types.map((x) => x.type)).not.toContain('DEMO');
  });

  it('lists the demo source in the tenant as the default until another is chosen', async () => {
    const { credentials } = await tenant(alice);
    expect(credentials.demo).toMatchObject({
      type: 'DEMO',
      auth_type: 'builtin',
      active: true,
      revoked: false,
      default: true,
      user: aliceUser.email,
    });
  });

  it('refuses a wrong password with the fixed message and its reason, without the server text, storing nothing', async () => {
    const res = await create(alice, 'Wrong password', pgConfig('anything', { port: authPeer.port }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: DATASOURCE_MESSAGES.invalidConfig,
      reason: { text: `Authentication failed: the server refused the user name or password of “${ROLE}”.` },
    });
    expect(authPeer.received).toContain(SOURCE_PASSWORD); // the server really was asked
    expect(await rowsOf(aliceUser)).toEqual([]);
  });

  it('names the field of a config that does not fit the type', async () => {
    const noHost = await create(alice, 'x', { port: 5432, database: 'd', user: 'u' });
    expect(noHost.statusCode).toBe(400);
    expect(noHost.json().message).toMatch(/^Invalid field config\.host: /);
    const badPort = await create(alice, 'x', pgConfig('d', { port: 'abc' }));
    expect(badPort.json().message).toMatch(/^Invalid field config\.port: /);
    const socket = await create(alice, 'x', pgConfig('d', { host: '/var/run/postgresql' }));
    expect(socket.json().message).toMatch(/^Invalid field config\.host: /);
    const file = await alice.inject({
      method: 'POST',
      url: '/api/v1/datasource',
      payload: { type: 'FILE', name: 'x', config: {} },
    });
    expect(file.statusCode).toBe(400);
    expect(await rowsOf(aliceUser)).toEqual([]);
  });

  describe.skipIf(!PG_URL)('a PostgreSQL source', () => {
    let sourceA: string;
    let sourceB: string;

    it('connects after a live test, pre-selecting the public schema', async () => {
      const res = await create(alice, 'Shop database', pgConfig(DB_A));
      expect(res.statusCode, res.body).toBe(200);
      sourceA = res.json().datasource_id;
      const { credentials } = await tenant(alice);
      expect(credentials[sourceA]).toMatchObject({
        type: 'POSTGRESQL',
        name: 'Shop database',
        auth_type: 'basic',
        active: true,
        revoked: false,
        selected_account: 'public',
        accounts: { public: { id: 'public', account_id: 'public', name: 'public', active: true } },
        // The user chose no default: their newest own source is it, no longer the demo.
        default: true,
      });
      expect(credentials.demo.default).toBe(false);
      expect(Object.keys(credentials[sourceA]).sort()).not.toContain('config');
    });

    it('refuses an unknown database or role with the fixed message and its reason', async () => {
      const cases = [
        [pgConfig(`nope_${SUFFIX}`), `The database “nope_${SUFFIX}” does not exist.`],
        [
          pgConfig(DB_A, { user: `nobody_${SUFFIX}` }),
          `Authentication failed: the server refused the user name or password of “nobody_${SUFFIX}”.`,
        ],
      ] as const;
      for (const [config, reason] of cases) {
        const res = await create(alice, 'Broken', config);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          message: DATASOURCE_MESSAGES.invalidConfig,
          reason: { text: reason },
        });
      }
      expect((await rowsOf(aliceUser)).map((r) => r.id)).toEqual([sourceA]);
    });

    it('keeps the password encrypted at rest, openable only with the key and on its row', async () => {
      const [row] = await rowsOf(aliceUser);
      expect(JSON.stringify(row)).not.toContain(SOURCE_PASSWORD);
      expect(row!.configPublic).toEqual({
        host: '127.0.0.1',
        port: expect.any(Number),
        database: DB_A,
        user: ROLE,
        ssl: false,
      });
      expect(row!.secrets).toMatch(/^v1\./);
      const raw = await t.app.database.db.execute(`SELECT datasources::text AS t FROM datasources`);
      const text = JSON.stringify((raw as { rows?: unknown[] }).rows ?? raw);
      expect(text).not.toContain(SOURCE_PASSWORD);
      const box = new SecretBox(ENCRYPTION_KEY);
      expect(JSON.parse(box.open(row!.secrets!, row!.id))).toEqual({ password: SOURCE_PASSWORD });
      expect(() => box.open(row!.secrets!, 'another-row')).toThrow();
    });

    it('answers a question on the source with its own numbers', async () => {
      const res = await ask(alice, 'amount by region', sourceA);
      expect(res.statusCode, res.body).toBe(200);
      const card = cardOf(res);
      expect(card?.table).toEqual([
        expect.objectContaining({ Region: 'South', Amount: 200.25 }),
        expect.objectContaining({ Region: 'North', Amount: 150.5 }),
      ]);
    });

    it('keeps two users’ answers apart when their sources compile to the same SQL', async () => {
      const res = await create(bob, 'Shop database', pgConfig(DB_B));
      expect(res.statusCode, res.body).toBe(200);
      sourceB = res.json().datasource_id;
      for (let round = 0; round < 2; round++) {
        const a = (await ask(alice, 'total amount', sourceA)).json().responses[0].card;
        const b = (await ask(bob, 'total amount', sourceB)).json().responses[0].card;
        expect(a.query.sql).toBe(b.query.sql);
        expect(a.table[0].Amount).toBe(350.75);
        expect(b.table[0].Amount).toBe(10);
      }
    });

    it('cannot write through the connector: the database refuses in its read-only transaction', async () => {
      const source = await t.app.services.sources.resolve(actorFor(aliceUser), sourceA);
      const cte = source.connector.execute(
        {
          kind: 'sql',
          sql: 'WITH x AS (INSERT INTO notes (body) VALUES ($1) RETURNING id) SELECT id FROM x',
          params: ['cte'],
        },
        DEFAULT_QUERY_OPTIONS,
      );
      await expect(cte).rejects.toBeInstanceOf(ConnectorError);
      // No write keyword for the guard to see: the database itself refuses.
      const viaFunction = source.connector.execute(
        { kind: 'sql', sql: 'SELECT add_note($1) AS id', params: ['function'] },
        DEFAULT_QUERY_OPTIONS,
      );
      await expect(viaFunction).rejects.toThrow(/read-only transaction/);
      const nextval = source.connector.execute(
        { kind: 'sql', sql: "SELECT nextval('notes_id_seq') AS n", params: [] },
        DEFAULT_QUERY_OPTIONS,
      );
      await expect(nextval).rejects.toThrow(/read-only transaction/);
      const notes = await admin(DB_A, (c) => c.query('SELECT count(*)::int AS n FROM notes'));
      expect(notes.rows[0].n).toBe(0);
    });

    it('lists, adds, refuses and removes accounts', async () => {
      const list = await alice.inject({
        method: 'GET',
        url: `/api/v1/datasource/accounts?type=POSTGRESQL&datasource_id=${sourceA}`,
      });
      expect(list.statusCode).toBe(200);
      const ids = (list.json() as { id: string }[]).map((a) => a.id);
      expect(ids).toEqual(expect.arrayContaining(['public', 'analytics']));
      expect(ids).not.toContain('hidden'); // no USAGE for the role

      const add = (id: string) =>
        alice.inject({
          method: 'POST',
          url: '/api/v1/datasource/account',
          payload: { type: 'POSTGRESQL', datasource_id: sourceA, account: { id, name: id } },
        });
      expect((await add('analytics')).statusCode).toBe(200);
      let cred = (await tenant(alice)).credentials[sourceA];
      expect(cred.selected_account).toBe('analytics');
      expect(Object.keys(cred.accounts).sort()).toEqual(['analytics', 'public']);
      expect(cred.accounts.analytics.active).toBe(true);
      expect(cred.accounts.public.active).toBe(false);
      // The selected account is what questions read now: the analytics schema's table.
      const visits = cardOf(await ask(alice, 'total seconds', sourceA));
      expect(visits?.table[0]).toMatchObject({ 'Total Seconds': 42 });

      for (const id of ['hidden', 'nope']) {
        const res = await add(id);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: DATASOURCE_MESSAGES.invalidAccount });
      }

      const remove = await alice.inject({
        method: 'POST',
        url: '/api/v1/datasource/account/remove',
        payload: { type: 'POSTGRESQL', datasource_id: sourceA, account_id: 'analytics' },
      });
      expect(remove.statusCode).toBe(200);
      cred = (await tenant(alice)).credentials[sourceA];
      expect(cred.selected_account).toBe('public');
      expect(Object.keys(cred.accounts)).toEqual(['public']);
      expect(cardOf(await ask(alice, 'total amount', sourceA))?.table[0]).toMatchObject({ Amount: 350.75 });
    });

    it('does not revoke a source that is not signed in with OAuth', async () => {
      const res = await alice.inject({
        method: 'POST',
        url: '/api/v1/datasource/revoke',
        payload: { type: 'POSTGRESQL', datasource_id: sourceA },
      });
      expect(res.statusCode).toBe(400);
      expect((await tenant(alice)).credentials[sourceA]).toMatchObject({ active: true, revoked: false });
    });

    it('deletes the source and its sealed secrets', async () => {
      const res = await alice.inject({ method: 'DELETE', url: `/api/v1/datasource?id=${sourceA}` });
      expect(res.statusCode).toBe(200);
      expect(await rowsOf(aliceUser)).toEqual([]);
      expect((await ask(alice, 'total amount', sourceA)).statusCode).toBe(404);
    });
  });

  describe('an uploaded file', () => {
    let fileSource: string;

    it('becomes a FILE source named after the file that answers with the right total', async () => {
      const res = await upload(alice, 'Shop Sales.csv', CSV);
      expect(res.statusCode, res.body).toBe(200);
      fileSource = res.json().datasource_id;
      expect(existsSync(join(sourcesDir(), `${fileSource}.duckdb`))).toBe(true);
      const { credentials } = await tenant(alice);
      expect(credentials[fileSource]).toMatchObject({
        type: 'FILE',
        name: 'Shop Sales',
        active: true,
        selected_account: null,
        accounts: {},
      });
      const answer = await ask(alice, 'total amount', fileSource);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(cardOf(answer)?.table[0]).toMatchObject({ Amount: 35.75 });
      const byRegion = cardOf(await ask(alice, 'amount by region', fileSource));
      expect(byRegion?.table).toEqual([
        expect.objectContaining({ Region: 'South', Amount: 20.25 }),
        expect.objectContaining({ Region: 'North', Amount: 15.5 }),
      ]);
      // FILE sources have no accounts.
      const accounts = await alice.inject({
        method: 'GET',
        url: `/api/v1/datasource/accounts?type=FILE&datasource_id=${fileSource}`,
      });
      expect(accounts.json()).toEqual([]);
    });

    it('accepts a file larger than the 1 MiB JSON body limit', async () => {
      const rows = Array.from({ length: 60_000 }, (_, i) => `R${i % 7},${(i % 100) + 0.5},2026-10-01`);
      const big = `region,amount,sold_on\n${rows.join('\n')}\n`;
      expect(big.length).toBeGreaterThan(1024 * 1024);
      const res = await upload(alice, 'big.csv', big);
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().datasource_id;
      expect((await alice.inject({ method: 'DELETE', url: `/api/v1/datasource?id=${id}` })).statusCode).toBe(
        200,
      );
    });

    it('refuses a file that is not a table with the loader’s reason, leaving nothing behind', async () => {
      const before = (await rowsOf(aliceUser)).length;
      const filesBefore = readdirSync(sourcesDir()).sort();
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      for (const [name, content, type] of [
        ['picture.png', png, 'image/png'],
        ['data.json', '{"a": 1, "b": [1, 2]}', 'application/json'],
        ['empty.csv', '', 'text/csv'],
      ] as const) {
        const res = await upload(alice, name, content, type);
        expect(res.statusCode, name).toBe(400);
        expect(res.json().message, name).toMatch(/\w/);
      }
      expect((await rowsOf(aliceUser)).length).toBe(before);
      expect(readdirSync(sourcesDir()).sort()).toEqual(filesBefore);
      expect(readdirSync(join(t.config.DATA_DIR, 'tmp'))).toEqual([]);
    });

    it('refuses an upload that is not multipart', async () => {
      const res = await alice.inject({ method: 'POST', url: '/api/v1/datasource/upload', payload: { a: 1 } });
      expect(res.statusCode).toBe(400);
    });

    it('is the default when chosen, and the demo again when that is chosen', async () => {
      const setDefault = (c: Client, datasource_id: string) =>
        c.inject({ method: 'POST', url: '/api/v1/datasource/default', payload: { datasource_id } });
      expect((await setDefault(alice, fileSource)).statusCode).toBe(200);
      let { credentials } = await tenant(alice);
      expect(credentials[fileSource].default).toBe(true);
      expect(credentials.demo.default).toBe(false);
      // A question naming no source goes to the default.
      expect(cardOf(await ask(alice, 'total amount'))?.table[0]).toMatchObject({ Amount: 35.75 });
      const suggestions = (await alice.inject({ method: 'GET', url: '/features/suggestions' })).json();
      expect(suggestions.suggestions.join(' ')).toMatch(/amount/i);

      // Deactivated, it is no longer used: the demo answers again.
      const ref = { type: 'FILE', datasource_id: fileSource };
      expect(
        (await alice.inject({ method: 'POST', url: '/api/v1/datasource/deactivate', payload: ref }))
          .statusCode,
      ).toBe(200);
      ({ credentials } = await tenant(alice));
      expect(credentials[fileSource]).toMatchObject({ active: false, default: false });
      expect(credentials.demo.default).toBe(true);
      const refused = await ask(alice, 'total amount', fileSource);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/inactive/);
      expect((await setDefault(alice, fileSource)).statusCode).toBe(400);
      expect(
        (await alice.inject({ method: 'POST', url: '/api/v1/datasource/activate', payload: ref })).statusCode,
      ).toBe(200);
      expect((await tenant(alice)).credentials[fileSource]).toMatchObject({ active: true, default: true });

      expect((await setDefault(alice, 'demo')).statusCode).toBe(200);
      ({ credentials } = await tenant(alice));
      expect(credentials[fileSource].default).toBe(false);
      expect(credentials.demo.default).toBe(true);
      expect(cardOf(await ask(alice, 'orders last month'))?.table.length).toBeGreaterThan(0);

      // Someone else's source, or no source at all, cannot be the default.
      expect((await setDefault(bob, fileSource)).statusCode).toBe(404);
      expect((await setDefault(alice, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      // Not even an id: the contract refuses it before any lookup.
      expect((await setDefault(alice, 'not-a-source')).statusCode).toBe(400);
    });

    it('is invisible to another user: not listed, not usable, not changeable, not deletable', async () => {
      const { credentials } = await tenant(bob);
      expect(credentials[fileSource]).toBeUndefined();
      const ref = { type: 'FILE', datasource_id: fileSource };
      const tries = [
        await ask(bob, 'total amount', fileSource),
        await bob.inject({
          method: 'GET',
          url: `/api/v1/datasource/accounts?type=FILE&datasource_id=${fileSource}`,
        }),
        await bob.inject({ method: 'POST', url: '/api/v1/datasource/activate', payload: ref }),
        await bob.inject({ method: 'POST', url: '/api/v1/datasource/deactivate', payload: ref }),
        await bob.inject({ method: 'DELETE', url: `/api/v1/datasource?id=${fileSource}` }),
      ];
      for (const res of tries) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: DATASOURCE_MESSAGES.notFound });
      }
      expect((await tenant(alice)).credentials[fileSource].active).toBe(true);
    });

    it('deletes the row and the file', async () => {
      const file = join(sourcesDir(), `${fileSource}.duckdb`);
      expect(existsSync(file)).toBe(true);
      const res = await alice.inject({ method: 'DELETE', url: `/api/v1/datasource?id=${fileSource}` });
      expect(res.statusCode).toBe(200);
      expect(existsSync(file)).toBe(false);
      expect((await tenant(alice)).credentials[fileSource]).toBeUndefined();
      expect((await ask(alice, 'total amount', fileSource)).statusCode).toBe(404);
      const again = await alice.inject({ method: 'DELETE', url: `/api/v1/datasource?id=${fileSource}` });
      expect(again.statusCode).toBe(404);
    });
  });

  it('never answered with the source password or the encryption key', () => {
    expect(bodies.length).toBeGreaterThan(20);
    const all = bodies.join('\n');
    expect(all).not.toContain(SOURCE_PASSWORD);
    expect(all).not.toContain(ENCRYPTION_KEY);
    expect(all).not.toMatch(/password authentication failed/);
  });
});

describe.each(TEST_DATABASES)('data-source limits on %s', (kind) => {
  let t: TestApp;
  let user: Client;
  let userRow: TestUser;
  beforeAll(async () => {
    // Private hosts refused (DESIGN §8) and a 1 KB upload limit.
    t = await buildTestApp(kind, { ALLOW_PRIVATE_HOSTS: 'false', UPLOAD_LIMIT_MB: '0.001' });
    userRow = await createUser(t.app);
    user = await signIn(t.app, userRow.email, userRow.password);
  }, 120_000);
  afterAll(() => t.close());

  const rows = () => t.app.database.db.select().from(datasources).where(eq(datasources.userId, userRow.id));

  it('refuses loopback, private and metadata hosts with a clear message, storing nothing', async () => {
    for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '169.254.169.254']) {
      const res = await user.inject({
        method: 'POST',
        url: '/api/v1/datasource',
        payload: { type: 'POSTGRESQL', name: 'Internal', config: pgConfig('postgres', { host }) },
      });
      expect(res.statusCode, host).toBe(400);
      expect(res.json().message, host).toMatch(/^Invalid field config\.host: .*private or reserved address/);
    }
    expect(await rows()).toEqual([]);
  });

  it('refuses an upload over UPLOAD_LIMIT_MB with 413, leaving nothing behind', async () => {
    const big = `region,amount\n${'North,1\n'.repeat(1000)}`;
    const res = await user.inject({
      method: 'POST',
      url: '/api/v1/datasource/upload',
      ...fileUpload('big.csv', big),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/upload limit of 0\.001 MB/);
    expect(await rows()).toEqual([]);
    const dir = join(t.config.DATA_DIR, 'sources');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    expect(readdirSync(join(t.config.DATA_DIR, 'tmp'))).toEqual([]);
  });
});
