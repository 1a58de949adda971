import type { DuckDbConnector, TracePoint } from '@parley/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerSource } from './answer-types';
import { AnswerService } from './answers.service';
import { DEMO_END, openDemoSource, quietLog, traceCounts } from './answers.testkit';

const context = { timezone: 'UTC', language: 'en-US', previous: null };

/** The timing points the benchmarks subscribe to instead of patching the service. */
describe('AnswerService: timing points', () => {
  let connector: DuckDbConnector;
  let source: AnswerSource;
  beforeAll(async () => {
    ({ source, connector } = await openDemoSource());
  }, 120_000);
  afterAll(async () => {
    await connector?.close();
  });
  const service = () =>
    new AnswerService({ llm: null, log: quietLog, clock: () => new Date(`${DEMO_END}T12:00:00Z`) });
  const points: TracePoint[] = ['answer.understand', 'answer.query'];

  it('understands and answers an uncached question once each', async () => {
    const answers = service();
    let card: unknown;
    const seen = await traceCounts(points, async () => {
      card = (await answers.ask(source, 'revenue by region last month', context)).responses[0]?.card;
    });
    expect(card).toBeDefined();
    expect(seen).toEqual({ 'answer.understand': 1, 'answer.query': 1 });
  });

  it('understands a question it answers with a question back, and answers no query', async () => {
    let text: unknown;
    const seen = await traceCounts(points, async () => {
      const { responses, semantic } = await service().ask(source, 'revenue by flibbertigibbet', context);
      expect(semantic).toBeNull();
      text = responses[0]?.text;
    });
    expect(text).toEqual(expect.any(String));
    expect(seen).toEqual({ 'answer.understand': 1, 'answer.query': 0 });
  });

  it('answers a chosen query without understanding a phrase', async () => {
    const answers = service();
    const { semantic } = await answers.ask(source, 'orders by channel last month', context);
    const seen = await traceCounts(points, () =>
      service().answerQuery(source, semantic!, 'orders by channel last month', context),
    );
    expect(seen).toEqual({ 'answer.understand': 0, 'answer.query': 1 });
  });
});
