/**
 * Where the milliseconds of a cached answer go: the V8 CPU profiler (node:inspector, the same
 * profile `node --cpu-prof` writes) around DURATION seconds of the same question asked over one
 * connection by autocannon in its own process (so only the server's CPU is in the profile),
 * self time summed by who spent it, per answer.
 * The app database's statements are counted and timed through its timing point (appdb.statement).
 * Run: node --import tsx bench/answer-profile.bench.ts   (DURATION=10; CONNECTIONS=1; CACHED=0 for the
 * uncached answer; PROFILE_OUT=file.cpuprofile keeps the raw profile; SECTION names its RESULTS.md section)
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { startApp } from './lib/app';
import { load } from './lib/load';
import { WARM_QUESTION } from './lib/questions';
import { today, writeSection } from './lib/results';
import { onTraced } from './lib/trace';

const DURATION = Number(process.env.DURATION ?? 10);
/** Concurrent connections: 1 shows one answer's path, 10 the throughput bench's load. */
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 1);
const QUESTION = process.env.QUESTION ?? WARM_QUESTION;
/** The RESULTS.md section written; SECTION='' writes none (a profile taken for a note elsewhere). */
const SECTION = process.env.SECTION ?? 'Answer profile: where a cached answer’s CPU goes';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Who a frame belongs to, by its file. */
const BUCKETS: [string, (url: string, fn: string) => boolean][] = [
  // On its own thread since pglite-thread.ts, so only its messages stay on this one.
  ['PGlite thread (posting statements, receiving rows)', (u) => u.includes('db/pglite-thread')],
  ['drizzle-orm (query building, row mapping)', (u) => u.includes('drizzle-orm')],
  ['DuckDB', (u) => u.includes('duckdb')],
  ['pg-boss', (u) => u.includes('pg-boss')],
  [
    'Fastify, routing, cookies, rate limit',
    (u) =>
      /fastify|find-my-way|avvio|light-my-request|cookie-signature|@fastify|toad-cache|secure-json-parse/.test(
        u,
      ),
  ],
  ['zod (validation + serialisation)', (u) => u.includes('/zod/') || u.includes('type-provider-zod')],
  ['engine (parse, compile, card)', (u) => u.includes('packages/engine') || u.includes('wink')],
  ['presenter', (u) => u.includes('packages/presenter')],
  ['app: session plugin', (u) => u.includes('plugins/session')],
  ['app: auth/sessions', (u) => u.includes('modules/auth')],
  ['app: conversations', (u) => u.includes('modules/conversations')],
  ['app: answers', (u) => u.includes('modules/answers')],
  ['app: billing (quota)', (u) => u.includes('modules/billing')],
  ['app: other', (u) => u.includes('apps/server/src')],
  ['Node internals (http, net, streams, timers)', (u) => u.startsWith('node:')],
  ['garbage collector', (_u, f) => f === '(garbage collector)'],
  ['idle (waiting)', (_u, f) => f === '(idle)'],
  ['native / program', (u, f) => u === '' && f.startsWith('(')],
];

function summarise(profile: Profile): { bucket: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // A native frame (JSON.stringify, crypto) is charged to the nearest caller with a file.
  const ownerOf = (id: number): { url: string; fn: string } => {
    let node = byId.get(id)!;
    const fn = node.callFrame.functionName;
    if (fn.startsWith('(')) return { url: '', fn };
    while (!node.callFrame.url && parent.has(node.id)) node = byId.get(parent.get(node.id)!)!;
    return { url: node.callFrame.url, fn: node.callFrame.functionName };
  };
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const { url, fn } = ownerOf(id);
    const bucket =
      BUCKETS.find(([, test]) => test(url, fn))?.[0] ?? `other (${url.split('/').slice(-2).join('/') || fn})`;
    totals.set(bucket, (totals.get(bucket) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals.entries()].map(([bucket, ms]) => ({ bucket, ms })).sort((a, b) => b.ms - a.ms);
}

// Every statement the app sends to its own database, counted and timed during the load.
const statements = new Map<string, { n: number; ms: number }>();
const countStatement = (ms: number, context: { sql?: unknown }) => {
  const key = String(context.sql).replace(/\s+/g, ' ').trim().slice(0, 70);
  const s = statements.get(key) ?? { n: 0, ms: 0 };
  s.n++;
  s.ms += ms;
  statements.set(key, s);
};

// CACHED=0 profiles the uncached answer (result cache off: every answer runs its query).
const CACHED = process.env.CACHED !== '0';
const bench = await startApp({ resultCacheSize: CACHED ? 200 : 0 });
for (let i = 0; i < 200; i++) await bench.ask(QUESTION); // warm: JIT, caches
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const stopCounting = onTraced('appdb.statement', countStatement);
const t0 = performance.now();
const run = await load(`${bench.base}/features/conversations/query`, CONNECTIONS, DURATION, bench.headers, [
  JSON.stringify({ phrase: QUESTION, created: 1 }),
]);
const wall = performance.now() - t0;
stopCounting();
const N = run.total;
const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
session.disconnect();
await bench.close();
if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));

const rows = summarise(profile);
const label = process.env.LABEL ?? 'now';
const table = rows
  .filter((r) => r.ms / N >= 0.005)
  .map((r) => `| ${r.bucket} | ${(r.ms / N).toFixed(3)} | ${((100 * r.ms) / wall).toFixed(1)} % |`);
const sqlRows = [...statements.entries()]
  .sort((a, b) => b[1].ms - a[1].ms)
  .map(
    ([text, s]) =>
      `| \`${text.replace(/\|/g, '\\|')}…\` | ${(s.n / N).toFixed(2)} | ${(s.ms / N).toFixed(2)} |`,
  );
const body = `Command: \`DURATION=${DURATION} CONNECTIONS=${CONNECTIONS}${CACHED ? '' : ' CACHED=0'} node --import tsx bench/answer-profile.bench.ts\` (${DURATION} s of “${QUESTION}” over ${CONNECTIONS} connection${CONNECTIONS === 1 ? '' : 's'}, autocannon in its own process: ${N} answers, result cache ${CACHED ? 'on' : 'off'}, scale 1), ${today()}, ${label}.
Latency p50 ${run.p50} ms, mean ${run.mean.toFixed(2)} ms (autocannon); wall ${(wall / N).toFixed(2)} ms per answer; ${run.errors + run.non2xx} errors. CPU self time per answer by owner (native frames charged to their caller):

| owner | ms per answer | share of wall |
|---|---|---|
${table.join('\n')}

App-database statements per answer (their timing point, appdb.statement: PGlite on its thread, time from call to result, so waiting behind another statement counts; this thread is free meanwhile):

| statement | per answer | ms per answer |
|---|---|---|
${sqlRows.join('\n')}`;
console.log(body);
if (SECTION) writeSection(SECTION, body);
process.exit(0);
