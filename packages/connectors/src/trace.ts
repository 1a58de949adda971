import { type TracingChannel, tracingChannel } from 'node:diagnostics_channel';

/**
 * The timing points a benchmark or a profiler subscribes to, as node:diagnostics_channel tracing
 * channels named `parley:<point>`. A point nobody listens to costs one property read.
 */
export const TRACE_POINTS = [
  /** A conversation question, from the service's entry to its reply. */
  'conversation.query',
  /** Reading a question into a query (engine parse, model lookups). */
  'answer.understand',
  /** Answering an understood query: plan, execute, build the card. */
  'answer.query',
  /** A connector running one plan against its source; the context carries the plan. */
  'connector.execute',
  /** One statement to the app's own database; the context carries its text. */
  'appdb.statement',
] as const;
export type TracePoint = (typeof TRACE_POINTS)[number];

/** What a subscriber's start/end events receive: the point's own fields, plus the result or error. */
export type TraceContext = Record<string, unknown>;

const channels = new Map<TracePoint, TracingChannel<unknown, TraceContext>>(
  TRACE_POINTS.map((point) => [point, tracingChannel<unknown, TraceContext>(`parley:${point}`)]),
);

/** The channel of a point, for subscribers (`traceChannel('answer.query').subscribe({ start, asyncEnd })`). */
export function traceChannel(point: TracePoint): TracingChannel<unknown, TraceContext> {
  return channels.get(point)!;
}

/** Runs `run` as one traced call of `point`; without subscribers it is just `run()`. */
export function traced<T>(point: TracePoint, context: TraceContext, run: () => Promise<T>): Promise<T> {
  const channel = channels.get(point)!;
  return channel.hasSubscribers ? channel.tracePromise(run, context) : run();
}
