/**
 * Memory under a soak: the app in its own process, as `npm start` runs it
 * (embedded mode: PGlite under DATA_DIR, the demo source), answers SOAK_MINUTES of distinct
 * questions from SOAK_CLIENTS bench clients (ask-client.ts), one question at a time each; the
 * server's resident memory (VmRSS of /proc/<pid>/status) is read every 10 s. Every phrase is
 * new (measures × breakdowns × filters × periods × top-N over the demo model), so the answer
 * caches keep filling: the memory line is flat only when every cache and DuckDB are bounded.
 * Goal: RSS at the end within 15 % of RSS after the first minute.
 * Run: node --import tsx bench/soak.bench.ts   (SOAK_MINUTES=10, SOAK_CLIENTS=2; the server
 * inherits the environment, so DUCKDB_MEMORY_LIMIT, DUCKDB_THREADS, ANSWER_CACHE_MB,
 * HEAP_GROWTH_PERCENT, glibc's MALLOC_ARENA_MAX and NODE_OPTIONS apply).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectClient, startServerProcess } from './lib/app';
import { demoFile } from './lib/demo';
import { ROOT, stop } from './lib/process';
import { distinctQuestions, WARM_QUESTION } from './lib/questions';
import { median, today, writeSection } from './lib/results';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
// The first minute is the warm-up; the second is the reference the end is compared with.
if (!(MINUTES >= 2)) throw new Error('SOAK_MINUTES must be at least 2');
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 2);
const SAMPLE_MS = 10_000;
const COMMIT = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const PASSWORD = 'Bench-soak-123!';
const EMAIL = 'demo@parley.local';
const MiB = 1024 * 1024;

/** The resident set of process `pid` in bytes (VmRSS), null once it is gone. */
function rssOf(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU seconds (user + system) the process has used: what the answers cost the server, which
 * other load on the machine changes far less than it changes questions per second.
 */
function cpuSecondsOf(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat, after the command name's closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** The server's settings: embedded mode with the demo, its warnings shown, no rate limit. */
const SERVER_ENV = {
  LOG_LEVEL: 'warn',
  DEMO: 'true',
  DEMO_EMAIL: EMAIL,
  DEMO_PASSWORD: PASSWORD,
  // The bench asks far more than a person would a minute.
  ASK_RATE_LIMIT: '0',
};
const launch = (dataDir: string) =>
  startServerProcess(dataDir, SERVER_ENV, { pollMs: 100, stdio: ['ignore', 'ignore', 'inherit'] });

/**
 * The server measured: a second start on a DATA_DIR holding the bench's demo file, as a running
 * install restarts. The first start creates the database (PGlite's initdb keeps its own memory
 * until the garbage collector lets it go, at no set time) and the demo user.
 */
async function startServer(demoPath: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-soak-'));
  // The demo file generated once for every bench (main.ts keeps an existing DATA_DIR/demo.duckdb).
  copyFileSync(demoPath, join(dataDir, 'demo.duckdb'));
  await stop((await launch(dataDir)).child);
  return { ...(await launch(dataDir)), dataDir };
}

const { path: demoPath } = await demoFile(1);
const { child, base, dataDir } = await startServer(demoPath);
const pid = child.pid!;
const clients = await Promise.all(
  Array.from({ length: CLIENTS }, () => connectClient(base, EMAIL, PASSWORD)),
);
// The first question opens the demo source; the soak starts with it open.
await clients[0]!.ask(WARM_QUESTION);

const questions = distinctQuestions();
const statuses = new Map<number, number>();
let answered = 0;
const samples: { s: number; rss: number; answered: number }[] = [];
const t0 = performance.now();
const end = t0 + MINUTES * 60_000;
const sample = () => {
  const rss = rssOf(pid);
  if (rss === null) return;
  samples.push({ s: Math.round((performance.now() - t0) / 1000), rss, answered });
  console.log(`${samples.at(-1)!.s} s: ${(rss / MiB).toFixed(0)} MiB, ${answered} answered`);
};
sample();
const cpuAtStart = cpuSecondsOf(pid);
const sampler = setInterval(sample, SAMPLE_MS);
await Promise.all(
  clients.map(async (client) => {
    while (performance.now() < end) {
      const phrase = questions.next().value as string;
      const reply = await client.post(
        `${base}/features/conversations/query`,
        JSON.stringify({ phrase, created: Date.now() }),
      );
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      if (reply.status === 200) answered++;
    }
  }),
);
clearInterval(sampler);
sample();
const cpuMsPerQuestion = ((cpuSecondsOf(pid) - cpuAtStart) * 1000) / Math.max(answered, 1);
for (const client of clients) client.close();
await stop(child);
rmSync(dataDir, { recursive: true, force: true });

const mib = (bytes: number) => (bytes / MiB).toFixed(0);
const at = (seconds: number) => samples.find((s) => s.s >= seconds) ?? samples.at(-1)!;
const last = samples.at(-1)!;
/**
 * Two minutes of samples each side (one on a short run): the JavaScript heap fills with
 * collectable garbage for minutes before a full collection, so one reading lands anywhere in
 * that swing; the median of a window longer than it reads the level.
 */
const WINDOW_S = MINUTES >= 5 ? 120 : 60;
const window = (from: number, to: number) => samples.filter((s) => s.s >= from && s.s < to).map((s) => s.rss);
const firstWindow = window(60, 60 + WINDOW_S);
const lastWindow = window(last.s - WINDOW_S, last.s + 1);
const first = median(firstWindow);
const final = median(lastWindow);
const ratio = final / first;
const range = (xs: number[]) => `${mib(Math.min(...xs))}–${mib(Math.max(...xs))}`;
const seconds = last.s || 1;
// The first sample of each minute, and the last.
const shown = [...new Set([...Array.from({ length: MINUTES + 1 }, (_, m) => at(60 * m)), last])];
const rows = shown.map((s) => `| ${(s.s / 60).toFixed(1)} | ${mib(s.rss)} | ${s.answered} |`).join('\n');
// What the server was run with: the variables set for this run, the others at their defaults.
const SETTINGS = [
  'DUCKDB_MEMORY_LIMIT',
  'DUCKDB_THREADS',
  'ANSWER_CACHE_MB',
  'HEAP_GROWTH_PERCENT',
  'MALLOC_ARENA_MAX',
  'NODE_OPTIONS',
];
const given = SETTINGS.filter((name) => process.env[name] !== undefined);
const defaults = SETTINGS.filter((name) => process.env[name] === undefined);
const envText = given.map((name) => `${name}=${JSON.stringify(process.env[name])}`).join(' ');
const body = `Command: \`${envText ? `${envText} ` : ''}SOAK_MINUTES=${MINUTES} SOAK_CLIENTS=${CLIENTS} node --import tsx bench/soak.bench.ts\`, ${today()}, server at \`${COMMIT}\`${defaults.length ? `; ${defaults.join(', ')} at their defaults` : ''}.
\`apps/server/src/main.ts\` in its own process, started a second time on its DATA_DIR (embedded mode: PGlite, the scale-1 demo source), ${CLIENTS} bench clients (ask-client.ts) each sending one question at a time; every phrase distinct (measures × breakdowns × filters × periods × top-N, each one the parser reads as a query). The server's VmRSS read every ${SAMPLE_MS / 1000} s.

| minute | server RSS (MiB) | questions answered |
|---|---|---|
${rows}

${answered} distinct questions answered (${(answered / seconds).toFixed(1)}/s), replies by status: ${[...statuses].map(([s, n]) => `${s} × ${n}`).join(', ')}; the server's CPU time per answered question ${cpuMsPerQuestion.toFixed(2)} ms.
RSS after the first minute (median of the samples from 1:00 to ${(1 + WINDOW_S / 60).toFixed(0)}:00) **${mib(first)} MiB** (range ${range(firstWindow)}), at the end (median of the last ${WINDOW_S / 60} min) **${mib(final)} MiB** (range ${range(lastWindow)}): end ÷ first minute **${ratio.toFixed(2)}** (goal ≤ 1.15 — **${ratio <= 1.15 ? 'met' : 'not met'}**). Single readings: ${mib(at(60).rss)} MiB at 1:00, ${mib(last.rss)} MiB at the end.`;
writeSection('Memory: a soak of distinct questions', body);
console.log(body);
process.exit(0);
