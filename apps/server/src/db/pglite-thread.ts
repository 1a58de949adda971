/**
 * PGlite on a worker thread: the embedded database's WASM work runs beside the thread that answers
 * HTTP requests, not on it, where each statement's CPU (docs/perf/notes.md) delayed whichever answer
 * was waiting. Here the answering thread only posts the statement and receives rows.
 *
 * This class is the part of PGlite's interface the app uses (drizzle's PGlite driver and the job
 * queue's adapter): `query`, `exec`, `transaction`, `close`. Calls go to the worker in the order
 * they are made and are started there as they arrive, so PGlite's own locks order them exactly as
 * in-process. Results and PostgreSQL's errors (code, detail, constraint…) cross as plain data.
 *
 * The worker keeps the process alive only while a call is waiting, so an idle database never holds
 * a process open (as an in-process PGlite does not).
 */
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { traced } from '@parley/connectors';

const WORKER = new URL('./pglite-thread.worker.mjs', import.meta.url);

/** A statement's options: drizzle keeps some types as text, which is the one parser that can cross. */
type CallOptions = Pick<QueryOptions, 'rowMode' | 'parsers'>;

interface Request {
  op: 'ready' | 'query' | 'exec' | 'begin' | 'end' | 'close';
  sql?: string;
  params?: unknown[];
  rowMode?: QueryOptions['rowMode'];
  /** Type ids whose values stay PostgreSQL's text. */
  text?: number[];
  tx?: number;
  commit?: boolean;
}

interface Reply {
  id: number;
  result?: unknown;
  error?: { message: string; name: string } & Record<string, unknown>;
}

/** What a query or transaction callback is given: the same calls, inside or outside a transaction. */
export interface PGliteCalls {
  query<T>(sql: string, params?: unknown[], options?: CallOptions): Promise<Results<T>>;
  exec(sql: string, options?: CallOptions): Promise<Results[]>;
}

export class PGliteThread implements PGliteCalls {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private next = 1;
  private failure: Error | null = null;
  private closing = false;
  private readonly lostListeners: ((error: Error) => void)[] = [];
  readonly waitReady: Promise<void>;

  /** `dir` null: in memory (tests). */
  constructor(dir: string | null) {
    this.worker = new Worker(WORKER, { workerData: { dir } });
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => this.settle(reply));
    // The thread died (out of memory, a WASM abort): every waiting and later call fails with why,
    // and whoever listens (main.ts) hears that the database is gone for good.
    this.worker.on('error', (error) => this.lose(error));
    this.worker.on('exit', (code) => this.lose(new Error(`the database thread exited (${code})`)));
    this.waitReady = this.call<null>({ op: 'ready' }).then(() => undefined);
  }

  async query<T>(sql: string, params?: unknown[], options?: CallOptions): Promise<Results<T>> {
    return this.statement('query', undefined, sql, params, options);
  }

  async exec(sql: string, options?: CallOptions): Promise<Results[]> {
    return this.statement('exec', undefined, sql, undefined, options);
  }

  /** PGlite's transaction: committed when `fn` resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: PGliteCalls) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let ended = false;
    const inside = <R>(op: 'query' | 'exec', sql: string, params?: unknown[], options?: CallOptions) => {
      if (ended) throw new Error('the transaction has ended');
      return this.statement<R>(op, id, sql, params, options);
    };
    const tx: PGliteCalls = {
      query: async (sql, params, options) => inside('query', sql, params, options),
      exec: async (sql, options) => inside('exec', sql, undefined, options),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      ended = true;
      // The callback's error is the one worth reporting; a rollback that fails too (the thread
      // died) already fails every later call with its own reason.
      await this.call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw error;
    }
    ended = true;
    await this.call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** Calls `listener` once if the thread dies, not when it is closed. */
  onLost(listener: (error: Error) => void): void {
    this.lostListeners.push(listener);
  }

  async close(): Promise<void> {
    if (this.failure || this.closing) return;
    this.closing = true;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.fail(new Error('the database is closed'));
      await this.worker.terminate();
    }
  }

  /** One statement, in the transaction `tx` or on its own. */
  private async statement<T>(
    op: 'query' | 'exec',
    tx: number | undefined,
    sql: string,
    params: unknown[] | undefined,
    options: CallOptions | undefined,
  ): Promise<T> {
    return traced('appdb.statement', { sql }, () => this.call({ op, tx, sql, params, ...crossing(options) }));
  }

  private call<T>(request: Request): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private settle(reply: Reply): void {
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker.unref();
    if (reply.error) waiter.reject(Object.assign(new Error(reply.error.message), reply.error));
    else waiter.resolve(reply.result);
  }

  private lose(error: Error): void {
    if (this.failure || this.closing) return;
    this.fail(error);
    for (const listener of this.lostListeners) listener(error);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(this.failure);
    this.waiting.clear();
  }
}

/**
 * A call's options as data. Parsers are functions, which cannot cross threads; the only ones the
 * app passes (drizzle's) keep a type as its text, so they cross as the list of those types. Any
 * other parser is refused rather than silently dropped.
 */
function crossing(options: CallOptions | undefined): Pick<Request, 'rowMode' | 'text'> {
  if (!options) return {};
  const text: number[] = [];
  for (const [oid, parse] of Object.entries(options.parsers ?? {})) {
    if (parse('2000-01-01', Number(oid)) !== '2000-01-01')
      throw new Error(`PGliteThread: the parser of type ${oid} does more than keep the text`);
    text.push(Number(oid));
  }
  return { rowMode: options.rowMode, text: text.length > 0 ? text : undefined };
}
