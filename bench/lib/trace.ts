/**
 * The benches' view of the app's timing points (@parley/connectors' trace.ts): a subscriber that
 * times each traced call, so no bench wraps the app's methods to see inside an answer.
 */
import { type TraceContext, type TracePoint, traceChannel } from '@parley/connectors';

/** A statement as a SQL connector ran it. */
export interface SqlStatement {
  sql: string;
  params: (string | number)[];
}

/**
 * Calls `record(ms, context)` as each call of `point` ends (a failed one too), until the returned
 * function is called. `context` holds the point's fields: `plan` for connector.execute, `sql` for
 * appdb.statement.
 */
export function onTraced(point: TracePoint, record: (ms: number, context: TraceContext) => void): () => void {
  const started = new WeakMap<object, number>();
  const handlers = {
    start: (context: TraceContext) => {
      started.set(context, performance.now());
    },
    end: () => {},
    asyncStart: () => {},
    asyncEnd: (context: TraceContext) => {
      const t = started.get(context);
      if (t !== undefined) record(performance.now() - t, context);
    },
    error: () => {},
  };
  const channel = traceChannel(point);
  channel.subscribe(handlers);
  return () => channel.unsubscribe(handlers);
}

/** The SQL statement of a connector.execute call's plan, or null for a plan of another kind. */
export function sqlOf(context: TraceContext): SqlStatement | null {
  const plan = context.plan as { kind?: string; sql?: string; params?: (string | number)[] } | undefined;
  return plan?.kind === 'sql' ? { sql: plan.sql!, params: plan.params ?? [] } : null;
}
