import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbConnector, ensureDemoDataset, type TracePoint, traceChannel } from '@parley/connectors';
import { getDemoModel } from '@parley/engine';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerService, type AnswerSource } from './answers.service';

// The same file the connectors' accuracy suites generate (end date, scale and generator version).
const END = '2026-11-20';
const PATH = join(tmpdir(), `parley-test-demo-v1-${END}-0.25.duckdb`);
const log = { warn: () => {}, error: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const context = { timezone: 'UTC', language: 'en-US', previous: null };

/** Counts the calls of each point that start and end while `run` runs. */
async function calls(points: TracePoint[], run: () => Promise<unknown>): Promise<Record<string, string>> {
  const seen: Record<string, string> = Object.fromEntries(points.map((p) => [p, '']));
  const handlers = points.map((point) => ({
    point,
    handlers: {
      start: () => {
        seen[point] += '(';
      },
      end: () => {},
      asyncStart: () => {},
      asyncEnd: () => {
        seen[point] += ')';
      },
      error: () => {},
    },
  }));
  for (const h of handlers) traceChannel(h.point).subscribe(h.handlers);
  try {
    await run();
  } finally {
    for (const h of handlers) traceChannel(h.point).unsubscribe(h.handlers);
  }
  return seen;
}

/** The timing points the benchmarks subscribe to instead of patching the service. */
describe('AnswerService: timing points', () => {
  let connector: DuckDbConnector;
  let source: AnswerSource;
  beforeAll(async () => {
    await ensureDemoDataset({ path: PATH, endDate: END, scale: 0.25 });
    connector = new DuckDbConnector({ type: 'DUCKDB', path: PATH });
    source = { id: 'demo', account: null, connector, model: getDemoModel(), immutable: true };
  }, 120_000);
  afterAll(async () => {
    await connector?.close();
  });
  const service = () => new AnswerService({ llm: null, log, clock: () => new Date(`${END}T12:00:00Z`) });
  const points: TracePoint[] = ['answer.understand', 'answer.query'];

  it('understands and answers an uncached question once each', async () => {
    const answers = service();
    let card: unknown;
    const seen = await calls(points, async () => {
      card = (await answers.ask(source, 'revenue by region last month', context)).responses[0]?.card;
    });
    expect(card).toBeDefined();
    expect(seen).toEqual({ 'answer.understand': '()', 'answer.query': '()' });
  });

  it('understands a question it answers with a question back, and answers no query', async () => {
    let text: unknown;
    const seen = await calls(points, async () => {
      const { responses, semantic } = await service().ask(source, 'revenue by flibbertigibbet', context);
      expect(semantic).toBeNull();
      text = responses[0]?.text;
    });
    expect(text).toEqual(expect.any(String));
    expect(seen).toEqual({ 'answer.understand': '()', 'answer.query': '' });
  });

  it('answers a chosen query without understanding a phrase', async () => {
    const answers = service();
    const { semantic } = await answers.ask(source, 'orders by channel last month', context);
    const seen = await calls(points, () =>
      service().answerQuery(source, semantic!, 'orders by channel last month', context),
    );
    expect(seen).toEqual({ 'answer.understand': '', 'answer.query': '()' });
  });
});
