import type { TConversationHistory } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { answeredPhrases, favouritePhrases, suggestionGroups } from './suggestions';

const item = (phrase: string, answered: boolean, error: string | null = null) => ({
  id: phrase,
  query: { created: 1, phrase, event: null },
  responses: answered ? [{ phrase, card: {} as never }] : [{ phrase, text: 'Which one?' }],
  error,
});

describe('the card editor suggestions', () => {
  it('take the answered questions of the history, newest first, each once', () => {
    const history = {
      items: [
        item('revenue by region', true),
        item('what?', false),
        item('orders by month', true, 'Failed'),
        item('Revenue  by region', true),
        item('top products', true),
      ],
      has_more: false,
    } as unknown as TConversationHistory;
    expect(answeredPhrases(history)).toEqual(['revenue by region', 'top products']);
  });

  it('take the favourites most asked first', () => {
    expect(
      favouritePhrases([
        { phrase: 'a', count: 1 },
        { phrase: 'b', count: 5 },
      ]),
    ).toEqual(['b', 'a']);
  });

  it('list each phrase once, in the first list with it, none the collection asks, 4 a list', () => {
    const groups = suggestionGroups(
      {
        favourites: ['revenue by region', 'orders last month'],
        history: ['Revenue by region', 'refunds', 'r1', 'r2', 'r3', 'r4', 'r5'],
        model: ['Orders last month', 'Top 5 countries'],
      },
      ['orders last month'],
      '',
    );
    expect(groups).toEqual([
      { key: 'favourites', items: ['revenue by region'] },
      { key: 'history', items: ['refunds', 'r1', 'r2', 'r3'] },
      { key: 'model', items: ['Top 5 countries'] },
    ]);
  });

  it('keep what contains the typed words and drop empty lists', () => {
    const lists = {
      favourites: ['orders last month'],
      history: ['revenue by region'],
      model: ['Revenue last year'],
    };
    expect(suggestionGroups(lists, [], ' REVENUE ')).toEqual([
      { key: 'history', items: ['revenue by region'] },
      { key: 'model', items: ['Revenue last year'] },
    ]);
  });
});
