/**
 * What an uncached answer is measured against (answer.bench.ts, answer-phases.bench.ts): DuckDB's own
 * client running the same SQL, and the HTTP floor — the same bench client's POST to a bare
 * Fastify route sending the same reply text — taken in turns with the answer.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import Fastify from 'fastify';
import type { BenchApp } from './app';

/** DuckDB's own client on `path` (read-only): `time` runs a statement, reading every row as objects. */
export async function openRawDuckDb(path: string): Promise<{
  time: (sql: string, params: (string | number)[]) => Promise<number>;
  close: () => void;
}> {
  const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  return {
    time: async (sql, params) => {
      const t = performance.now();
      const prepared = await connection.prepare(sql);
      prepared.bind(params);
      (await prepared.runAndReadAll()).getRowObjects();
      return performance.now() - t;
    },
    close: () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/**
 * The HTTP floor: a bare Fastify route in this process sending `reply` text (set per question),
 * asked through `app`'s bench client, so the round trip any answer pays (client, loopback, Node's
 * HTTP) is told apart from the app's work. `time` gives one round trip in ms.
 */
export async function startHttpFloor(app: BenchApp): Promise<{
  reply: (text: string) => void;
  time: () => Promise<number>;
  close: () => Promise<void>;
}> {
  let text = '';
  const bare = Fastify();
  bare.post('/reply', async (_request, res) => res.type('application/json; charset=utf-8').send(text));
  const url = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/reply`;
  return {
    reply: (next) => {
      text = next;
    },
    time: async () => {
      const answer = await app.post(url, '{}');
      if (answer.status !== 200) throw new Error(`the bare route answered ${answer.status}`);
      return answer.ms;
    },
    close: () => bare.close(),
  };
}

/** Runs `steps` `runs` times, the order turning each run, so no step always follows the same one. */
export async function inTurns(runs: number, steps: (() => Promise<unknown>)[]): Promise<void> {
  for (let i = 0; i < runs; i++)
    for (let k = 0; k < steps.length; k++) await steps[(i + k) % steps.length]!();
}
