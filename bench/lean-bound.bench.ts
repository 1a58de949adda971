/**
 * How close a cached answer could come to the bare route (the throughput target): in one
 * process and one run, at 10 connections, in turns — the bare Fastify route; the same route sending
 * the real ~2 KB answer; a lean route doing only a cached answer's unavoidable work (a signed cookie
 * checked once and remembered, a journal line appended once per event-loop turn, the lines posted
 * to a worker thread that stores nothing, the same reply); and the app's real cached answer, also
 * with its history journalled but never stored (what the durable row costs). Each with
 * requests/s and the server's CPU per request (lib/load.ts).
 * Run: node --import tsx bench/lean-bound.bench.ts   (ROUNDS=3, DURATION=5)
 */
import { closeSync, mkdtempSync, openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { startApp } from './lib/app';
import { load } from './lib/load';
import { WARM_QUESTION } from './lib/questions';
import { median, today, writeSection } from './lib/results';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DURATION = Number(process.env.DURATION ?? 5);
const SECRET = 'lean-bound-secret-of-at-least-32-characters';
const QUESTION = JSON.stringify({ phrase: WARM_QUESTION, created: 1 });

const app = await startApp({ resultCacheSize: 200 });
// The same app with its history journalled but never stored (the services' holdHistory): what the
// durable row costs is the difference. Measurement only: its answers are not kept.
const held = await startApp({ resultCacheSize: 200, holdHistory: true });
const reply = await (
  await fetch(`${app.base}/features/conversations/query`, {
    method: 'POST',
    headers: app.headers,
    body: QUESTION,
  })
).text();

const bare = Fastify();
bare.post('/bare', async () => ({ ok: true }));
bare.post('/reply', async (_request, res) => res.type('application/json; charset=utf-8').send(reply));
const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

const lean = Fastify();
await lean.register(cookie, { secret: SECRET });
const verified = new Map<string, string>();
const journal = openSync(join(mkdtempSync(join(tmpdir(), 'parley-lean-')), 'journal.jsonl'), 'a');
const store = new Worker('require("node:worker_threads").parentPort.on("message", () => {})', { eval: true });
let lines: string[] = [];
lean.post('/ask', async (request, res) => {
  const raw = request.cookies.s ?? '';
  let token = verified.get(raw);
  if (token === undefined) {
    const checked = request.unsignCookie(raw);
    if (!checked.valid || !checked.value) return res.code(401).send({ message: 'Sign in.' });
    token = checked.value;
    verified.set(raw, token);
  }
  const { phrase } = request.body as { phrase: string };
  lines.push(JSON.stringify({ id: crypto.randomUUID(), userId: token, phrase, created: Date.now() }));
  if (lines.length === 1)
    setImmediate(() => {
      writeSync(journal, `${lines.join('\n')}\n`);
      store.postMessage(lines);
      lines = [];
    });
  return res.type('application/json; charset=utf-8').send(reply);
});
const leanBase = await lean.listen({ port: 0, host: '127.0.0.1' });
const leanCookie = `s=${cookie.sign('user-1', SECRET)}`;

const json = { 'content-type': 'application/json' };
const routes = [
  ['bare Fastify JSON route', `${bareBase}/bare`, json],
  ['bare route sending the ~2 KB answer', `${bareBase}/reply`, json],
  [
    'lean cached answer (cookie, journal, worker post, reply)',
    `${leanBase}/ask`,
    { ...json, cookie: leanCookie },
  ],
  ['the app’s cached answer', `${app.base}/features/conversations/query`, app.headers],
  [
    'the app’s cached answer, its history row journalled but not stored',
    `${held.base}/features/conversations/query`,
    held.headers,
  ],
] as const;
const runs = new Map<string, { rps: number[]; cpu: number[] }>(
  routes.map(([name]) => [name, { rps: [], cpu: [] }]),
);
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, url, headers] of round % 2 ? [...routes].reverse() : routes) {
    const r = await load(url, 10, DURATION, headers, [QUESTION]);
    // What the app's last load queued is stored before the next one, so that one does not pay for it.
    await app.app.services.conversations.historySettled(30_000);
    if (r.errors + r.non2xx > 0) throw new Error(`${name}: ${r.errors + r.non2xx} failed requests`);
    runs.get(name)!.rps.push(r.rps);
    runs.get(name)!.cpu.push(r.cpuUs);
    console.log(round, name, r.rps, r.cpuUs.toFixed(0));
  }
}
closeSync(journal);
await store.terminate();
await lean.close();
await bare.close();
await app.close();
await held.close();

const bareRps = median(runs.get(routes[0][0])!.rps);
const rows = [...runs].map(
  ([name, r]) =>
    `| ${name} | ${r.rps.map((x) => x.toFixed(0)).join(', ')} | ${(median(r.rps) / bareRps).toFixed(2)} | ${median(r.cpu).toFixed(0)} |`,
);
/** What the history row costs, from this run's medians. */
function reading(): string {
  const at = (i: number) => {
    const r = runs.get(routes[i]![0])!;
    return { ratio: median(r.rps) / bareRps, cpu: median(r.cpu) };
  };
  const [full, journalled] = [at(3), at(4)];
  return `Storing the history row (PGlite, batched) costs ${(full.cpu - journalled.cpu).toFixed(0)} µs of CPU per answer here (${full.cpu.toFixed(0)} against ${journalled.cpu.toFixed(0)}; ÷ bare ${full.ratio.toFixed(2)} against ${journalled.ratio.toFixed(2)}).`;
}

const text = `Command: \`ROUNDS=${ROUNDS} DURATION=${DURATION} node --import tsx bench/lean-bound.bench.ts\` (${ROUNDS} rounds of ${DURATION} s at 10 connections, in turns, autocannon in its own process), ${today()}.
What a cached answer could cost at best: the lean route does only a cached answer's unavoidable work — a signed cookie checked once and remembered, a journal line appended once per event-loop turn, the lines posted to a worker thread that stores nothing, the same ~2 KB reply. The app's cached answer also stores each history row in PGlite (on its own thread), checks access, quota and rate limit, and runs Fastify's hooks and the contract's checks. The last line is the same app with its history journalled but never stored (a measurement only: those answers are not kept), to show what the durable history row costs.

| route | requests/s per round | ÷ bare (medians) | server CPU µs per request, median |
|---|---|---|---|
${rows.join('\n')}

${reading()}`;
writeSection('Throughput: how close a cached answer could come', text);
console.log(text);
process.exit(0);
