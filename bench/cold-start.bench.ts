/**
 * Cold start: the app spawned on an empty DATA_DIR, timed until GET /auth/config answers 200, then
 * a second start on the same DATA_DIR. Baseline in the same run: a bare Node HTTP server started
 * the same way, so the ratio survives a noisy machine.
 * Run: node --import tsx bench/cold-start.bench.ts   (RUNS=5)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from './lib/app';
import { freePort, spawnUntilAnswering, stop } from './lib/process';
import { median, today, writeSection } from './lib/results';

const RUNS = Number(process.env.RUNS ?? 5);
/** Polled this often, so the wait adds little to what is measured. */
const POLL = { pollMs: 5 };

/** A bare `node:http` server started like the app: spawn to first answer, in ms. */
async function bareStart(): Promise<number> {
  const port = await freePort();
  const server = `require('node:http').createServer((q,s)=>s.end('{}')).listen(${port},'127.0.0.1')`;
  const { child, ms } = await spawnUntilAnswering(
    ['-e', server],
    {},
    `http://127.0.0.1:${port}/auth/config`,
    POLL,
  );
  await stop(child);
  return ms;
}

/** The app started on `dataDir`: spawn to the first 200 of /auth/config, in ms. */
async function appStart(dataDir: string): Promise<number> {
  const { child, ms } = await startServerProcess(dataDir, {}, POLL);
  await stop(child);
  return ms;
}

const baseline: number[] = [];
const app: number[] = [];
const warm: number[] = [];
for (let i = 0; i < RUNS; i++) {
  baseline.push(await bareStart());
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-cold-'));
  app.push(await appStart(dataDir));
  // Second start on the same DATA_DIR: what every start after the first costs.
  warm.push(await appStart(dataDir));
  rmSync(dataDir, { recursive: true, force: true });
}
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const body = `Command: \`RUNS=${RUNS} node --import tsx bench/cold-start.bench.ts\`, ${today()}.

| | median | runs |
|---|---|---|
| Parley, empty \`DATA_DIR\` → first 200 of \`/auth/config\` (secrets, PGlite initdb, migrations, demo user; the demo dataset is generated after listening) | ${fmt(median(app))} | ${app.map(fmt).join(', ')} |
| Parley, second start on the same \`DATA_DIR\` | ${fmt(median(warm))} | ${warm.map(fmt).join(', ')} |
| baseline: bare \`node:http\` server → first answer | ${fmt(median(baseline))} | ${baseline.map(fmt).join(', ')} |
| ratio | ${(median(app) / median(baseline)).toFixed(1)}× | |`;
writeSection('Cold start', body);
console.log(body);
