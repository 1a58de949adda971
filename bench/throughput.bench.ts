/**
 * Throughput under load: answers per second and latency of POST
 * /features/conversations/query at 1, 10 and 50 connections with the result cache on (the same
 * question again and again), beside a bare Fastify JSON route in the same process and run, and
 * with the cache off at 10 connections (the bench questions in turn) — on the demo data and on a
 * PostgreSQL source holding the same tables. The load comes from autocannon in its own process.
 * Run: node --import tsx bench/throughput.bench.ts   (DURATION=10 s per measure, PG_SCALE=1; PostgreSQL:
 * TEST_DATABASE_URL, required)
 */

import { createPostgresDemoDatabase } from '@parley/testing/fixtures/postgres-fixture';
import Fastify from 'fastify';
import { type BenchApp, connectPostgres, startApp } from './lib/app';
import { type Load, load } from './lib/load';
import { DEMO_QUESTIONS, PG_QUICK_QUESTIONS as PG_QUESTIONS } from './lib/questions';
import { today, writeSection } from './lib/results';

const DURATION = Number(process.env.DURATION ?? 10);
const PG_SCALE = Number(process.env.PG_SCALE ?? 1);

const body = (phrase: string, datasourceId?: string) =>
  JSON.stringify({ phrase, created: 1, ...(datasourceId ? { datasource_id: datasourceId } : {}) });

// The baseline: Fastify with one JSON route, same process, same kind of request.
const bare = Fastify();
bare.post('/bare', async () => ({ ok: true }));
const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

const pgDb = await createPostgresDemoDatabase(PG_SCALE);
const cached = await startApp({ resultCacheSize: 200 });
const uncached = await startApp({ resultCacheSize: 0 });
// Server mode: the app's own database (sessions, history) in PostgreSQL instead of PGlite.
const serverMode = await startApp({ resultCacheSize: 200, serverMode: true });

const pgCached = await connectPostgres(cached, pgDb.config);
const pgUncached = await connectPostgres(uncached, pgDb.config);

// Every question answers with a card before it is loaded.
for (const q of DEMO_QUESTIONS) if (!(await cached.ask(q)).card) throw new Error(`no card: ${q}`);
if (!(await serverMode.ask(DEMO_QUESTIONS[0]!)).card) throw new Error('no card (server mode)');
for (const q of PG_QUESTIONS)
  if (!(await cached.ask(q, pgCached)).card) throw new Error(`no card (pg): ${q}`);
for (const q of PG_QUESTIONS) await uncached.ask(q, pgUncached);

const url = (app: BenchApp) => `${app.base}/features/conversations/query`;
const bareHeaders = { 'content-type': 'application/json' };
const rows: { what: string; c: number; r: Load }[] = [];
const measure = async (what: string, c: number, run: () => Promise<Load>) => {
  const r = await run();
  rows.push({ what, c, r });
  console.log(what, c, JSON.stringify(r));
  return r;
};
const ratios: string[] = [];
const SERVER_MODE = 'cached answer, demo data, app database in PostgreSQL (server mode)';
for (const c of [1, 10, 50]) {
  // Baseline and app side by side for each connection count, so they share the machine's mood.
  const b = await measure('bare Fastify JSON route', c, () =>
    load(`${bareBase}/bare`, c, DURATION, bareHeaders, [body('x')]),
  );
  const d = await measure('cached answer, demo data', c, () =>
    load(url(cached), c, DURATION, cached.headers, [body(DEMO_QUESTIONS[0]!)]),
  );
  const p = await measure('cached answer, PostgreSQL source', c, () =>
    load(url(cached), c, DURATION, cached.headers, [body(PG_QUESTIONS[0]!, pgCached)]),
  );
  if (c === 10) {
    // The app's floor: its lightest signed-in call (session cookie, session and source copies,
    // Fastify + zod, no database statement), to read the answer's cost against the app's own.
    await measure('signed-in GET /features/suggestions (no database statement)', c, () =>
      load(`${cached.base}/features/suggestions`, c, DURATION, { cookie: cached.headers.cookie! }, [], 'GET'),
    );
    await measure(SERVER_MODE, c, () =>
      load(url(serverMode), c, DURATION, serverMode.headers, [body(DEMO_QUESTIONS[0]!)], 'POST', true),
    );
  }
  const server = rows.find((row) => row.c === c && row.what === SERVER_MODE)?.r;
  ratios.push(
    `${c} connection${c > 1 ? 's' : ''}: cached answers/s ÷ bare route = **${(d.rps / b.rps).toFixed(2)}** (demo), **${(p.rps / b.rps).toFixed(2)}** (PostgreSQL source)${server ? `, **${(server.rps / b.rps).toFixed(2)}** (server mode)` : ''}`,
  );
}
await measure('uncached answer, demo data (7 questions in turn)', 10, () =>
  load(
    url(uncached),
    10,
    DURATION,
    uncached.headers,
    DEMO_QUESTIONS.map((q) => body(q)),
  ),
);
await measure(`uncached answer, PostgreSQL source (${PG_QUESTIONS.length} questions in turn)`, 10, () =>
  load(
    url(uncached),
    10,
    DURATION,
    uncached.headers,
    PG_QUESTIONS.map((q) => body(q, pgUncached)),
  ),
);
const pending = cached.app.services.conversations;
await pending.historySettled(30_000);
await serverMode.app.services.conversations.historySettled(30_000);
await cached.close();
await uncached.close();
await serverMode.close();
await bare.close();
await pgDb.drop();

const cpu = (r: Load) => r.cpuUs.toFixed(0);
const main = (r: Load) => r.mainCpuUs.toFixed(0);
const other = (r: Load) => (r.cpuUs - r.mainCpuUs).toFixed(0);
/** The measure at 10 connections whose name is `what` or begins with `what` and a space. */
const at10 = (what: string) =>
  rows.find((row) => row.c === 10 && (row.what === what || row.what.startsWith(`${what} `)))!.r;
const bare10 = at10('bare');
const light = at10('signed-in');
const cached10 = at10('cached answer, demo data');
const server10 = at10(SERVER_MODE);
const table = rows.map(
  ({ what, c, r }) =>
    `| ${what} | ${c} | ${r.rps.toFixed(0)} | ${r.cpuUs.toFixed(0)} (${r.mainCpuUs.toFixed(0)})${r.postgresCpuUs === undefined ? '' : ` + ${r.postgresCpuUs.toFixed(0)} PostgreSQL`} | ${r.p50.toFixed(1)} | ${r.p90.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.total} | ${r.errors + r.timeouts + r.non2xx} |`,
);
const text = `Command: \`DURATION=${DURATION} node --import tsx bench/throughput.bench.ts\` (${DURATION} s per line, autocannon 9 in its own process, PG_SCALE=${PG_SCALE}), ${today()}.
Server: the whole app on loopback (PGlite app database, session cookie + XSRF, quota, history journal), signed in as the demo user; the bare route is \`Fastify().post('/bare', async () => ({ ok: true }))\` in the same process. Cached = the same question every time (result cache on); uncached = result cache off, the questions in turn (identical questions running at the same moment still run once: no stampede). "PostgreSQL source" = the demo tables (scale ${PG_SCALE}) in a local PostgreSQL database connected as a data source.

| load | connections | answers/s | server CPU µs per answer (main thread's) | p50 ms | p90 ms | p99 ms | requests | errors + non-2xx |
|---|---|---|---|---|---|---|---|---|
${table.join('\n')}

${ratios.join('; ')}.

Reading, at 10 connections, by server CPU per request (every thread of the server's process; steadier than requests/s on this shared machine, where autocannon's process also needs a core): ${cpu(bare10)} µs for the bare route, ${cpu(light)} µs for the app's lightest signed-in call, ${cpu(cached10)} µs for a cached answer — ${main(cached10)} µs on the main thread (HTTP, Fastify, the app, the journal line) and ${other(cached10)} µs on the others (PGlite's thread storing the history row, GC and libuv helpers). The target (cached answers/s ≥ 0.5 × the bare route's) asks a cached answer to cost within about 2 × a bare request: ${(2 * bare10.cpuUs).toFixed(0)} µs here. Where the main thread's share goes: “Answer profile” (answer-profile.bench.ts); the history of that work: docs/perf/answer-path.md.

Server mode (the app's own database in PostgreSQL on this machine, \`DATABASE_URL\`): ${(server10.rps / bare10.rps).toFixed(2)} × the bare route's answers/s; ${cpu(server10)} µs of the app's process per answer (${main(server10)} on its main thread) plus ${server10.postgresCpuUs!.toFixed(0)} µs of PostgreSQL's processes (the history row, the quota row), ${(server10.cpuUs + server10.postgresCpuUs!).toFixed(0)} µs in all against ${cpu(cached10)} µs with PGlite.`;
writeSection('Throughput under load', text);
console.log(text);
process.exit(0);
