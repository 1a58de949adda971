import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_DATASOURCE_ID } from '@parley/contract';
import { testDatabaseUrl } from '@parley/testing';
import {
  type FormbricksStandIn,
  response,
  startFormbricksStandIn,
} from '@parley/testing/standins/formbricks-standin';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { PgBossQueue } from '../../src/jobs/pg-boss.queue';
import { DATASOURCE_SYNC_JOB } from '../../src/modules/datasources/source-sync';
import { createPostgresDatabase } from '../helpers';
import { createUser, STRONG_PASSWORD, type TestUser } from '../peers/factories';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A process of the install, started as an operator would, ended with SIGTERM. */
interface Peer {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** Spawns `node --import tsx <script>` and resolves once `ready` matches what it printed. */
async function startPeer(
  name: string,
  script: string,
  env: Record<string, string>,
  ready: RegExp,
): Promise<Peer & { match: RegExpMatchArray }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${text}`)), 90_000);
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const m = text.match(ready);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before it was ready:\n${text}`));
    });
  });
  return { name, url: '', child, output: () => text, match };
}

async function stopPeer(peer: Peer | undefined): Promise<void> {
  const child = peer?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The "one port" in front of the web processes: each request goes to the next backend in turn,
 * and the answer says which one served it (X-Backend).
 */
async function roundRobin(backends: Peer[]): Promise<{ url: string; server: Server }> {
  let next = 0;
  const server = createServer((req, res) => {
    const backend = backends[next++ % backends.length]!;
    const target = new URL(req.url ?? '/', backend.url);
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': backend.name });
      answer.pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'backend unreachable' }));
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Answer {
  status: number;
  backend: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read field by field
  body: any;
}

/** A signed-in browser: its cookie and XSRF token on every call, through the proxy or to one backend. */
interface Browser {
  call(method: string, path: string, body?: unknown, base?: string): Promise<Answer>;
  headers: Record<string, string>;
}

/** Resolves once `check` holds, polling; fails after `ms`: the change must be seen at once, not after a copy's time. */
async function atOnce(check: () => Promise<boolean>, ms = 1_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not seen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * DESIGN §10 with real processes: two web processes (test/peers/server-child.ts, the app as
 * main.ts builds it) and the job worker (src/jobs/worker.ts) on one fresh PostgreSQL database,
 * the web processes behind one port that hands requests to each in turn. Whatever one process
 * changes — a session ended, an account deleted, a source changed, a word learned, a copy synced
 * by the worker — the other sees at once, not after its copy's time runs out.
 */
describe.skipIf(!testDatabaseUrl())('two web processes and a worker on one PostgreSQL', () => {
  let pgDb: { url: string; drop: () => Promise<void> };
  let database: Database;
  let a: Peer;
  let b: Peer;
  let worker: Peer;
  let proxy: { url: string; server: Server };
  let standIn: FormbricksStandIn;
  let created = Date.now();

  beforeAll(async () => {
    pgDb = await createPostgresDatabase();
    // Migrated once here; the users are inserted straight into the database.
    database = await openDatabase({ url: pgDb.url, dir: null });
    standIn = await startFormbricksStandIn();
    // Each process its own DATA_DIR: nothing is shared but PostgreSQL.
    const env = (label: string) => {
      const dataDir = mkdtempSync(join(tmpdir(), `parley-mp-${label}-`));
      return {
        DATA_DIR: dataDir,
        DATABASE_URL: pgDb.url,
        DEMO: 'true',
        ALLOW_PRIVATE_HOSTS: 'true',
        LOG_LEVEL: 'warn',
      };
    };
    // Every process of an install signs sessions and seals secrets with the same keys.
    const shared = {
      SESSION_SECRET: randomBytes(24).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    };
    const port = /\{"port":(\d+)\}/;
    // One after the other: the first seeds the demo account.
    for (const name of ['a', 'b']) {
      const peer = await startPeer(name, 'test/peers/server-child.ts', { ...env(name), ...shared }, port);
      peer.url = `http://127.0.0.1:${peer.match[1]}`;
      if (name === 'a') a = peer;
      else b = peer;
    }
    worker = await startPeer(
      'worker',
      'src/jobs/worker.ts',
      { ...env('worker'), ...shared, LOG_LEVEL: 'info' },
      /job worker running/,
    );
    proxy = await roundRobin([a, b]);
  }, 240_000);

  afterAll(async () => {
    proxy?.server.close();
    await Promise.all([stopPeer(a), stopPeer(b), stopPeer(worker)]);
    await standIn?.close();
    await database?.close();
    await pgDb?.drop();
  }, 60_000);

  const newUser = (name: string) =>
    createUser({ database } as FastifyInstance, { name, password: STRONG_PASSWORD });

  const send = async (
    base: string,
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      backend: res.headers.get('x-backend') ?? base,
      body: text ? JSON.parse(text) : null,
    };
  };

  /** Signs in through the one port (whichever process answers); the session works on both. */
  const signIn = async (user: TestUser): Promise<Browser> => {
    const res = await fetch(`${proxy.url}/auth/loginwithpassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('parley_session='))!;
    const { xsrfToken } = (await res.json()) as { xsrfToken: string };
    const headers = { cookie, 'x-xsrf-token': xsrfToken };
    return {
      headers,
      call: (method, path, body, base = proxy.url) => send(base, method, path, body, headers),
    };
  };

  /** The same call through the one port twice in a row: once to each process. */
  const onBoth = async (browser: Browser, method: string, path: string, body?: unknown) => {
    const first = await browser.call(method, path, body);
    const second = await browser.call(method, path, body);
    expect(new Set([first.backend, second.backend])).toEqual(new Set(['a', 'b']));
    return [first, second];
  };

  /** Both processes answer `status` to this call, at once. */
  const bothAnswer = (browser: Browser, status: number, method: string, path: string, body?: unknown) =>
    atOnce(async () => (await onBoth(browser, method, path, body)).every((r) => r.status === status));

  const ask = (browser: Browser, phrase: string, datasource_id?: string, base?: string) =>
    browser.call(
      'POST',
      '/features/conversations/query',
      { phrase, created: ++created, ...(datasource_id ? { datasource_id } : {}) },
      base,
    );

  it('a session ended through one process is refused by the other at once', async () => {
    const user = await newUser('Alice');
    const alice = await signIn(user);
    // Each process has read the session, so each holds a copy of it.
    for (const r of await onBoth(alice, 'GET', '/features/collections')) expect(r.status).toBe(200);
    const out = await alice.call('POST', '/auth/logout', {});
    expect(out.status).toBe(200);
    await bothAnswer(alice, 401, 'GET', '/features/collections');

    // A password change ends every session of the user, in every process.
    const here = await signIn(user);
    const there = await signIn(user);
    for (const r of await onBoth(there, 'GET', '/features/collections')) expect(r.status).toBe(200);
    const changed = await here.call('POST', '/auth/changepassword', { password: 'An0ther-Str0ng-pass!' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await bothAnswer(there, 401, 'GET', '/features/collections');
  });

  it('a deleted account: its other sessions are refused everywhere at once, their writes with 401', async () => {
    const user = await newUser('Carol');
    const deleting = await signIn(user);
    const other = await signIn(user);
    for (const r of await onBoth(other, 'GET', '/features/collections')) expect(r.status).toBe(200);
    const deleted = await deleting.call('DELETE', '/api/v1/auth/account');
    expect(deleted.status).toBe(401);
    await bothAnswer(other, 401, 'GET', '/features/collections');
    for (const r of [
      ...(await onBoth(other, 'POST', '/features/collection', { name: 'After' })),
      ...(await onBoth(other, 'POST', '/features/conversations/query', {
        phrase: 'orders',
        created: ++created,
      })),
    ]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: expect.any(String) });
    }
  });

  it('writes racing the deletion of their account, on both processes, are done or refused, never a 500', async () => {
    const user = await newUser('Cleo');
    const deleting = await signIn(user);
    const other = await signIn(user);
    for (const r of await onBoth(other, 'GET', '/features/collections')) expect(r.status).toBe(200);
    const racing = Array.from({ length: 16 }, (_, i) =>
      i % 2 === 0
        ? other.call('POST', '/features/collection', { name: `Race ${i}` })
        : ask(other, 'revenue by region'),
    );
    const deleted = await deleting.call('DELETE', '/api/v1/auth/account');
    expect(deleted.status).toBe(401);
    // Done before the deletion, or refused: 401 (a collection stored just before it and gone when
    // read back answers 404).
    for (const r of await Promise.all(racing)) {
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
      if (r.status !== 200) expect(r.body).toEqual({ message: expect.any(String) });
    }
  });

  it('a source changed through one process is seen by the other at once', async () => {
    const dan = await signIn(await newUser('Dan'));
    const boundary = `----parley${randomBytes(8).toString('hex')}`;
    const csv = 'region,amount,sold_on\nNorth,10.50,2026-10-01\nSouth,20.25,2026-10-02\nNorth,5,2026-11-01\n';
    const upload = await fetch(`${proxy.url}/api/v1/datasource/upload`, {
      method: 'POST',
      headers: { ...dan.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Sales.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        Buffer.from(csv),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.status, `${await upload.clone().text()}\n${a.output()}\n${b.output()}`).toBe(200);
    const { datasource_id: id } = (await upload.json()) as { datasource_id: string };
    const total = (r: Answer) => r.body?.responses?.[0]?.card?.table?.[0]?.Amount;
    const question = { phrase: 'total amount', created: 0 };
    const askBoth = (datasource_id?: string) =>
      onBoth(dan, 'POST', '/features/conversations/query', {
        ...question,
        created: ++created,
        ...(datasource_id ? { datasource_id } : {}),
      });
    // Both processes have resolved the source (its row copied, its connector and model open).
    for (const r of await askBoth(id)) expect(total(r), JSON.stringify(r.body)).toBe(35.75);
    // The newest own source is the default; the demo chosen through one process is the default on both.
    expect(
      (await dan.call('POST', '/api/v1/datasource/default', { datasource_id: DEMO_DATASOURCE_ID })).status,
    ).toBe(200);
    await atOnce(async () => (await askBoth()).every((r) => r.status === 200 && total(r) !== 35.75));

    expect((await dan.call('POST', '/api/v1/datasource/default', { datasource_id: id })).status).toBe(200);
    await atOnce(async () => (await askBoth()).every((r) => total(r) === 35.75));

    expect(
      (await dan.call('POST', '/api/v1/datasource/deactivate', { datasource_id: id, type: 'FILE' })).status,
    ).toBe(200);
    await atOnce(async () => (await askBoth(id)).every((r) => r.status === 400));
    // Inactive, it is no longer the default either.
    for (const r of await askBoth()) expect(total(r)).not.toBe(35.75);

    expect(
      (await dan.call('POST', '/api/v1/datasource/activate', { datasource_id: id, type: 'FILE' })).status,
    ).toBe(200);
    await atOnce(async () => (await askBoth(id)).every((r) => total(r) === 35.75));

    expect((await dan.call('DELETE', `/api/v1/datasource?id=${id}`)).status).toBe(200);
    await atOnce(async () => (await askBoth(id)).every((r) => r.status === 404));
  });

  it('a word learned through one process is understood by the other at once', async () => {
    const alice = await signIn(await newUser('Alice L'));
    const bob = await signIn(await newUser('Bob L'));
    // Bob's process has read the project's words for the demo source: none, so it asks back.
    const before = await ask(bob, 'haul by region', undefined, b.url);
    expect(before.body.responses[0].prompt, JSON.stringify(before.body)).toBeDefined();
    // Alice teaches the word through the other process by picking the choice it offered.
    const back = await ask(alice, 'haul by region', undefined, a.url);
    const choice = back.body.responses[0].prompt.items.find(
      (i: { phrase: string }) => i.phrase === 'revenue by region',
    );
    expect(choice).toBeDefined();
    const picked = await ask(alice, choice.phrase, undefined, a.url);
    expect(picked.body.responses[0].card.query.semantic.measures).toEqual(['revenue']);
    await atOnce(async () => {
      const answer = (await ask(bob, 'haul last month', undefined, b.url)).body.responses[0];
      return answer.card?.query.semantic.measures?.[0] === 'revenue';
    });
  });

  it("a copy synced by the worker refreshes both web processes' answers at once", {
    timeout: 180_000,
  }, async () => {
    const erin = await signIn(await newUser('Erin'));
    const survey = standIn.surveys[0]!.id;
    const connected = await erin.call('POST', '/api/v1/datasource', {
      type: 'FORMBRICKS',
      name: 'Feedback',
      config: { api_host: standIn.apiHost, api_key: standIn.apiKey },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const id = connected.body.datasource_id as string;
    const count = (r: Answer) =>
      r.status === 200 ? Object.values(r.body.responses[0]?.card?.table?.[0] ?? {})[0] : undefined;
    const countBoth = () =>
      onBoth(erin, 'POST', '/features/conversations/query', {
        phrase: 'number of responses',
        created: ++created,
        datasource_id: id,
      });
    const total = standIn.responses(survey).length;
    // The worker makes the first copy (its queue is polled): both processes then answer from it.
    await atOnce(async () => (await countBoth()).every((r) => count(r) === total), 60_000).catch(
      async (e) => {
        console.log(JSON.stringify(await countBoth()), worker.output().slice(-3000));
        throw e;
      },
    );

    standIn.addResponse(
      response('clrespmultiproc1', survey, '2026-11-20T09:00:00.000Z', true, {
        recommend: 9,
        satisfaction: 4,
      }),
    );
    // The next sync, queued as the tick would; only the worker runs jobs.
    const log = Fastify({ logger: false }).log;
    const queue = new PgBossQueue(database, log);
    queue.define({ name: DATASOURCE_SYNC_JOB, handler: async () => {} });
    const job = await queue.enqueue(DATASOURCE_SYNC_JOB, { datasource_id: id }, { key: 'multi-process' });
    await atOnce(async () => {
      const { rows } = await database.db.execute<{ state: string }>(
        `select state from pgboss.job where id = '${job}'`,
      );
      return rows[0]?.state === 'completed';
    }, 60_000);
    await queue.stop();
    await atOnce(async () => (await countBoth()).every((r) => count(r) === total + 1));
  });
});
