import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbConnector, ensureDemoDataset, type TracePoint, traceChannel } from '@parley/connectors';
import { getDemoModel } from '@parley/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { AnswerSource } from './answer-types';

/** The demo data's last day: the file the connectors' accuracy suites generate ends then. */
export const DEMO_END = '2026-11-20';
/** A logger that says nothing. */
export const quietLog = { warn: () => {}, error: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

/** The demo dataset (generated once per machine) as an answer source, and its connector to close. */
export async function openDemoSource(): Promise<{ source: AnswerSource; connector: DuckDbConnector }> {
  const path = join(tmpdir(), `parley-test-demo-v1-${DEMO_END}-0.25.duckdb`);
  await ensureDemoDataset({ path, endDate: DEMO_END, scale: 0.25 });
  const connector = new DuckDbConnector({ type: 'DUCKDB', path });
  return {
    connector,
    source: { id: 'demo', account: null, connector, model: getDemoModel(), immutable: true },
  };
}

/**
 * How many calls of each timing point ran to their end while `run` ran, subscribed as a benchmark
 * subscribes; a call that started but did not end throws.
 */
export async function traceCounts(
  points: TracePoint[],
  run: () => Promise<unknown>,
): Promise<Record<string, number>> {
  const started: Record<string, number> = Object.fromEntries(points.map((p) => [p, 0]));
  const ended: Record<string, number> = { ...started };
  const subscribers = points.map((point) => {
    const handlers = {
      start: () => {
        started[point]!++;
      },
      end: () => {},
      asyncStart: () => {},
      asyncEnd: () => {
        ended[point]!++;
      },
      error: () => {},
    };
    traceChannel(point).subscribe(handlers);
    return () => traceChannel(point).unsubscribe(handlers);
  });
  try {
    await run();
  } finally {
    for (const unsubscribe of subscribers) unsubscribe();
  }
  if (JSON.stringify(started) !== JSON.stringify(ended))
    throw new Error(`calls started ${JSON.stringify(started)}, ended ${JSON.stringify(ended)}`);
  return ended;
}
