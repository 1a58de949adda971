/**
 * This checkout against another one (an earlier commit) in one process and one run, so the ratio
 * survives a noisy machine: cached answers per second at 10 connections (autocannon in its own
 * process) and the uncached answer's median time at one connection, both apps started the same way
 * (answer-app.ts of each checkout), measured in turns, the order swapped every round.
 * Run: git worktree add /tmp/parley-base <commit> && ln -s "$PWD/node_modules" /tmp/parley-base/
 *      BASE=/tmp/parley-base node --import tsx bench/compare-checkouts.ts   (ROUNDS=3, DURATION=5)
 * The other checkout needs its own bench/answer-app.ts. Its `@parley/*` packages resolve through this
 * node_modules to this checkout's, so the comparison isolates apps/server (and the bench harness).
 */
import { resolve } from 'node:path';
import { load } from './load';
import { median, writeSection } from './results';

const BASE = process.env.BASE;
if (!BASE) throw new Error('BASE=<path of the other checkout> is required');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DURATION = Number(process.env.DURATION ?? 5);
const CACHED_QUESTION = 'revenue by region last month';
const UNCACHED_QUESTIONS = [
  'revenue by region last month vs last year',
  'top 5 products by revenue in 2025',
  'orders by month this year',
  'average order value by channel this quarter',
];

type AnswerApp = typeof import('./answer-app');
type Started = Awaited<ReturnType<AnswerApp['startApp']>>;
interface Side {
  label: string;
  cached: Started;
  uncached: Started;
  rps: number[];
  /** Server CPU µs per cached answer (every thread of this process: both apps live here, one is loaded at a time). */
  cpu: number[];
  ms: number[];
}

async function start(label: string, root: string): Promise<Side> {
  const m = (await import(resolve(root, 'bench/answer-app.ts'))) as AnswerApp;
  const { path } = await m.demoFile(1);
  const cached = await m.startApp(path, 1, 200);
  const uncached = await m.startApp(path, 1, 0);
  await cached.ask(CACHED_QUESTION);
  for (const q of UNCACHED_QUESTIONS) await uncached.ask(q);
  return { label, cached, uncached, rps: [], cpu: [], ms: [] };
}

const sides = [await start('base', BASE), await start('this checkout', process.cwd())];
const body = JSON.stringify({ phrase: CACHED_QUESTION, created: 1 });
for (let round = 0; round < ROUNDS; round++) {
  for (const side of round % 2 ? [...sides].reverse() : sides) {
    const run = await load(
      `${side.cached.base}/features/conversations/query`,
      10,
      DURATION,
      side.cached.headers,
      [body],
    );
    if (run.errors + run.non2xx > 0)
      throw new Error(`${side.label}: ${run.errors + run.non2xx} failed answers`);
    side.rps.push(run.rps);
    side.cpu.push(run.cpuUs);
    for (const q of UNCACHED_QUESTIONS)
      for (let i = 0; i < 10; i++) side.ms.push((await side.uncached.ask(q)).ms);
  }
}
for (const side of sides) {
  await side.cached.close();
  await side.uncached.close();
}

const [base, ours] = sides as [Side, Side];
const row = (s: Side) =>
  `| ${s.label} | ${s.rps.map((r) => r.toFixed(0)).join(', ')} | ${median(s.rps).toFixed(0)} | ${median(s.cpu).toFixed(0)} | ${median(s.ms).toFixed(2)} |`;
const text = `Command: \`BASE=${BASE} node --import tsx bench/compare-checkouts.ts\` (${ROUNDS} rounds, ${DURATION} s of load each, in turns), ${new Date().toISOString().slice(0, 10)}.

| checkout | cached answers/s at 10 connections, per round | median | server CPU µs per cached answer, median | uncached answer, median ms (1 connection, ${UNCACHED_QUESTIONS.length} questions × 10 per round) |
|---|---|---|---|---|
${row(base)}
${row(ours)}

This checkout ÷ base: cached answers/s **${(median(ours.rps) / median(base.rps)).toFixed(2)}**, server CPU per cached answer **${(median(ours.cpu) / median(base.cpu)).toFixed(2)}**, uncached answer time **${(median(ours.ms) / median(base.ms)).toFixed(2)}**.`;
console.log(text);
if (process.env.SECTION) writeSection(process.env.SECTION, text);
process.exit(0);
