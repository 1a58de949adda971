import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { PgBossQueue } from '../../src/jobs/pg-boss.queue';
import type { JobInfo } from '../../src/lib/queue';
import { createPostgresDatabase, TEST_DATABASES } from '../helpers';

const log = Fastify({ logger: false }).log;

/** A promise with its resolve, to hold a handler mid-run. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The job queue itself (pg-boss over the app's connection), on PGlite and PostgreSQL. */
describe.each(TEST_DATABASES)('the job queue on %s', (kind) => {
  let database: Database;
  let drop: () => Promise<void> = async () => {};
  const queues: PgBossQueue[] = [];
  const newQueue = () => {
    const q = new PgBossQueue(database, log, { pollingMs: 60_000 });
    queues.push(q);
    return q;
  };
  const stateOf = async (name: string, id: string) => {
    const r = await database.db.execute(
      sql`select state, retry_count from pgboss.job where name = ${name} and id = ${id}`,
    );
    return r.rows[0] as { state: string; retry_count: number };
  };

  beforeAll(async () => {
    const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
    if (pg) drop = pg.drop;
    database = await openDatabase({ url: pg?.url, dir: null });
  }, 60_000);
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await database.close();
    await drop();
  });

  it('enqueues a key once', async () => {
    const q = newQueue();
    q.define<{ n: number }>({ name: 'keyed', handler: async () => {} });
    const first = await q.enqueue('keyed', { n: 1 }, { key: 'a' });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(await q.enqueue('keyed', { n: 2 }, { key: 'a' })).toBeNull();
    expect(await q.enqueue('keyed', { n: 3 }, { key: 'b' })).not.toBeNull();
    expect(await q.enqueue('keyed', { n: 4 })).not.toBeNull();
    expect(await q.drain('keyed')).toBe(3);
    // Kept after completion: the key still counts.
    expect(await q.enqueue('keyed', { n: 5 }, { key: 'a' })).toBeNull();
  });

  it('retries a failed job after a backoff, with its attempt number', async () => {
    const q = newQueue();
    const attempts: JobInfo[] = [];
    q.define<{ to: string }>({
      name: 'flaky',
      retryDelaySeconds: 30,
      handler: async (_data, job) => {
        attempts.push(job);
        if (attempts.length === 1) throw new Error('SMTP is down');
      },
    });
    const id = (await q.enqueue('flaky', { to: 'x@example.com' }))!;
    expect(await q.drain('flaky')).toBe(1);
    expect(await stateOf('flaky', id)).toMatchObject({ state: 'retry' });
    // Not before its backoff: draining now runs nothing.
    expect(await q.drain('flaky')).toBe(0);
    // A second back, not now(): PGlite's clock moves in whole milliseconds, and pg-boss fetches
    // only jobs whose start_after is strictly before its own now() (a same-millisecond fetch missed it).
    await database.db.execute(
      sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'flaky'`,
    );
    expect(await q.drain('flaky')).toBe(1);
    expect(attempts.map((a) => [a.id, a.retryCount])).toEqual([
      [id, 0],
      [id, 1],
    ]);
    expect(await stateOf('flaky', id)).toMatchObject({ state: 'completed' });
  });

  it('wakes its worker on enqueue and lets a running job finish on stop', async () => {
    const q = newQueue();
    const started = deferred();
    const release = deferred();
    let finished = false;
    q.define({
      name: 'slow',
      handler: async () => {
        started.resolve();
        await release.promise;
        finished = true;
      },
    });
    await q.work();
    const t0 = Date.now();
    const id = (await q.enqueue('slow', null))!;
    await started.promise;
    // The idle worker polls once a minute here: it ran at once because the enqueue woke it.
    expect(Date.now() - t0).toBeLessThan(5_000);
    const stopping = q.stop();
    setTimeout(release.resolve, 100);
    await stopping;
    expect(finished).toBe(true);
    expect(await stateOf('slow', id)).toMatchObject({ state: 'completed' });
  });

  it('runs a job enqueued while its worker is mid-fetch at once, not at the next poll', async () => {
    const q = newQueue();
    const started = deferred();
    q.define({ name: 'mid-fetch', handler: async () => started.resolve() });
    // Hold the worker's first fetch after it has read the (still empty) queue until the enqueue
    // below has committed and sent its wake-up: the wake-up finds the loop fetching, not asleep,
    // which on PostgreSQL happens by itself when the two round trips overlap (CI hit it once).
    const client = (q as unknown as { client: { fetch: (...args: unknown[]) => Promise<unknown> } }).client;
    const fetch = client.fetch.bind(client);
    const enqueued = deferred();
    let first = true;
    client.fetch = async (...args) => {
      const jobs = await fetch(...args);
      if (first) {
        first = false;
        await enqueued.promise;
      }
      return jobs;
    };
    await q.work();
    const t0 = Date.now();
    await q.enqueue('mid-fetch', null);
    enqueued.resolve();
    await started.promise;
    // Polling is once a minute here: the job ran because the loop fetched again, not because it polled.
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it('runs one job once when two processes drain at the same time', async () => {
    const a = newQueue();
    const b = newQueue();
    const runs: string[] = [];
    for (const [q, who] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      q.define<{ n: number }>({
        name: 'shared',
        handler: async (data) => {
          runs.push(`${who}:${data.n}`);
        },
      });
    }
    for (let n = 0; n < 10; n++) await a.enqueue('shared', { n });
    await Promise.all([a.drain('shared'), b.drain('shared')]);
    expect(runs).toHaveLength(10);
    expect(new Set(runs.map((r) => r.split(':')[1])).size).toBe(10);
  });
});
