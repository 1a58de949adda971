import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { conversationItems } from '../../src/db/schema';
import { createPostgresDatabase, DEMO } from '../helpers';

/**
 * Issue 27, item 2: in server mode (DATABASE_URL) nothing durable lives on a web process's disk.
 * Each test ends a process's life as a container without a volume would: the next process on the
 * same PostgreSQL starts on an empty DATA_DIR and still has everything that was acknowledged.
 */
const serverMode = process.env.TEST_DATABASE_URL ? describe : describe.skip;

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
