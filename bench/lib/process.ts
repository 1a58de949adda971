/**
 * Child processes for the benches that run a server apart (cold start, login size, soak): start one
 * in the repository's root, wait until a URL answers, stop it, and find free loopback ports.
 */
import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: where `apps/server/src/main.ts` is found. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A free loopback port (for a server told its port by PORT). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface Started {
  child: ChildProcess;
  /** From the spawn to the first 200 of the URL waited for. */
  ms: number;
}

/**
 * Runs `node <args>` in the root with `env` over this process's, polling GET `url` every `pollMs`
 * until it answers 200; fails when the process exits first or after five minutes.
 */
export async function spawnUntilAnswering(
  args: string[],
  env: Record<string, string>,
  url: string,
  { pollMs = 20, stdio = 'ignore' }: { pollMs?: number; stdio?: StdioOptions } = {},
): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.at(-1)} exited with ${child.exitCode}`);
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { child, ms: performance.now() - started };
    if (performance.now() - started > 300_000) {
      await stop(child);
      throw new Error(`${url} did not answer within 5 minutes`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** Ends `child` with SIGTERM and waits for it to exit. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
