import { beforeEach, describe, expect, it } from 'vitest';
import { mergeItems } from './conversation-api';
import { addHistory, buildEntries, dropHistory, pushHistory, readHistory, removeHistory } from './history';
import { promptLimit } from './prompts';

describe('search history', () => {
  beforeEach(() => localStorage.clear());
  it('keeps the most recent first without duplicates', () => {
    expect(pushHistory(['b', 'a'], ' A ')).toEqual(['A', 'b']);
    expect(pushHistory(['a'], '   ')).toEqual(['a']);
    expect(dropHistory(['a', 'B'], 'b')).toEqual(['a']);
    expect(pushHistory(['1', '2', '3'], '4', 3)).toEqual(['4', '1', '2']);
  });
  it('is stored per project', () => {
    addHistory('p1', 'revenue');
    addHistory('p1', 'orders');
    addHistory('p2', 'customers');
    expect(readHistory('p1')).toEqual(['orders', 'revenue']);
    expect(readHistory('p2')).toEqual(['customers']);
    expect(removeHistory('p1', 'orders')).toEqual(['revenue']);
    expect(readHistory('p1')).toEqual(['revenue']);
  });
  it('survives broken storage', () => {
    localStorage.setItem('searchHistory:p3', '{oops');
    expect(readHistory('p3')).toEqual([]);
  });
});

describe('buildEntries', () => {
  const favourites = [
    { phrase: 'orders by month', count: 3 },
    { phrase: 'revenue by region', count: 9 },
    { phrase: 'a', count: 1 },
    { phrase: 'b', count: 2 },
    { phrase: 'c', count: 5 },
  ];
  it('lists up to 4 history items then the top 4 favourites not already listed', () => {
    const entries = buildEntries(['revenue by region', 'h1', 'h2', 'h3', 'h4'], favourites, '');
    expect(entries.filter((e) => e.kind === 'history').map((e) => e.phrase)).toEqual([
      'revenue by region',
      'h1',
      'h2',
      'h3',
    ]);
    expect(entries.filter((e) => e.kind === 'favourite').map((e) => e.phrase)).toEqual([
      'c',
      'orders by month',
      'b',
      'a',
    ]);
  });
  it('filters by the typed text', () => {
    expect(buildEntries(['revenue last month'], favourites, 'REV').map((e) => e.phrase)).toEqual([
      'revenue last month',
      'revenue by region',
    ]);
  });
});

describe('mergeItems', () => {
  const item = (created: number, loading = false) => ({
    created,
    phrase: String(created),
    event: null,
    loading,
    error: null,
    responses: [],
  });
  it('orders by created and keeps local loading items', () => {
    const merged = mergeItems([item(3, true), item(1)], [item(2), item(3)]);
    expect(merged.map((i) => [i.created, i.loading])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });
});

describe('promptLimit', () => {
  it('scrolls after 5 buttons, 3 cards, 2 vertical cards', () => {
    expect(promptLimit({ type: 'buttons' })).toBe(5);
    expect(promptLimit({})).toBe(5);
    expect(promptLimit({ type: 'cards', direction: 'horizontal' })).toBe(3);
    expect(promptLimit({ type: 'cards', direction: 'vertical' })).toBe(2);
  });
});
