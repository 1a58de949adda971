/**
 * This checkout against another one (an earlier commit) in one process and one run, so the ratio
 * survives a noisy machine: cached answers per second at 10 connections (autocannon in its own
 * process) and the uncached answer's median time at one connection, both apps started the same way
 * (each checkout's own bench starter), measured in turns, the order swapped every round.
 * Run: git worktree add /tmp/parley-base <commit> && ln -s "$PWD/node_modules" /tmp/parley-base/
 *      BASE=/tmp/parley-base node --import tsx bench/compare-checkouts.bench.ts   (ROUNDS=3, DURATION=5)
 * Its `@parley/*` packages resolve through this node_modules to this checkout's, so the comparison
 * isolates apps/server (and the bench harness).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BenchApp } from './lib/app';
import { load } from './lib/load';
import { ROOT } from './lib/process';
import { DEMO_QUESTIONS, WARM_QUESTION } from './lib/questions';
import { median, today, writeSection } from './lib/results';

const BASE = process.env.BASE;
if (!BASE) throw new Error('BASE=<path of the other checkout> is required');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DURATION = Number(process.env.DURATION ?? 5);
const SECTION = process.env.SECTION ?? 'Compare checkouts: this one against BASE';
const CACHED_QUESTION = WARM_QUESTION;
const UNCACHED_QUESTIONS = DEMO_QUESTIONS.slice(1, 5);

type Started = Pick<BenchApp, 'base' | 'headers' | 'ask' | 'close'>;
interface Side {
  label: string;
  cached: Started;
  uncached: Started;
  rps: number[];
  /** Server CPU µs per cached answer (every thread of this process: both apps live here, one is loaded at a time). */
  cpu: number[];
  ms: number[];
}

/** A checkout's bench starter, as a function of the result cache's size. */
async function starterOf(root: string): Promise<(resultCacheSize: number) => Promise<Started>> {
  const current = resolve(root, 'bench/lib/app.ts');
  if (existsSync(current)) {
    const { startApp } = (await import(current)) as typeof import('./lib/app');
    return (resultCacheSize) => startApp({ resultCacheSize });
  }
  // A checkout from before bench/lib: its answer-app.ts took the demo file, its scale and the cache size.
  const older = (await import(resolve(root, 'bench/answer-app.ts'))) as {
    demoFile: (scale: number) => Promise<{ path: string }>;
    startApp: (path: string, scale: number, resultCacheSize: number) => Promise<Started>;
  };
  const { path } = await older.demoFile(1);
  return (resultCacheSize) => older.startApp(path, 1, resultCacheSize);
}

async function start(label: string, root: string): Promise<Side> {
  const startApp = await starterOf(root);
  const cached = await startApp(200);
  const uncached = await startApp(0);
  await cached.ask(CACHED_QUESTION);
  for (const q of UNCACHED_QUESTIONS) await uncached.ask(q);
  return { label, cached, uncached, rps: [], cpu: [], ms: [] };
}

const sides = [await start('base', resolve(BASE)), await start('this checkout', ROOT)];
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
const text = `Command: \`BASE=${BASE} ROUNDS=${ROUNDS} DURATION=${DURATION} node --import tsx bench/compare-checkouts.bench.ts\` (${ROUNDS} rounds, ${DURATION} s of load each, in turns), ${today()}.

| checkout | cached answers/s at 10 connections, per round | median | server CPU µs per cached answer, median | uncached answer, median ms (1 connection, ${UNCACHED_QUESTIONS.length} questions × 10 per round) |
|---|---|---|---|---|
${row(base)}
${row(ours)}

This checkout ÷ base: cached answers/s **${(median(ours.rps) / median(base.rps)).toFixed(2)}**, server CPU per cached answer **${(median(ours.cpu) / median(base.cpu)).toFixed(2)}**, uncached answer time **${(median(ours.ms) / median(base.ms)).toFixed(2)}**.`;
console.log(text);
if (SECTION) writeSection(SECTION, text);
process.exit(0);
