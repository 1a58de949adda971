/**
 * The job queue over pg-boss, on PostgreSQL and on PGlite alike.
 *
 * Why pg-boss on both databases: pg-boss 10 (the last major that runs on Node 20) works over
 * PGlite through its `db: { executeSql }` adapter — its schema, `FOR UPDATE SKIP LOCKED` fetch,
 * retries, expiry and cron all run there (tried: start, send, fetch, fail/retry, schedule). One
 * implementation is tested on both databases, instead of pg-boss in production and a table of our
 * own in embedded mode. pg-boss keeps its tables in its own `pgboss` schema, migrated by itself
 * under an advisory lock; the app's drizzle migrations never touch it.
 *
 * We fetch, complete and fail jobs ourselves (not `boss.work`) so that stop waits for running
 * handlers, `drain` can run jobs in the caller's process, and an enqueue wakes this process's
 * loop at once instead of at the next poll.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { PGliteThread } from '../db/pglite-thread';
import type { EnqueueOptions, JobDefinition, JobQueue } from '../lib/queue';

const DEFAULTS = { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 15 * 60 };
/** The advisory-lock key queue creations take on PostgreSQL (any fixed number unique to this use). */
const QUEUE_CREATION_LOCK = 7_240_127_001;

export interface PgBossQueueOptions {
  /** How often an idle worker looks for jobs another process enqueued (ms; default 2000). */
  pollingMs?: number;
  /** How long stop waits for running handlers (ms; default 10 000). */
  stopTimeoutMs?: number;
}

/** pg-boss's SQL adapter over the app's own connection: the pg pool, or the PGlite instance. */
export function sqlExecutor(database: Database): PgBoss.Db {
  const client = (database.db as unknown as { $client: pg.Pool | PGliteThread }).$client;
  if (database.kind === 'postgres') {
    const pool = client as pg.Pool;
    // An idle connection the server ends (restart, failover, a dropped test database) is an
    // 'error' on the pool: unheard, it would crash the process. The pool drops it and reconnects.
    if (pool.listenerCount('error') === 0) pool.on('error', () => undefined);
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const lite = client as PGliteThread;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const r = await lite.query(text, values);
        return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
      }
      // Without parameters pg-boss may send several statements (its migrations): exec runs them all.
      const results = await lite.exec(text);
      const last = results[results.length - 1];
      return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
    },
  };
}

/** A stable job id for an idempotency key: the same name and key give the same id. */
export function keyedJobId(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

type AnyDefinition = JobDefinition<unknown>;

/** The JobQueue of DESIGN §7 over pg-boss. */
export class PgBossQueue implements JobQueue {
  private readonly db: PgBoss.Db;
  /** Sends, fetches, completes: no timers of its own, so a process that only enqueues stays idle. */
  private readonly client: PgBoss;
  /** Maintenance (expiry, retention) and cron: started by `work()` only. */
  private keeper: PgBoss | null = null;
  private readonly definitions = new Map<string, AnyDefinition>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly running = new Map<string, Set<Promise<void>>>();
  private readonly wakers = new Map<string, () => void>();
  /**
   * Names enqueued here since their loop last began a fetch. An enqueue that lands while the loop
   * is fetching (not sleeping) has no sleep to wake and its row may miss that fetch's snapshot, so
   * the loop fetches again instead of sleeping a whole poll (the lost wake-up CI once hit).
   */
  private readonly poked = new Set<string>();
  private loops: Promise<void>[] = [];
  /** The last queue creation of this process: the next one waits for it. */
  private creating: Promise<void> = Promise.resolve();
  /** PostgreSQL's pool, for the cross-process creation lock; null on PGlite (one process). */
  private readonly pool: pg.Pool | null;
  private started: Promise<void> | null = null;
  private stopping = false;
  private readonly pollingMs: number;
  private readonly stopTimeoutMs: number;

  constructor(
    database: Database,
    private readonly log: FastifyBaseLogger,
    options: PgBossQueueOptions = {},
  ) {
    this.db = sqlExecutor(database);
    this.pool =
      database.kind === 'postgres' ? (database.db as unknown as { $client: pg.Pool }).$client : null;
    this.pollingMs = options.pollingMs ?? 2000;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
    this.client = this.boss({ schedule: false, supervise: false, migrate: true });
  }

  private boss(options: PgBoss.SchedulingOptions & PgBoss.MaintenanceOptions): PgBoss {
    const boss = new PgBoss({ db: this.db, ...options });
    // pg-boss reports its own background errors as events; an unheard 'error' would throw.
    boss.on('error', (err) => {
      if (!this.stopping) this.log.error({ err }, 'job queue error');
    });
    return boss;
  }

  private start(): Promise<void> {
    this.started ??= this.client.start().then(() => undefined);
    return this.started;
  }

  async prepare(): Promise<void> {
    await this.start();
    for (const name of this.definitions.keys()) await this.queue(name);
  }

  private queue(name: string): Promise<void> {
    let ready = this.queues.get(name);
    if (!ready) {
      ready = this.start().then(() => this.createQueue(name));
      // A failed start (database down) is tried again by the next call.
      ready.catch(() => this.queues.delete(name));
      this.queues.set(name, ready);
    }
    return ready;
  }

  /**
   * pg-boss creates a queue as a partition of its job table and a foreign key to its queue table; two
   * creations at once (two processes starting, or an early enqueue beside the worker's start) deadlock
   * on those locks. So creations run one at a time: chained in this process, under a transaction-level
   * advisory lock across processes on PostgreSQL.
   */
  private createQueue(name: string): Promise<void> {
    const run = this.creating.then(async () => {
      if (await this.client.getQueue(name)) return;
      await this.exclusive(async () => {
        if (!(await this.client.getQueue(name))) await this.client.createQueue(name);
      });
    });
    this.creating = run.catch(() => undefined);
    return run;
  }

  /** Runs `fn` holding the queue-creation lock of every process on this database. */
  private async exclusive(fn: () => Promise<void>): Promise<void> {
    if (!this.pool) return fn();
    const lockClient = await this.pool.connect();
    try {
      await lockClient.query('BEGIN');
      await lockClient.query('SELECT pg_advisory_xact_lock($1)', [QUEUE_CREATION_LOCK]);
      await fn();
      await lockClient.query('COMMIT');
    } catch (err) {
      await lockClient.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      lockClient.release();
    }
  }

  private definition(name: string): AnyDefinition {
    const d = this.definitions.get(name);
    if (!d) throw new Error(`No job named ${name} is defined`);
    return d;
  }

  define<T>(definition: JobDefinition<T>): void {
    this.definitions.set(definition.name, definition as unknown as AnyDefinition);
  }

  async enqueue<T>(name: string, data: T, options: EnqueueOptions = {}): Promise<string | null> {
    const d = this.definition(name);
    await this.queue(name);
    const id = await this.client.send(name, (data ?? null) as object, {
      ...(options.key ? { id: keyedJobId(name, options.key) } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      retryLimit: d.retryLimit ?? DEFAULTS.retryLimit,
      retryDelay: d.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: d.expireInSeconds ?? DEFAULTS.expireInSeconds,
    });
    if (id) {
      this.poked.add(name);
      this.wakers.get(name)?.();
    }
    return id;
  }

  async schedule(name: string, cron: string, options: { tz?: string } = {}): Promise<void> {
    const d = this.definition(name);
    await this.queue(name);
    await this.client.schedule(name, cron, undefined, {
      tz: options.tz ?? 'UTC',
      retryLimit: d.retryLimit ?? DEFAULTS.retryLimit,
      retryDelay: d.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: d.expireInSeconds ?? DEFAULTS.expireInSeconds,
    });
  }

  async work(): Promise<void> {
    if (this.keeper) return;
    await this.start();
    this.keeper = this.boss({ schedule: true, supervise: true, migrate: false });
    await this.keeper.start();
    for (const name of this.definitions.keys()) {
      await this.queue(name);
      this.loops.push(this.loop(name));
    }
  }

  async drain(name: string): Promise<number> {
    this.definition(name);
    await this.queue(name);
    let ran = 0;
    for (;;) {
      const n = await this.runDue(name, 10);
      ran += n;
      if (n > 0) continue;
      const inFlight = [...(this.running.get(name) ?? [])];
      if (inFlight.length === 0) return ran;
      await Promise.allSettled(inFlight);
    }
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    for (const wake of this.wakers.values()) wake();
    const all = [...this.running.values()].flatMap((s) => [...s]);
    await Promise.race([
      Promise.allSettled([...this.loops, ...all]),
      new Promise((resolve) => setTimeout(resolve, this.stopTimeoutMs).unref()),
    ]);
    const stop = { graceful: false, wait: true, close: false } as const;
    await this.keeper?.stop(stop).catch(() => undefined);
    if (this.started) await this.client.stop(stop).catch(() => undefined);
  }

  /** Runs pg-boss maintenance now: jobs whose process died past their expiry go back to the queue. */
  async maintain(): Promise<void> {
    await this.start();
    await this.client.maintain();
  }

  /** The worker loop of one job name: run what is due, else sleep until woken or the next poll. */
  private async loop(name: string): Promise<void> {
    while (!this.stopping) {
      let ran = 0;
      this.poked.delete(name);
      try {
        ran = await this.runDue(name, 1);
      } catch (err) {
        if (!this.stopping) this.log.error({ err, job: name }, 'job fetch failed');
      }
      if (ran === 0 && !this.stopping && !this.poked.has(name)) await this.sleep(name);
    }
  }

  private sleep(name: string): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollingMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakers.set(name, done);
    });
  }

  /**
   * Fetches up to `batch` due jobs of `name` and runs them here; answers how many. The fetch is
   * tracked with the runs: a job the loop has fetched but not started yet is already in flight,
   * so `drain` waits for it instead of returning before it ran.
   */
  private async runDue(name: string, batch: number): Promise<number> {
    if (this.stopping) return 0;
    let count = 0;
    await this.track(
      name,
      (async () => {
        const jobs = await this.client.fetch<unknown>(name, { batchSize: batch, includeMetadata: true });
        if (!jobs || jobs.length === 0) return;
        count = jobs.length;
        await Promise.all(jobs.map((job) => this.run(name, job)));
      })(),
    );
    return count;
  }

  private async track(name: string, run: Promise<void>): Promise<void> {
    let set = this.running.get(name);
    if (!set) {
      set = new Set();
      this.running.set(name, set);
    }
    set.add(run);
    try {
      await run;
    } finally {
      set.delete(run);
    }
  }

  private async run(name: string, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const d = this.definition(name);
    try {
      await d.handler(job.data, { id: job.id, name, retryCount: job.retryCount });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.log.warn({ job: name, id: job.id, attempt: job.retryCount + 1, err: message }, 'job failed');
      await this.client.fail(name, job.id, { message });
      return;
    }
    await this.client.complete(name, job.id);
  }
}
