/**
 * Starts the Cloudflare D1 stand-in (d1-standin.server.ts, which cites the API reference it
 * follows) as a child process on 127.0.0.1 — its own process, so a slow statement blocks the
 * stand-in as it blocks a D1 database, never the test — serving the demo tables and Northwind.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getSqliteDemoPath, getSqliteNorthwindPath } from '../fixtures/sqlite-datasets';
import type { TD1RecordedRequest, TD1StandInDatabase, TD1StandInOptions } from './d1-standin.server';

export interface D1StandIn {
  /** The `base_url` a D1 source uses: http://127.0.0.1:<port>/client/v4 */
  baseUrl: string;
  accountId: string;
  token: string;
  databases: { uuid: string; name: string }[];
  /** The uuid of the named database. */
  uuid(name: string): string;
  /** Answers the next `count` requests with 429 and `Retry-After: retryAfter` seconds. */
  throttle(count: number, retryAfter?: number): Promise<void>;
  /** Every request received so far (method, path with query, JSON body). */
  requests(): Promise<TD1RecordedRequest[]>;
  close(): Promise<void>;
}

export interface TStartD1Options {
  /** Extra databases beside `demo` and `northwind` (e.g. many, to exercise paging). */
  extra?: TD1StandInDatabase[];
  refusedPragmas?: string[];
}

/** Starts a stand-in for one account holding `demo` and `northwind` (plus `extra`). */
export async function startD1StandIn(options: TStartD1Options = {}): Promise<D1StandIn> {
  const databases: TD1StandInDatabase[] = [
    { uuid: randomUUID(), name: 'demo', file: await getSqliteDemoPath() },
    { uuid: randomUUID(), name: 'northwind', file: await getSqliteNorthwindPath() },
    ...(options.extra ?? []),
  ];
  const config: TD1StandInOptions = {
    accountId: randomBytes(16).toString('hex'),
    token: randomBytes(20).toString('base64url'),
    databases,
    refusedPragmas: options.refusedPragmas,
  };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child: ChildProcess = fork(fileURLToPath(new URL('./d1-standin.server.ts', import.meta.url)), [], {
    execArgv: ['--import', tsx],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T>(message: object, answer: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const onMessage = (m: { type: string; message?: string }) => {
        if (m.type === answer) {
          cleanup();
          resolve(m as T);
        } else if (m.type === 'error') {
          cleanup();
          reject(new Error(`D1 stand-in: ${m.message}`));
        }
      };
      const onExit = () => {
        cleanup();
        reject(new Error('D1 stand-in exited'));
      };
      const cleanup = () => {
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send(message);
    });
  const { port } = await ask<{ port: number }>({ type: 'start', options: config }, 'ready');
  return {
    baseUrl: `http://127.0.0.1:${port}/client/v4`,
    accountId: config.accountId,
    token: config.token,
    databases: databases.map(({ uuid, name }) => ({ uuid, name })),
    uuid: (name) => {
      const found = databases.find((d) => d.name === name);
      if (!found) throw new Error(`no stand-in database ${name}`);
      return found.uuid;
    },
    throttle: async (count, retryAfter = 1) => {
      await ask({ type: 'throttle', count, retryAfter }, 'ok');
    },
    requests: async () =>
      (await ask<{ requests: TD1RecordedRequest[] }>({ type: 'requests' }, 'requests')).requests,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
