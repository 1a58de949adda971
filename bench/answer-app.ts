/**
 * The whole app on loopback, signed in as the demo user, for the answer benchmarks
 * (answer.bench.ts, throughput.bench.ts, answer-profile.ts): one way to start it, so their figures compare.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ensureDemoDataset } from '@parley/connectors';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createPostgresDatabase } from '../apps/server/test/helpers';

export const END_DATE = '2026-11-20';
const HERE = dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'Bench-pass-123!';

/** The demo file of a scale, generated once into the temp folder and reused by later runs. */
export async function demoFile(scale: number): Promise<{ path: string; ms: number }> {
  const path = join(tmpdir(), `parley-bench-demo-v1-${END_DATE}-${scale}.duckdb`);
  const gen = await ensureDemoDataset({ path, endDate: END_DATE, scale });
  return { path, ms: gen.ms };
}

export interface BenchApp {
  base: string;
  /** Headers of the signed-in demo user (cookie + XSRF) for a POST. */
  headers: Record<string, string>;
  /**
   * Times one POST of `body` to `url` from the bench client's process (ask-client.ts), over its
   * kept-alive connection: the HTTP round trip any answer pays, without the app when `url` is
   * another server.
   */
  post: (url: string, body: string) => Promise<{ ms: number; status: number; body: string }>;
  /** Times one question end to end; the card of the first response, and the reply's text. */
  ask: (
    phrase: string,
    datasourceId?: string,
  ) => Promise<{ ms: number; card?: { query?: { sql: string }; table: unknown[] }; text: string }>;
  app: Awaited<ReturnType<typeof buildApp>>;
  close: () => Promise<void>;
}

/**
 * Starts the app over the demo file `path`; `resultCacheSize` 0 turns the result cache off. Its own
 * database is PGlite in memory (embedded mode), or with `databaseUrl` a new PostgreSQL database
 * created on that server for this run and dropped at `close` (server mode). `holdHistory`
 * journals each history item but never stores it (the services' option of the same name).
 */
export async function startApp(
  path: string,
  scale: number,
  resultCacheSize: number,
  env: Record<string, string> = {},
  { databaseUrl, holdHistory }: { databaseUrl?: string; holdHistory?: boolean } = {},
): Promise<BenchApp> {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'parley-bench-answer-')),
    DEMO_PASSWORD: PASSWORD,
    LOG_LEVEL: 'silent',
    // The benchmarks ask far more than a person would a minute.
    ASK_RATE_LIMIT: '100000000',
    ...env,
  });
  const server = databaseUrl ? await createPostgresDatabase(databaseUrl) : null;
  const database = await openDatabase({ url: server?.url, dir: null });
  const app = await buildApp({
    config,
    database,
    demoDataset: { path, endDate: END_DATE, scale },
    clock: () => new Date(`${END_DATE}T12:00:00Z`),
    resultCacheSize,
    holdHistory,
  });
  await app.services.demo.ensureDemo();
  await app.services.answers.warmUp();
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const client = await connectClient(base, config.DEMO_EMAIL, PASSWORD);
  const { headers, post, ask } = client;
  const close = async () => {
    client.close();
    await app.close();
    await database.close();
    await server?.drop();
  };
  return { base, headers, post, ask, app, close };
}

/** A signed-in client of a running app (`base`): its headers, and POSTs sent by ask-client.ts. */
export interface BenchClient {
  headers: BenchApp['headers'];
  post: BenchApp['post'];
  ask: BenchApp['ask'];
  /** Ends the client's process. */
  close: () => void;
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
  // The client runs in its own process (ask-client.ts): the timings are the server's, not a
  // client sharing its thread.
  const client = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'ask-client.ts')], {
    cwd: HERE,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const replies = createInterface({ input: client.stdout })[Symbol.asyncIterator]();
  const post: BenchApp['post'] = async (url, body) => {
    client.stdin.write(`${JSON.stringify({ url, headers, body })}\n`);
    const next = await replies.next();
    if (next.done) throw new Error('the bench client stopped');
    return JSON.parse(next.value) as { ms: number; status: number; body: string };
  };
  const ask: BenchApp['ask'] = async (phrase, datasourceId) => {
    const body = JSON.stringify({
      phrase,
      created: Date.now(),
      ...(datasourceId ? { datasource_id: datasourceId } : {}),
    });
    const reply = await post(`${base}/features/conversations/query`, body);
    if (reply.status !== 200) throw new Error(`answer failed (${reply.status}): ${reply.body.slice(0, 200)}`);
    const answer = JSON.parse(reply.body) as {
      responses: { card?: { query?: { sql: string }; table: unknown[] } }[];
    };
    return { ms: reply.ms, card: answer.responses?.[0]?.card, text: reply.body };
  };
  return { headers, post, ask, close: () => client.stdin.end() };
}
