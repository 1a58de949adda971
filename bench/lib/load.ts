/**
 * autocannon in a child process (throughput-client.ts), so the load does not share the server's
 * event loop or its CPU profile: the load benches (throughput, answer-profile, lean-bound,
 * compare-checkouts) drive the app with it.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

export interface Load {
  rps: number;
  total: number;
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /**
   * CPU time of this process (the server under load: every thread, PGlite's and the garbage
   * collector's included) per request, in µs. Steadier than requests/s on a shared machine:
   * what a request costs, not how much of the machine it got.
   */
  cpuUs: number;
  /** Of `cpuUs`, the main thread's (HTTP, Fastify, the app); the rest is PGlite's thread, GC and libuv helpers. */
  mainCpuUs: number;
  /**
   * CPU time per request of the machine's PostgreSQL server processes (every backend), when asked
   * for (`countPostgres`): the app database's share in server mode, which `cpuUs` does not see.
   */
  postgresCpuUs?: number;
}

/**
 * The name and CPU ticks (1/100 s: utime + stime, fields 14 and 15 of proc(5)) of a /proc stat
 * file; null when it is gone (a process that ended meanwhile) or unreadable (not Linux).
 */
function statTicks(path: string): { name: string; ticks: number } | null {
  let stat: string;
  try {
    stat = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  // The name is in parentheses and may hold spaces; the fields after it are counted from state (3).
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  return { name: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** Summed CPU ticks of every process whose name is `name`; NaN without /proc. */
function ticksOfProcesses(name: string): number {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return Number.NaN;
  }
  let ticks = 0;
  for (const pid of pids) {
    const stat = statTicks(`/proc/${pid}/stat`);
    if (stat?.name === name) ticks += stat.ticks;
  }
  return ticks;
}

/** CPU ticks of this process's main thread; NaN without /proc. */
function mainThreadTicks(): number {
  return statTicks(`/proc/self/task/${process.pid}/stat`)?.ticks ?? Number.NaN;
}

/** autocannon in a child process against `url` (asynchronous: the server runs in this process). */
export async function load(
  url: string,
  connections: number,
  duration: number,
  headers: Record<string, string>,
  bodies: string[],
  method: 'GET' | 'POST' = 'POST',
  countPostgres = false,
): Promise<Load> {
  const config = { url, connections, duration, method, headers, bodies };
  const cpu = process.cpuUsage();
  const ticks = mainThreadTicks();
  const pgTicks = countPostgres ? ticksOfProcesses('postgres') : 0;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(HERE, 'throughput-client.ts'), JSON.stringify(config)],
    { cwd: HERE, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    err += d;
  });
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const line = out.trim().split('\n').at(-1) ?? '';
  if (status !== 0 || !line.startsWith('{')) throw new Error(`autocannon failed: ${err}`);
  const used = process.cpuUsage(cpu);
  const mainTicks = mainThreadTicks() - ticks;
  const result = JSON.parse(line) as Omit<Load, 'cpuUs' | 'mainCpuUs' | 'postgresCpuUs'>;
  const perRequest = (us: number) => (result.total ? us / result.total : 0);
  return {
    ...result,
    cpuUs: perRequest(used.user + used.system),
    mainCpuUs: perRequest(mainTicks * 10_000),
    ...(countPostgres
      ? { postgresCpuUs: perRequest((ticksOfProcesses('postgres') - pgTicks) * 10_000) }
      : {}),
  };
}
