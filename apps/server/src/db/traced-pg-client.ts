/**
 * node-postgres's client with each statement a traced call of `appdb.statement` (@parley/connectors'
 * timing points), so a benchmark or profiler sees the app database's statements in server mode as it
 * sees PGlite's. The pool builds every client from it (client.ts). Unobserved, it is pg's own client.
 */
import { traceChannel, traced } from '@parley/connectors';
import pg from 'pg';

type Query = (...args: unknown[]) => unknown;

export class TracedPgClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this one passes each through.
  override query(...args: any[]): any {
    const query = super.query as Query;
    const [config] = args;
    // A submittable (cursor, stream) answers through itself, not a promise: left as it is.
    if (!traceChannel('appdb.statement').hasSubscribers || typeof config?.submit === 'function')
      return query.apply(this, args);
    const sql: unknown = typeof config === 'string' ? config : config?.text;
    // The pool's own query() passes a callback: the statement is timed as a promise and answered to it.
    const callback =
      typeof args.at(-1) === 'function' ? (args.pop() as (e: unknown, r?: unknown) => void) : null;
    const done = traced('appdb.statement', { sql }, async () => query.apply(this, args));
    if (!callback) return done;
    void done.then(
      (result) => callback(null, result),
      (error: unknown) => callback(error),
    );
  }
}
