import { type TCard, type TConversationQueryResponse, ZConversationQueryResponse } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { share } from '../../lib/shared-json';
import { queryReplyText } from './query-reply';

const card = (): TCard => ({
  title: 'Revenue by Region, last month',
  text: '<p><b>EMEA</b> led Revenue.</p>',
  date: '2026-11-20T12:00:00.000Z',
  table: [
    { Region: 'EMEA', Revenue: 1744205.04, 'Revenue__%': 44.92 },
    { Region: 'APAC', Revenue: null, 'Revenue__%': 18.67 },
  ],
  columns: [
    { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
  ],
  chart: [{ chart: { type: 'bar' }, x: 'Region', y: ['Revenue'] }],
  insights: ['Total Revenue: <b>$3.9M</b>.', { context: 'llm', text: 'An "AI" insight' }],
  period: { from: '2026-10-01', to: '2026-10-31', label: 'last month', partial: false },
});

/** What the routes' serializer (fastify-type-provider-zod) writes for the same reply. */
const serialized = (reply: TConversationQueryResponse) =>
  JSON.stringify(z.encode(ZConversationQueryResponse, reply));

describe('queryReplyText', () => {
  const replies: [string, () => TConversationQueryResponse][] = [
    ['an unshared card', () => ({ responses: [{ card: card(), question_id: 'q1', phrase: 'revenue' }] })],
    ['a shared card', () => ({ responses: [{ card: share(card()), question_id: 'q1', phrase: 'revenue' }] })],
    ['a text only', () => ({ responses: [{ text: 'Nothing to show.', phrase: 'hello' }] })],
    [
      'a prompt and a card',
      () => ({
        responses: [
          {
            prompt: { title: 'Which one?', items: [{ title: 'Revenue', phrase: 'revenue' }] },
            phrase: 'rev',
          },
          { card: share(card()), question_id: 'q2', phrase: 'rev' },
        ],
      }),
    ],
    ['no responses', () => ({ responses: [] })],
  ];

  it.each(replies)('writes exactly what the serializer writes: %s', (_name, reply) => {
    const value = reply();
    const text = queryReplyText(value);
    expect(text).toBe(serialized(value));
    expect(JSON.parse(text)).toEqual(JSON.parse(serialized(value)));
  });

  it('writes a shared card the same on every answer, each with its own question id', () => {
    const shared = share(card());
    const first = queryReplyText({ responses: [{ card: shared, question_id: 'q1', phrase: 'a' }] });
    const second = queryReplyText({ responses: [{ card: shared, question_id: 'q2', phrase: 'a' }] });
    expect(JSON.parse(first).responses[0].question_id).toBe('q1');
    expect(JSON.parse(second).responses[0].question_id).toBe('q2');
    expect(JSON.parse(second).responses[0].card).toEqual(JSON.parse(first).responses[0].card);
  });

  it('drops what the contract does not know, as the serializer does', () => {
    const extra = { ...card(), secret: 'internal' } as TCard;
    const text = queryReplyText({ responses: [{ card: share(extra), phrase: 'a', debug: 1 } as never] });
    expect(text).not.toContain('internal');
    expect(text).not.toContain('debug');
  });

  it('refuses a card that breaks the contract, shared or not', () => {
    const broken = { ...card(), table: [{ Region: { nested: true } }] } as unknown as TCard;
    expect(() => queryReplyText({ responses: [{ card: broken, phrase: 'a' }] })).toThrow();
    expect(() => queryReplyText({ responses: [{ card: share(broken), phrase: 'a' }] })).toThrow();
  });
});
