// Cold start: spawn the app on an empty DATA_DIR and time until GET /auth/config answers 200.
// Baseline in the same run: a bare Node HTTP server started the same way, so the ratio survives a noisy machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, writeSection } from './results';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? 5);

async function timeToFirstAnswer(args: string[], env: Record<string, string>, url: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
      try {
        const res = await fetch(url);
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 5));
      if (performance.now() - started > 300_000) throw new Error('timed out');
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const baseline: number[] = [];
const app: number[] = [];
const warm: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const port = 18_500 + i;
  baseline.push(
    await timeToFirstAnswer(
      ['-e', `require('node:http').createServer((q,s)=>s.end('{}')).listen(${port},'127.0.0.1')`],
      {},
      `http://127.0.0.1:${port}/auth/config`,
    ),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-cold-'));
  app.push(
    await timeToFirstAnswer(
      ['--import', 'tsx', 'apps/server/src/main.ts'],
      { DATA_DIR: dataDir, PORT: String(port + 50), LOG_LEVEL: 'silent', DEMO_END_DATE: '2026-11-20' },
      `http://127.0.0.1:${port + 50}/auth/config`,
    ),
  );
  // Second start on the same DATA_DIR: what every start after the first costs.
  warm.push(
    await timeToFirstAnswer(
      ['--import', 'tsx', 'apps/server/src/main.ts'],
      { DATA_DIR: dataDir, PORT: String(port + 50), LOG_LEVEL: 'silent', DEMO_END_DATE: '2026-11-20' },
      `http://127.0.0.1:${port + 50}/auth/config`,
    ),
  );
  rmSync(dataDir, { recursive: true, force: true });
}
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const body = `Command: \`npm run bench -w bench -- cold-start\` (\`node --import tsx bench/cold-start.ts\`), ${RUNS} runs, ${new Date().toISOString().slice(0, 10)}.

| | median | runs |
|---|---|---|
| Parley, empty \`DATA_DIR\` → first 200 of \`/auth/config\` (secrets, PGlite initdb, migrations, demo user; the demo dataset is generated after listening) | ${fmt(median(app))} | ${app.map(fmt).join(', ')} |
| Parley, second start on the same \`DATA_DIR\` | ${fmt(median(warm))} | ${warm.map(fmt).join(', ')} |
| baseline: bare \`node:http\` server → first answer | ${fmt(median(baseline))} | ${baseline.map(fmt).join(', ')} |
| ratio | ${(median(app) / median(baseline)).toFixed(1)}× | |`;
writeSection('Cold start', body);
console.log(body);
