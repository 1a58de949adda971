import { PLANS } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { fallbackOf } from './fallback';

describe('fallbackOf', () => {
  const free = PLANS.free.limits;
  const mine = [
    { id: 'a', name: 'Sales', cards: free.cards_per_collection! + 3 },
    { id: 'b', name: 'Ops', cards: free.cards_per_collection! },
    { id: 'c', name: 'Web', cards: 0 },
  ];

  it('names the collections with more cards than Free allows, and the count against its limit', () => {
    expect(fallbackOf('premium', mine)).toEqual({
      plan: 'free',
      collections: { count: 3, limit: free.collections },
      over: [
        { id: 'a', name: 'Sales', cards: free.cards_per_collection! + 3, limit: free.cards_per_collection },
      ],
    });
  });

  it('is null on Free itself: there is nothing to fall back from', () => {
    expect(fallbackOf('free', mine)).toBeNull();
  });

  it('lists nothing over when every collection fits', () => {
    expect(fallbackOf('unlimited', [mine[1]!, mine[2]!])?.over).toEqual([]);
  });
});
