import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The real entry point (src/main.ts) in its own process, as an operator starts it. */
export interface MainProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code once it has exited (null: killed by a signal). */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (closed again before it is handed out). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `node --import tsx src/main.ts` with `env` and resolves once its start banner is out. */
export async function startMainProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<MainProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no start banner in ${timeoutMs} ms:\n${text}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes(' is running at ')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before its start banner:\n${text}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => text,
    exited,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}
