import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/client';
import { conversationItems } from '../../src/db/schema';
import {
  ConversationsRepository,
  type Owner,
} from '../../src/modules/conversations/conversations.repository';
import { HISTORY_BATCH, HistoryWriter } from '../../src/modules/conversations/history-writer';
import {
  buildTestApp,
  createPostgresDatabase,
  DEMO,
  signIn,
  TEST_DATABASES,
  TEST_DEMO_DATASET,
  TEST_NOW,
  type TestApp,
} from '../helpers';
import { createUser, login } from '../peers/factories';

/**
 * The answer path's shortcuts lose nothing: sessions are served from a short-lived
 * copy, yet a signed-out or password-changed session is refused at once; history is stored
 * after the answer, yet an item survives a process that dies before storing it and a database
 * that refuses it for a while.
 */
describe.each(TEST_DATABASES)('answer path on %s: sessions', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {}, undefined, { worker: false });
  }, 120_000);
  afterAll(() => t.close());

  /** Two sessions of one new user, each read a few times: both now held by the process's copy. */
  const twoHeldSessions = async () => {
    const user = await createUser(t.app);
    const a = await login(t.app, user);
    const b = await login(t.app, user);
    for (let i = 0; i < 3; i++) {
      expect((await a.call('GET', '/auth/tenant')).statusCode).toBe(200);
      expect((await b.call('GET', '/auth/tenant')).statusCode).toBe(200);
    }
    return [a, b] as const;
  };

  it('refuses a signed-out session at once, and keeps the same user’s other session', async () => {
    const [a, b] = await twoHeldSessions();
    expect((await a.call('POST', '/auth/logout', {})).statusCode).toBe(200);
    expect((await a.call('GET', '/auth/tenant')).statusCode).toBe(401);
    expect(
      (await a.call('POST', '/features/conversations/query', { phrase: 'revenue', created: 1 })).statusCode,
    ).toBe(401);
    expect((await b.call('GET', '/auth/tenant')).statusCode).toBe(200);
  });

  it('refuses every session of a user at once after a password change', async () => {
    const [a, b] = await twoHeldSessions();
    const changed = await a.call('POST', '/auth/changepassword', { password: 'Br4nd-new-pass!' });
    expect(changed.statusCode).toBe(200);
    expect((await a.call('GET', '/auth/tenant')).statusCode).toBe(401);
    expect((await b.call('GET', '/auth/tenant')).statusCode).toBe(401);
  });

  it('refuses a session whose logout raced a request still reading it', async () => {
    const user = await createUser(t.app);
    const a = await login(t.app, user);
    // The read and the logout start together; whatever the read saw, it must not be kept.
    const [read] = await Promise.all([a.call('GET', '/auth/tenant'), a.call('POST', '/auth/logout', {})]);
    expect([200, 401]).toContain(read.statusCode);
    expect((await a.call('GET', '/auth/tenant')).statusCode).toBe(401);
  });

  it('sees a user’s own change on their next request (the copy goes with any change they make)', async () => {
    const user = await createUser(t.app);
    const a = await login(t.app, user);
    const token = t.app.unsignCookie(decodeURIComponent(a.cookie.slice(a.cookie.indexOf('=') + 1))).value!;
    expect((await a.call('GET', '/auth/tenant')).statusCode).toBe(200);
    expect((await t.app.services.sessions.find(token))?.user.timezone).toBe('Europe/London');
    const res = await a.call('PUT', '/auth/tenant/timezone', { timezone: 'Pacific/Auckland' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.services.sessions.find(token))?.user.timezone).toBe('Pacific/Auckland');
  });
});

/** The app on a given database and DATA_DIR, as a process would build it at start. */
async function startProcess(
  database: Database,
  dataDir: string,
  pgUrl: string | null,
  holdHistory: boolean,
): Promise<FastifyInstance> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_PASSWORD: DEMO.password,
    DEMO_END_DATE: '2026-11-20',
    ...(pgUrl ? { DATABASE_URL: pgUrl, DEMO: 'true' } : {}),
  });
  const app = await buildApp({
    config,
    database,
    webRoot: join(dataDir, 'no-web'),
    demoDataset: TEST_DEMO_DATASET,
    clock: () => new Date(TEST_NOW),
    holdHistory,
  });
  await app.services.demo.ensureDemo();
  await app.ready();
  return app;
}

describe.each(TEST_DATABASES)('answer path on %s: history', (kind) => {
  let database: Database;
  let pg: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    pg = kind === 'postgres' ? await createPostgresDatabase() : null;
    database = await openDatabase({ url: pg?.url, dir: null });
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
    await pg?.drop();
  });
  const stored = async (id: string) =>
    database.db
      .select({ id: conversationItems.id })
      .from(conversationItems)
      .where(eq(conversationItems.id, id));

  // Embedded mode journals history under DATA_DIR; server mode commits it before answering (below).
  it.runIf(kind === 'pglite')(
    'stores an answered question after a crash between the answer and the write',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'parley-test-crash-'));
      // The first process journals its history but dies before storing any of it.
      const first = await startProcess(database, dataDir, pg?.url ?? null, true);
      apps.push(first);
      const demo = await signIn(first, DEMO.email, DEMO.password);
      const res = await demo.inject({
        method: 'POST',
        url: '/features/conversations/query',
        payload: { phrase: 'revenue by region last month', created: 1_000 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().responses[0].question_id as string;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await stored(id)).toEqual([]);
      const journal = readdirSync(join(dataDir, 'journal'));
      expect(journal).toHaveLength(1);
      expect(readFileSync(join(dataDir, 'journal', journal[0]!), 'utf8')).toContain(id);

      // The next process on the same DATA_DIR and database stores it before it serves.
      const second = await startProcess(database, dataDir, pg?.url ?? null, false);
      apps.push(second);
      expect(await stored(id)).toEqual([{ id }]);
      expect(readdirSync(join(dataDir, 'journal'))).toEqual([]);
      const again = await signIn(second, DEMO.email, DEMO.password);
      const history = await again.inject({
        method: 'GET',
        url: '/features/conversations?limit=50&scope=all',
      });
      expect(history.statusCode).toBe(200);
      const item = history.json().items.find((i: { id: string }) => i.id === id);
      expect(item.query.phrase).toBe('revenue by region last month');
      expect(item.responses[0].card.title).toBeTruthy();
      // A replay of the same journal (a third start) writes nothing twice.
      expect(await second.services.conversations.replayHistory()).toBe(0);
      expect(await stored(id)).toHaveLength(1);
    },
    120_000,
  );

  it.runIf(kind === 'pglite')(
    'retries a write the database refuses, from the journal, until it is stored',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'parley-test-retry-'));
      const app = await startProcess(database, dataDir, pg?.url ?? null, false);
      apps.push(app);
      const demo = await signIn(app, DEMO.email, DEMO.password);
      const ask = (phrase: string, created: number) =>
        demo.inject({ method: 'POST', url: '/features/conversations/query', payload: { phrase, created } });
      expect((await ask('revenue last month', 2_000)).statusCode).toBe(200);
      await app.services.conversations.historySettled();
      // The table is gone for a while: the question is still answered, its item kept in the journal.
      await database.db.execute(sql`ALTER TABLE conversation_items RENAME TO conversation_items_away`);
      let id: string;
      try {
        const res = await ask('orders by channel last month', 2_001);
        expect(res.statusCode, res.body).toBe(200);
        id = res.json().responses[0].question_id;
        await app.services.conversations.historySettled(300);
        const files = readdirSync(join(dataDir, 'journal'));
        expect(files.map((f) => readFileSync(join(dataDir, 'journal', f), 'utf8')).join('')).toContain(id);
      } finally {
        await database.db.execute(sql`ALTER TABLE conversation_items_away RENAME TO conversation_items`);
      }
      // Back: the retry stores it (and only once), and history shows it.
      await app.services.conversations.historySettled(10_000);
      expect(await stored(id)).toEqual([{ id }]);
      const history = await demo.inject({
        method: 'GET',
        url: '/features/conversations?limit=5&scope=today',
      });
      expect(history.json().items.map((i: { id: string }) => i.id)).toContain(id);
    },
    120_000,
  );

  it.runIf(kind === 'postgres')(
    'server mode: a question is answered once its history row is committed, with no journal',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'parley-test-commit-'));
      // Held or not, nothing is journalled: the answer waits for the database.
      const app = await startProcess(database, dataDir, pg?.url ?? null, true);
      apps.push(app);
      const demo = await signIn(app, DEMO.email, DEMO.password);
      const res = await demo.inject({
        method: 'POST',
        url: '/features/conversations/query',
        payload: { phrase: 'revenue by region last month', created: 3_000 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().responses[0].question_id as string;
      expect(await stored(id)).toEqual([{ id }]);
      expect(existsSync(join(dataDir, 'journal'))).toBe(false);
    },
  );

  it.runIf(kind === 'postgres')(
    'server mode: a question whose history row cannot be committed is not answered as if kept',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'parley-test-refused-'));
      const app = await startProcess(database, dataDir, pg?.url ?? null, false);
      apps.push(app);
      const demo = await signIn(app, DEMO.email, DEMO.password);
      const ask = (phrase: string, created: number) =>
        demo.inject({ method: 'POST', url: '/features/conversations/query', payload: { phrase, created } });
      expect((await ask('revenue last month', 4_000)).statusCode).toBe(200);
      await database.db.execute(sql`ALTER TABLE conversation_items RENAME TO conversation_items_away`);
      try {
        const res = await ask('orders by channel last month', 4_001);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toEqual({ message: 'Your question could not be saved. Please ask it again.' });
        expect(existsSync(join(dataDir, 'journal'))).toBe(false);
      } finally {
        await database.db.execute(sql`ALTER TABLE conversation_items_away RENAME TO conversation_items`);
      }
      // Back: the next question is answered and kept, and nothing of the refused one was.
      const res = await ask('orders by channel last month', 4_002);
      expect(res.statusCode, res.body).toBe(200);
      expect(await stored(res.json().responses[0].question_id)).toHaveLength(1);
      const phrases = await database.db
        .select({ created: conversationItems.created })
        .from(conversationItems)
        .where(eq(conversationItems.created, 4_001));
      expect(phrases).toEqual([]);
    },
  );

  it.runIf(kind === 'postgres')(
    'server mode: stores the journal an earlier, journalling version left, once',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'parley-test-upgrade-'));
      // The earlier version's process journalled an answer and died before storing it.
      const earlier = await startProcess(database, dataDir, null, true);
      apps.push(earlier);
      const demo = await signIn(earlier, DEMO.email, DEMO.password);
      const res = await demo.inject({
        method: 'POST',
        url: '/features/conversations/query',
        payload: { phrase: 'revenue by region last month', created: 5_000 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().responses[0].question_id as string;
      expect(readdirSync(join(dataDir, 'journal'))).toHaveLength(1);
      await earlier.close();
      // The server-mode process on that folder stores it before serving, and the journal goes.
      const next = await startProcess(database, dataDir, pg?.url ?? null, false);
      apps.push(next);
      expect(await stored(id)).toEqual([{ id }]);
      expect(readdirSync(join(dataDir, 'journal'))).toEqual([]);
    },
  );

  it('answers a follow-up from the kept context, and from the database after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-test-followup-'));
    const app = await startProcess(database, dataDir, pg?.url ?? null, false);
    apps.push(app);
    const demo = await signIn(app, DEMO.email, DEMO.password);
    const ask = (c: typeof demo, phrase: string) =>
      c.inject({
        method: 'POST',
        url: '/features/conversations/query',
        payload: { phrase, created: Date.now() },
      });
    const only = async (c: typeof demo, region: string) => {
      const card = (await ask(c, `only ${region}`)).json().responses[0].card;
      expect(card, `only ${region}`).toBeDefined();
      expect(card.table.length).toBeGreaterThan(0);
      expect(
        card.table.every((r: Record<string, unknown>) => r.Region === undefined || r.Region === region),
      ).toBe(true);
      return card;
    };
    expect((await ask(demo, 'revenue by region last month')).statusCode).toBe(200);
    await only(demo, 'EMEA');
    // A new process knows nothing in memory: it reads the same base from the stored history.
    const next = await startProcess(
      database,
      mkdtempSync(join(tmpdir(), 'parley-test-followup-')),
      pg?.url ?? null,
      false,
    );
    apps.push(next);
    const again = await signIn(next, DEMO.email, DEMO.password);
    await only(again, 'APAC');
  }, 120_000);
});

/** A history item of the writer's tests. */
const item = (n: number) => ({
  id: randomUUID(),
  created: n,
  phrase: `question ${n} ${'x'.repeat(200)}`,
  event: null,
  datasourceId: 'demo',
  responses: [],
  semantic: null,
  error: null,
  createdAt: new Date(TEST_NOW),
});

describe('HistoryWriter on pglite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', {}, undefined, { worker: false });
  }, 120_000);
  afterAll(() => t.close());

  it('stores every item across several journal files, and leaves no journal behind', async () => {
    const user = await createUser(t.app);
    const dir = mkdtempSync(join(tmpdir(), 'parley-test-journal-'));
    const writer = new HistoryWriter({
      repo: new ConversationsRepository(t.app.database.db),
      journalDir: dir,
      log: t.app.log,
      rotateBytes: 1_000,
    });
    const items = Array.from({ length: 30 }, (_, i) => item(i));
    for (const it of items) await writer.write({ userId: user.id, projectId: 'default' }, it);
    await writer.settled(10_000);
    expect(writer.pending).toBe(0);
    const rows = await t.app.database.db
      .select({ id: conversationItems.id })
      .from(conversationItems)
      .where(eq(conversationItems.userId, user.id));
    expect(rows.map((r) => r.id).sort()).toEqual(items.map((i) => i.id).sort());
    // Older files are deleted once stored; the current one is emptied.
    const left = readdirSync(dir);
    expect(left.length).toBeLessThanOrEqual(1);
    for (const f of left) expect(readFileSync(join(dir, f), 'utf8')).toBe('');
    await writer.close();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('journals items written at once together, each one before its writer is answered', async () => {
    const user = await createUser(t.app);
    const dir = mkdtempSync(join(tmpdir(), 'parley-test-journal-'));
    // Held: nothing reaches the database, so the journal alone says what is durable.
    const writer = new HistoryWriter({
      repo: new ConversationsRepository(t.app.database.db),
      journalDir: dir,
      log: t.app.log,
      hold: true,
    });
    const journalled = () =>
      readdirSync(dir)
        .map((f) => readFileSync(join(dir, f), 'utf8'))
        .join('');
    const items = Array.from({ length: 40 }, (_, i) => item(i));
    const seen: boolean[] = [];
    await Promise.all(
      items.map((it) =>
        // The service passes its whole actor as the owner; only the two ids may reach the journal.
        writer
          .write({ userId: user.id, projectId: 'default', email: user.email, name: 'Ada' } as Owner, it)
          .then(() => {
            seen.push(journalled().includes(it.id));
          }),
      ),
    );
    expect(seen).toEqual(items.map(() => true));
    // One file, one whole line per item, in the order written.
    const lines = journalled().trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).id)).toEqual(items.map((i) => i.id));
    expect(journalled()).not.toContain(user.email);
    expect(Object.keys(JSON.parse(lines[0]!))).not.toContain('name');
    expect(writer.pending).toBe(40);
    await writer.close();
  });

  it('stores a stream of items in multi-row INSERTs of at most HISTORY_BATCH, and a waiting read sees them all', async () => {
    const user = await createUser(t.app);
    const dir = mkdtempSync(join(tmpdir(), 'parley-test-journal-'));
    const sizes: number[] = [];
    // The real repository on the real database; only the number of rows per INSERT is recorded.
    class Counting extends ConversationsRepository {
      override insertItems(rows: Parameters<ConversationsRepository['insertItems']>[0]) {
        sizes.push(rows.length);
        return super.insertItems(rows);
      }
    }
    const writer = new HistoryWriter({
      repo: new Counting(t.app.database.db),
      journalDir: dir,
      log: t.app.log,
    });
    const total = 2 * HISTORY_BATCH + 50;
    const items = Array.from({ length: total }, (_, i) => item(i));
    for (const it of items) await writer.write({ userId: user.id, projectId: 'default' }, it);
    await writer.settled(10_000);
    expect(writer.pending).toBe(0);
    const rows = await t.app.database.db
      .select({ id: conversationItems.id })
      .from(conversationItems)
      .where(eq(conversationItems.userId, user.id));
    expect(rows).toHaveLength(total);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(total);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(HISTORY_BATCH);
    // Gathered, not one statement per item.
    expect(sizes.length).toBeLessThan(total / 10);
    await writer.close();
  });

  it('drops an item the database refuses for good (its user is gone) without holding back the others', async () => {
    const user = await createUser(t.app);
    const dir = mkdtempSync(join(tmpdir(), 'parley-test-journal-'));
    const writer = new HistoryWriter({
      repo: new ConversationsRepository(t.app.database.db),
      journalDir: dir,
      log: t.app.log,
    });
    const good = item(1);
    const orphan = item(2);
    await writer.write({ userId: randomUUID(), projectId: 'default' }, orphan);
    await writer.write({ userId: user.id, projectId: 'default' }, good);
    await writer.settled(10_000);
    expect(writer.pending).toBe(0);
    const ids = (await t.app.database.db.select({ id: conversationItems.id }).from(conversationItems)).map(
      (r) => r.id,
    );
    expect(ids).toContain(good.id);
    expect(ids).not.toContain(orphan.id);
    await writer.close();
  });
});

/** Server mode's writer: nothing journalled, so nobody is answered before their row is committed. */
describe.each(TEST_DATABASES)('HistoryWriter committing before answering, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {}, undefined, { worker: false });
  }, 120_000);
  afterAll(() => t.close());
  const isStored = async (id: string) =>
    (
      await t.app.database.db
        .select({ id: conversationItems.id })
        .from(conversationItems)
        .where(eq(conversationItems.id, id))
    ).length === 1;
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it('answers each write once its row is committed; what arrives during a write goes in the next one', async () => {
    const user = await createUser(t.app);
    const owner = { userId: user.id, projectId: 'default' };
    const sizes: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The real repository on the real database; its first INSERT is held in flight by the test.
    class Gated extends ConversationsRepository {
      override async insertItems(rows: Parameters<ConversationsRepository['insertItems']>[0]) {
        sizes.push(rows.length);
        if (sizes.length === 1) await gate;
        return super.insertItems(rows);
      }
    }
    const writer = new HistoryWriter({
      repo: new Gated(t.app.database.db),
      journalDir: null,
      log: t.app.log,
      durability: 'database',
    });
    const answered: boolean[] = [];
    const write = (it: ReturnType<typeof item>) =>
      writer.write(owner, it).then(async () => {
        answered.push(await isStored(it.id));
      });
    const writes = [write(item(0))];
    await turn();
    expect(sizes).toEqual([1]);
    // Five turns of ten answers while the first INSERT is in flight: none sent, none answered.
    for (let wave = 0; wave < 5; wave++) {
      for (let i = 0; i < 10; i++) writes.push(write(item(1 + wave * 10 + i)));
      await turn();
    }
    expect(sizes).toEqual([1]);
    expect(answered).toEqual([]);
    release();
    await Promise.all(writes);
    expect(sizes).toEqual([1, 50]);
    expect(answered).toEqual(writes.map(() => true));
    expect(writer.pending).toBe(0);
    await writer.close();
  });

  it('fails the write of a row the database refuses, and answers the others of its INSERT', async () => {
    const user = await createUser(t.app);
    const writer = new HistoryWriter({
      repo: new ConversationsRepository(t.app.database.db),
      journalDir: null,
      log: t.app.log,
      durability: 'database',
    });
    const [good, orphan, other] = [item(1), item(2), item(3)];
    const results = await Promise.allSettled([
      writer.write({ userId: user.id, projectId: 'default' }, good),
      writer.write({ userId: randomUUID(), projectId: 'default' }, orphan),
      writer.write({ userId: user.id, projectId: 'default' }, other),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe(
      'Your question could not be saved. Please ask it again.',
    );
    expect([await isStored(good.id), await isStored(orphan.id), await isStored(other.id)]).toEqual([
      true,
      false,
      true,
    ]);
    await writer.close();
  });
});

describe('answer path: a real crash (SIGKILL) on pglite', () => {
  it('stores the answered question the killed process had only journalled', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-test-kill-'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(__dirname, '../peers/crash-child.ts'), dataDir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const done = out.split('\n').find((l) => l.startsWith('{'));
        if (done) resolve(done);
      });
      child.on('exit', (code) => reject(new Error(`the server process exited (${code}) before answering`)));
    });
    const answered = JSON.parse(line) as { status: number; id: string };
    expect(answered.status).toBe(200);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('close', resolve));

    // The restarted process on the same DATA_DIR (and its PGlite files) stores it before serving.
    const database = await openDatabase({ dir: join(dataDir, 'app') });
    try {
      const before = await database.db
        .select({ id: conversationItems.id })
        .from(conversationItems)
        .where(eq(conversationItems.id, answered.id));
      expect(before).toEqual([]);
      const app = await startProcess(database, dataDir, null, false);
      const stored = await database.db
        .select({ id: conversationItems.id, phrase: conversationItems.phrase })
        .from(conversationItems)
        .where(eq(conversationItems.id, answered.id));
      expect(stored).toEqual([{ id: answered.id, phrase: 'revenue by region last month' }]);
      await app.close();
    } finally {
      await database.close();
    }
  }, 180_000);
});
