/**
 * The one way the benches start the app, so their figures compare. In this process (`startApp`):
 * the whole app on loopback over the demo file of a scale, its own database PGlite in memory or,
 * in server mode, a throwaway PostgreSQL database; signed in as the demo user through a client in
 * its own process (ask-client.ts), so timings are the server's; warmed by one question. As its own
 * process (`startServerProcess`): `apps/server/src/main.ts` as `npm start` runs it, on a DATA_DIR.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { TPostgresConfig } from '@parley/contract';
import { type BuildOptions, buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { demoFile, END_DATE } from './demo';
import { createThrowawayDatabase } from './postgres';
import { freePort, type Started, spawnUntilAnswering } from './process';
import { WARM_QUESTION } from './questions';

const HERE = dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'Bench-pass-123!';

export interface AppOptions {
  /** The demo data's scale (default 1). */
  scale?: number;
  /** Results the answer cache keeps; 0 turns it off, so every answer runs its query. */
  resultCacheSize: number;
  /** Configuration over the benches' defaults (no rate limit reached, private hosts allowed). */
  env?: Record<string, string>;
  /** Server mode: the app's own database is a new PostgreSQL database on TEST_DATABASE_URL's server. */
  serverMode?: boolean;
  /** The services' option: each history item journalled but never stored (a measurement only). */
  holdHistory?: boolean;
  /** The services' option: cards of one collection answered at once. */
  collectionConcurrency?: number;
  /** More of what the app is built with (a channel's test trust roots: the Alexa stand-in's PKI). */
  build?: Partial<Omit<BuildOptions, 'config' | 'database'>>;
}

/** `headers` replace the client's own (a form post, a signed skill request). */
export type Post = (
  url: string,
  body: string,
  headers?: Record<string, string>,
) => Promise<{ ms: number; status: number; body: string }>;

/** A signed-in client of a running app: its headers, and requests sent from its own process. */
export interface BenchClient {
  /** Headers of the signed-in demo user (cookie + XSRF) for a POST. */
  headers: Record<string, string>;
  /**
   * Times one POST of `body` to `url` (the app's or another server's) over the client process's
   * kept-alive connection, from sending to the last byte.
   */
  post: Post;
  /** POSTs `body` as JSON to the app's `path`; the reply parsed. */
  postJson: (
    path: string,
    body: unknown,
  ) => Promise<{ ms: number; status: number; json: Record<string, unknown> }>;
  /** Times one question end to end; the card of the first response, and the reply's text. */
  ask: (
    phrase: string,
    datasourceId?: string,
  ) => Promise<{ ms: number; card?: { query?: { sql: string }; table: unknown[] }; text: string }>;
  /** Ends the client's process. */
  close: () => void;
}

export interface BenchApp extends Omit<BenchClient, 'close'> {
  base: string;
  app: Awaited<ReturnType<typeof buildApp>>;
  close: () => Promise<void>;
}

/** Starts the app in this process (see the file's note); `close` ends it and drops what it made. */
export async function startApp(options: AppOptions): Promise<BenchApp> {
  const scale = options.scale ?? 1;
  const { path } = await demoFile(scale);
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'parley-bench-app-')),
    DEMO_PASSWORD: PASSWORD,
    LOG_LEVEL: 'silent',
    // The benches ask far more than a person would a minute; the limit still runs, as it does live.
    ASK_RATE_LIMIT: '100000000',
    // Their PostgreSQL sources are on this machine.
    ALLOW_PRIVATE_HOSTS: 'true',
    ...options.env,
  });
  const server = options.serverMode ? await createThrowawayDatabase('app') : null;
  const database = await openDatabase({ url: server?.url, dir: null });
  const app = await buildApp({
    config,
    database,
    demoDataset: { path, endDate: END_DATE, scale },
    clock: () => new Date(`${END_DATE}T12:00:00Z`),
    resultCacheSize: options.resultCacheSize,
    holdHistory: options.holdHistory,
    collectionConcurrency: options.collectionConcurrency,
    ...options.build,
  });
  await app.services.demo.ensureDemo();
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const { close: closeClient, ...client } = await connectClient(base, config.DEMO_EMAIL, PASSWORD);
  // Warm, as a first question does: the demo source opened, the answer path's code loaded.
  await client.ask(WARM_QUESTION);
  const close = async () => {
    closeClient();
    await app.close();
    await database.close();
    await server?.drop();
  };
  return { ...client, base, app, close };
}

/**
 * Signs `email` in at `base` and starts the bench client's process (ask-client.ts) with its
 * cookie and XSRF token: startApp's client, and the soak bench's against a server of its own.
 */
export async function connectClient(base: string, email: string, password: string): Promise<BenchClient> {
  const login = await fetch(`${base}/auth/loginwithpassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed (${login.status}): ${await login.text()}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const { xsrfToken } = (await login.json()) as { xsrfToken: string };
  const headers = { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrfToken };
  const post = clientProcess(headers);
  const postJson: BenchClient['postJson'] = async (path, body) => {
    const reply = await post.send(`${base}${path}`, JSON.stringify(body));
    return { ms: reply.ms, status: reply.status, json: JSON.parse(reply.body) as Record<string, unknown> };
  };
  const ask: BenchClient['ask'] = async (phrase, datasourceId) => {
    const body = { phrase, created: Date.now(), ...(datasourceId ? { datasource_id: datasourceId } : {}) };
    const reply = await post.send(`${base}/features/conversations/query`, JSON.stringify(body));
    if (reply.status !== 200) throw new Error(`answer failed (${reply.status}): ${reply.body.slice(0, 200)}`);
    const answer = JSON.parse(reply.body) as {
      responses: { card?: { query?: { sql: string }; table: unknown[] } }[];
    };
    return { ms: reply.ms, card: answer.responses?.[0]?.card, text: reply.body };
  };
  return { headers, post: post.send, postJson, ask, close: post.close };
}

/** The client's own process (ask-client.ts), so its CPU is neither on the server's thread nor in its timings. */
function clientProcess(headers: Record<string, string>): { send: Post; close: () => void } {
  const client = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'ask-client.ts')], {
    cwd: HERE,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const replies = createInterface({ input: client.stdout })[Symbol.asyncIterator]();
  const send: Post = async (url, body, own) => {
    client.stdin.write(`${JSON.stringify({ url, headers: own ?? headers, body })}\n`);
    const next = await replies.next();
    if (next.done) throw new Error('the bench client stopped');
    return JSON.parse(next.value) as { ms: number; status: number; body: string };
  };
  return { send, close: () => client.stdin.end() };
}

/**
 * Starts `apps/server/src/main.ts` in its own process on `dataDir` at a free port, `env` over the
 * benches' defaults; resolves once GET /auth/config answers, with the time that took.
 */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  wait?: Parameters<typeof spawnUntilAnswering>[3],
): Promise<Started & { base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = await spawnUntilAnswering(
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DEMO_END_DATE: END_DATE,
      ...env,
    },
    `${base}/auth/config`,
    wait,
  );
  return { ...started, base };
}

/** Connects a PostgreSQL database as a data source of the signed-in user; its id. */
export async function connectPostgres(
  client: Pick<BenchClient, 'postJson'>,
  config: TPostgresConfig,
): Promise<string> {
  const res = await client.postJson('/api/v1/datasource', {
    type: 'POSTGRESQL',
    name: 'Bench PostgreSQL',
    config,
  });
  if (res.status !== 200 || typeof res.json.datasource_id !== 'string')
    throw new Error(`connecting PostgreSQL failed (${res.status}): ${JSON.stringify(res.json)}`);
  return res.json.datasource_id;
}
