import type { DuckDbConnector, TracePoint } from '@parley/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessPolicy, Actor } from '../../lib/access';
import type { MailService } from '../../mail/mail.service';
import { AnswerService } from '../answers/answers.service';
import { DEMO_END, openDemoSource, quietLog, traceCounts } from '../answers/answers.testkit';
import type { SourceResolver } from '../datasources/source-resolver';
import type { SynonymsService } from '../synonyms/synonyms.service';
import type { ConversationsRepository } from './conversations.repository';
import { ConversationsService } from './conversations.service';
import type { HistoryWriter } from './history-writer';

const asker: Actor = {
  userId: '00000000-0000-0000-0000-000000000001',
  email: 'trace@parley.test',
  name: 'Trace',
  features: [],
  timezone: 'UTC',
  language: 'en-US',
  projectId: 'default',
};
const POINTS: TracePoint[] = ['conversation.query', 'answer.understand', 'answer.query'];

/** The timing points a conversation question goes through, for the benchmarks that subscribe to them. */
describe('ConversationsService: timing points', () => {
  let connector: DuckDbConnector;
  let service: ConversationsService;
  beforeAll(async () => {
    const demo = await openDemoSource();
    connector = demo.connector;
    const { source } = demo;
    // Only the answer path is real: access, sources and history answer at once.
    service = new ConversationsService({
      repo: {
        findLastSemantic: async () => null,
        findLastChoices: async () => null,
      } as unknown as ConversationsRepository,
      answers: new AnswerService({
        llm: null,
        log: quietLog,
        clock: () => new Date(`${DEMO_END}T12:00:00Z`),
      }),
      sources: { resolve: async () => source } as unknown as SourceResolver,
      access: { requireAccess: async () => {} } as unknown as AccessPolicy,
      mail: {} as MailService,
      brand: 'Parley',
      clock: () => new Date(`${DEMO_END}T12:00:00Z`),
      synonyms: {} as SynonymsService,
      history: { write: async () => {}, settled: async () => {} } as unknown as HistoryWriter,
    });
  }, 120_000);
  afterAll(async () => {
    await connector?.close();
  });

  it('fires the conversation, understanding and answering points once per uncached question', async () => {
    const ask = (phrase: string) => service.query(asker, { phrase, created: Date.now() });
    let answer: Awaited<ReturnType<typeof ask>> | undefined;
    const first = await traceCounts(POINTS, async () => {
      answer = await ask('revenue by region last month');
    });
    expect(answer?.responses[0]?.card?.table.length).toBeGreaterThan(0);
    expect(first).toEqual({ 'conversation.query': 1, 'answer.understand': 1, 'answer.query': 1 });
    const another = await traceCounts(POINTS, () => ask('orders by channel last month'));
    expect(another).toEqual({ 'conversation.query': 1, 'answer.understand': 1, 'answer.query': 1 });
  });
});
