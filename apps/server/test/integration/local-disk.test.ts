import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { testDatabaseUrl } from '@parley/testing';
import {
  type FormbricksStandIn,
  response,
  startFormbricksStandIn,
} from '@parley/testing/standins/formbricks-standin';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/client';
import { conversationItems, sourceFileChunks, sourceFiles } from '../../src/db/schema';
import { SourceFiles } from '../../src/modules/datasources/source-files';
import { SourceFilesRepository } from '../../src/modules/datasources/source-files.repository';
import { DATASOURCE_SYNC_JOB } from '../../src/modules/datasources/source-sync';
import {
  buildTestApp,
  type Client,
  createPostgresDatabase,
  DEMO,
  signIn,
  TEST_DEMO_DATASET,
  TEST_NOW,
} from '../helpers';
import { createUser, fileUpload, type TestUser } from '../peers/factories';

/**
 * Issue 27, item 2: in server mode (DATABASE_URL) nothing durable lives on a web process's disk.
 * Each test ends a process's life as a container without a volume would: the next process on the
 * same PostgreSQL starts on an empty DATA_DIR and still has everything that was acknowledged.
 */
const serverMode = testDatabaseUrl() ? describe : describe.skip;

const SECRETS = {
  SESSION_SECRET: randomBytes(32).toString('hex'),
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
};

interface Child {
  process: ChildProcess;
  url: string;
}

/** The real server (test/peers/server-child.ts) on `databaseUrl` and a new, empty DATA_DIR. */
async function startServer(databaseUrl: string): Promise<Child> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-test-disk-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '../peers/server-child.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      ...SECRETS,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO: 'true',
      ASK_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{"port"'));
      if (line) resolve(JSON.parse(line).port);
    });
    child.on('exit', (code) => reject(new Error(`the server process exited (${code}) before listening`)));
  });
  return { process: child, url: `http://127.0.0.1:${port}` };
}

async function stop(child: Child, signal: NodeJS.Signals): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const closed = new Promise((resolve) => child.process.once('close', resolve));
  child.process.kill(signal);
  await closed;
}

/** Signs the demo user in over HTTP; answers a function that POSTs JSON with the session. */
async function signInOver(url: string) {
  const res = await fetch(`${url}/auth/loginwithpassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('parley_session='))!
    .split(';')[0]!;
  const { xsrfToken } = (await res.json()) as { xsrfToken: string };
  return (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrfToken },
      body: JSON.stringify(body),
    });
}

serverMode('server mode: nothing durable on a web process’s disk', () => {
  let pg: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  const children: Child[] = [];
  beforeAll(async () => {
    pg = await createPostgresDatabase();
    database = await openDatabase({ url: pg.url, dir: null });
  }, 120_000);
  afterAll(async () => {
    for (const c of children) await stop(c, 'SIGKILL');
    await database?.close();
    await pg?.drop();
  });

  it('kill -9 mid-stream, restarted on an empty DATA_DIR: every answered question is in history', async () => {
    const first = await startServer(pg.url);
    children.push(first);
    const post = await signInOver(first.url);
    const phrases = ['revenue by region last month', 'orders by channel last month', 'revenue last month'];
    const acknowledged: string[] = [];
    let killed = false;
    let n = 0;
    // Eight askers at once, as long as the process lives; it is killed once enough were answered.
    const asker = async () => {
      while (!killed) {
        const created = ++n;
        try {
          const res = await post('/features/conversations/query', {
            phrase: phrases[created % phrases.length],
            created,
          });
          if (res.status !== 200) continue;
          const { responses } = (await res.json()) as { responses: { question_id?: string }[] };
          const id = responses.find((r) => r.question_id)?.question_id;
          if (id) acknowledged.push(id);
        } catch {
          // In flight when the process died: never acknowledged.
        }
      }
    };
    const askers = Array.from({ length: 8 }, asker);
    while (acknowledged.length < 60) await new Promise((resolve) => setTimeout(resolve, 5));
    killed = true;
    await stop(first, 'SIGKILL');
    await Promise.all(askers);

    // A replacement elsewhere: same PostgreSQL, nothing of the first process's disk.
    const second = await startServer(pg.url);
    children.push(second);
    const stored = await database.db
      .select({ id: conversationItems.id })
      .from(conversationItems)
      .where(inArray(conversationItems.id, acknowledged));
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    const kept = new Set(stored.map((r) => r.id));
    expect(
      acknowledged.filter((id) => !kept.has(id)),
      'acknowledged, then lost',
    ).toEqual([]);
    await stop(second, 'SIGTERM');
  }, 180_000);
});

/** An app in this test's process on `databaseUrl`, with its own DATA_DIR (a web process of its own). */
async function startApp(
  databaseUrl: string,
  dataDir: string,
  clock: () => Date = () => new Date(TEST_NOW),
): Promise<{ app: FastifyInstance; logs: string[]; close: () => Promise<void> }> {
  const config = loadConfig({
    ...SECRETS,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DEMO: 'false',
    ALLOW_PRIVATE_HOSTS: 'true',
  });
  const database = await openDatabase({ url: databaseUrl, dir: null });
  const logs: string[] = [];
  const app = await buildApp({
    config,
    database,
    webRoot: join(dataDir, 'no-web'),
    demoDataset: TEST_DEMO_DATASET,
    clock,
    logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } },
  });
  await app.ready();
  return {
    app,
    logs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const restores = (logs: string[]) => logs.filter((l) => l.includes('source file restored from the database'));

const CSV = 'region,amount,sold_on\nNorth,10.50,2026-10-01\nSouth,20.25,2026-10-02\nNorth,5,2026-11-01\n';

const ask = (c: Client, phrase: string, datasource_id: string) =>
  c.inject({
    method: 'POST',
    url: '/features/conversations/query',
    payload: { phrase, created: Date.now(), datasource_id },
  });
const firstRow = (res: { json(): { responses: { card?: { table: Record<string, unknown>[] } }[] } }) =>
  res.json().responses[0]?.card?.table[0];

serverMode('server mode: source files kept in PostgreSQL, local copies are caches', () => {
  let pg: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const closers: (() => Promise<void>)[] = [];
  let user: TestUser;
  beforeAll(async () => {
    pg = await createPostgresDatabase();
  }, 120_000);
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await pg?.drop();
  });
  const start = async (dataDir = mkdtempSync(join(tmpdir(), 'parley-test-disk-')), clock?: () => Date) => {
    const started = await startApp(pg.url, dataDir, clock);
    closers.push(started.close);
    return { ...started, dataDir };
  };
  const storedOf = async (app: FastifyInstance, id: string) => {
    const files = await app.database.db.select().from(sourceFiles).where(eq(sourceFiles.datasourceId, id));
    const chunks = files.length
      ? await app.database.db
          .select({ seq: sourceFileChunks.seq })
          .from(sourceFileChunks)
          .where(
            inArray(
              sourceFileChunks.version,
              files.map((f) => f.version),
            ),
          )
      : [];
    return { files, chunks };
  };

  it('an uploaded file answers from a second process with an empty DATA_DIR, and after the first one’s is deleted', async () => {
    const first = await start();
    user = await createUser(first.app);
    const alice = await signIn(first.app, user.email, user.password);
    const upload = await alice.inject({
      method: 'POST',
      url: '/api/v1/datasource/upload',
      ...fileUpload('Shop Sales.csv', CSV),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const id = upload.json().datasource_id as string;
    expect(firstRow(await ask(alice, 'total amount', id))).toMatchObject({ Amount: 35.75 });

    // Another process, nothing on its disk: concurrent first questions wait for one fetch.
    const second = await start();
    const bob = await signIn(second.app, user.email, user.password);
    const answers = await Promise.all(Array.from({ length: 5 }, () => ask(bob, 'total amount', id)));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(firstRow(res)).toMatchObject({ Amount: 35.75 });
    }
    expect(restores(second.logs)).toHaveLength(1);
    expect(existsSync(join(second.dataDir, 'sources', `${id}.duckdb`))).toBe(true);
    const { files, chunks } = await storedOf(first.app, id);
    expect(files).toEqual([expect.objectContaining({ name: `${id}.duckdb`, chunks: chunks.length })]);
    expect(chunks.length).toBeGreaterThan(0);

    // The first process's disk is gone; its replacement on the same path fetches the file again.
    await first.close();
    closers.splice(closers.indexOf(first.close), 1);
    rmSync(first.dataDir, { recursive: true, force: true });
    const replacement = await start(first.dataDir);
    const again = await signIn(replacement.app, user.email, user.password);
    const res = await ask(again, 'amount by region', id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().responses[0].card.table).toEqual([
      expect.objectContaining({ Region: 'South', Amount: 20.25 }),
      expect.objectContaining({ Region: 'North', Amount: 15.5 }),
    ]);
    expect(restores(replacement.logs)).toHaveLength(1);

    // Deleting the source deletes its stored file, whichever process deletes it.
    const deleted = await bob.inject({ method: 'DELETE', url: `/api/v1/datasource?id=${id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storedOf(second.app, id)).toEqual({ files: [], chunks: [] });
    expect(existsSync(join(second.dataDir, 'sources', `${id}.duckdb`))).toBe(false);
  }, 120_000);

  it('a Formbricks copy synced by one process answers on another with an empty DATA_DIR, and syncs on from it', async () => {
    let standIn: FormbricksStandIn | null = null;
    try {
      standIn = await startFormbricksStandIn();
      const responsePages = () => standIn!.requests.filter((r) => r.includes('/responses?')).length;
      let now = new Date(TEST_NOW);
      const clock = () => now;
      const first = await start(undefined, clock);
      const owner = await createUser(first.app);
      const alice = await signIn(first.app, owner.email, owner.password);
      const created = await alice.inject({
        method: 'POST',
        url: '/api/v1/datasource',
        payload: {
          type: 'FORMBRICKS',
          name: 'Feedback',
          config: { api_host: standIn.apiHost, api_key: standIn.apiKey },
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().datasource_id as string;
      const survey = standIn.surveys[0].id;
      const select = await alice.inject({
        method: 'POST',
        url: '/api/v1/datasource/account',
        payload: { type: 'FORMBRICKS', datasource_id: id, account: { id: survey, name: 'Product feedback' } },
      });
      expect(select.statusCode, select.body).toBe(200);
      expect(await first.app.services.queue.drain(DATASOURCE_SYNC_JOB)).toBeGreaterThan(0);
      const total = standIn.responses(survey).length;

      // A web process elsewhere answers from the stored copy; the question calls Formbricks for nothing.
      const second = await start(undefined, clock);
      const bob = await signIn(second.app, owner.email, owner.password);
      const pages = responsePages();
      const res = await ask(bob, 'number of responses', id);
      expect(res.statusCode, res.body).toBe(200);
      expect(Object.values(firstRow(res)!)[0]).toBe(total);
      expect(res.json().responses[0].card.synced).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(responsePages()).toBe(pages);
      expect(restores(second.logs)).toHaveLength(1);

      // A worker elsewhere, with an empty DATA_DIR, syncs on from the stored copy: only what is new
      // is read (the newest page and one of known responses), not every response again.
      standIn.addResponse(
        response('clrespdisk0001', survey, '2026-11-20T09:00:00.000Z', true, {
          recommend: 9,
          satisfaction: 4,
        }),
      );
      now = new Date(now.getTime() + 10 * 60_000);
      const worker = await start(undefined, clock);
      await worker.app.services.queue.enqueue(
        DATASOURCE_SYNC_JOB,
        { datasource_id: id },
        { key: `disk-${id}` },
      );
      expect(await worker.app.services.queue.drain(DATASOURCE_SYNC_JOB)).toBe(1);
      expect(responsePages() - pages).toBe(2);
      expect(restores(worker.logs)).toHaveLength(1);

      // A new process reads the copy that sync stored.
      const third = await start(undefined, clock);
      const carol = await signIn(third.app, owner.email, owner.password);
      const after = await ask(carol, 'number of responses', id);
      expect(after.statusCode, after.body).toBe(200);
      expect(Object.values(firstRow(after)!)[0]).toBe(total + 1);

      const deleted = await carol.inject({ method: 'DELETE', url: `/api/v1/datasource?id=${id}` });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await storedOf(third.app, id)).toEqual({ files: [], chunks: [] });
    } finally {
      await standIn?.close();
    }
  }, 180_000);
});

describe('embedded mode: local files are the durable copy', () => {
  it('keeps an uploaded file on disk only: nothing is stored in the database', async () => {
    const t = await buildTestApp('pglite', {}, undefined, { worker: false });
    try {
      const u = await createUser(t.app);
      const alice = await signIn(t.app, u.email, u.password);
      const upload = await alice.inject({
        method: 'POST',
        url: '/api/v1/datasource/upload',
        ...fileUpload('Shop Sales.csv', CSV),
      });
      expect(upload.statusCode, upload.body).toBe(200);
      const id = upload.json().datasource_id as string;
      expect(firstRow(await ask(alice, 'total amount', id))).toMatchObject({ Amount: 35.75 });
      expect(readdirSync(join(t.config.DATA_DIR, 'sources'))).toEqual([`${id}.duckdb`]);
      expect(await t.app.database.db.select().from(sourceFiles)).toEqual([]);
      expect(await t.app.database.db.select({ seq: sourceFileChunks.seq }).from(sourceFileChunks)).toEqual(
        [],
      );
    } finally {
      await t.close();
    }
  }, 120_000);
});

serverMode('SourceFiles on PostgreSQL', () => {
  let pg: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  const logs: string[] = [];
  const log = {
    info: (_: object, message: string) => logs.push(message),
    warn: (_: object, message: string) => logs.push(message),
    error: (_: object, message: string) => logs.push(message),
  } as unknown as FastifyBaseLogger;
  beforeAll(async () => {
    pg = await createPostgresDatabase();
    database = await openDatabase({ url: pg.url, dir: null });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await pg?.drop();
  });
  /** A process's view: its own sources folder, small chunks so a file spans many rows. */
  const processWith = () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-test-files-'));
    return {
      dir,
      files: new SourceFiles({
        repo: new SourceFilesRepository(database.db),
        sourcesDir: dir,
        log,
        chunkBytes: 16 * 1024,
      }),
    };
  };
  const source = () => ({ id: randomUUID(), type: 'FILE' });
  const pathOf = (dir: string, id: string) => join(dir, `${id}.duckdb`);

  it('stores a file in many chunks and fetches it whole where it is missing or older', async () => {
    const a = processWith();
    const b = processWith();
    const ref = source();
    // Incompressible bytes: the stored chunks are about as large as the file.
    const v1 = randomBytes(100 * 1024);
    writeFileSync(pathOf(a.dir, ref.id), v1);
    await a.files.store(ref);
    const [row] = await database.db.select().from(sourceFiles).where(eq(sourceFiles.datasourceId, ref.id));
    expect(row).toMatchObject({ size: v1.length });
    expect(row!.chunks).toBeGreaterThan(5);

    await b.files.ensureLocal(ref);
    expect(readFileSync(pathOf(b.dir, ref.id)).equals(v1)).toBe(true);
    // Current: nothing fetched again.
    const fetched = logs.length;
    await b.files.ensureLocal(ref);
    expect(logs.length).toBe(fetched);

    // A new version stored by A replaces B's older copy, and the old version's chunks are gone.
    const v2 = randomBytes(40 * 1024);
    writeFileSync(pathOf(a.dir, ref.id), v2);
    await a.files.store(ref);
    await b.files.ensureLocal(ref);
    expect(readFileSync(pathOf(b.dir, ref.id)).equals(v2)).toBe(true);
    const versions = await database.db.selectDistinct({ v: sourceFileChunks.version }).from(sourceFileChunks);
    expect(versions.map((v) => v.v)).not.toContain(row!.version);
  });

  it('keeps a local file written since it was fetched (a sync about to store it)', async () => {
    const a = processWith();
    const b = processWith();
    const ref = source();
    writeFileSync(pathOf(a.dir, ref.id), randomBytes(20 * 1024));
    await a.files.store(ref);
    await b.files.ensureLocal(ref);
    const mine = randomBytes(30 * 1024);
    writeFileSync(pathOf(b.dir, ref.id), mine);
    writeFileSync(pathOf(a.dir, ref.id), randomBytes(25 * 1024));
    await a.files.store(ref);
    await b.files.ensureLocal(ref);
    expect(readFileSync(pathOf(b.dir, ref.id)).equals(mine)).toBe(true);
  });

  it('stores a local file no process stored yet (one from before this store) when it is first opened', async () => {
    const a = processWith();
    const ref = source();
    const bytes = randomBytes(20 * 1024);
    writeFileSync(pathOf(a.dir, ref.id), bytes);
    await a.files.ensureLocal(ref);
    // The store runs behind the first open, under the source's lock: the next open waits for it.
    await a.files.ensureLocal(ref);
    const b = processWith();
    await b.files.ensureLocal(ref);
    expect(readFileSync(pathOf(b.dir, ref.id)).equals(bytes)).toBe(true);
  });

  it('refuses a stored copy that does not match its checksum, leaving nothing half-written', async () => {
    const a = processWith();
    const b = processWith();
    const ref = source();
    writeFileSync(pathOf(a.dir, ref.id), Buffer.alloc(64 * 1024, 7));
    await a.files.store(ref);
    // Another valid gzip stream of other bytes in place of the stored one.
    const [row] = await database.db.select().from(sourceFiles).where(eq(sourceFiles.datasourceId, ref.id));
    await database.db.execute(sql`DELETE FROM source_file_chunks WHERE version = ${row!.version}`);
    const other = gzipSync(Buffer.alloc(64 * 1024, 8));
    await database.db.execute(sql`UPDATE source_files SET chunks = 1 WHERE version = ${row!.version}`);
    await new SourceFilesRepository(database.db).writeChunk(row!.version, 0, other);
    await expect(b.files.ensureLocal(ref)).rejects.toThrow(/does not match its checksum/);
    expect(readdirSync(b.dir)).toEqual([]);
  });

  it('sweeps what nothing will read: files of deleted sources and chunks never published', async () => {
    const a = processWith();
    const ref = source();
    writeFileSync(pathOf(a.dir, ref.id), randomBytes(20 * 1024));
    await a.files.store(ref);
    await new SourceFilesRepository(database.db).writeChunk(randomUUID(), 0, Buffer.from('half'));
    // Within the hour nothing goes; after it, both do (no datasources row has this id).
    expect(await a.files.sweep(new Date())).toBe(0);
    expect(await a.files.sweep(new Date(Date.now() + 2 * 60 * 60_000))).toBeGreaterThan(1);
    expect(await database.db.select().from(sourceFiles).where(eq(sourceFiles.datasourceId, ref.id))).toEqual(
      [],
    );
    expect(await database.db.select({ seq: sourceFileChunks.seq }).from(sourceFileChunks)).toEqual([]);
  });
});
