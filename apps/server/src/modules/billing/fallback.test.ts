import { PLANS } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { downgradesOf, fallbackOf } from './fallback';

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

  it('lists every cheaper plan for a downgrade, Premium with its own limits', () => {
    const premium = PLANS.premium.limits;
    const big = [{ id: 'd', name: 'Board', cards: premium.cards_per_collection! + 1 }];
    const downgrades = downgradesOf('unlimited', big);
    expect(downgrades.map((d) => d.plan)).toEqual(['free', 'premium']);
    expect(downgrades[1]).toEqual({
      plan: 'premium',
      collections: { count: 1, limit: premium.collections },
      over: [
        {
          id: 'd',
          name: 'Board',
          cards: premium.cards_per_collection! + 1,
          limit: premium.cards_per_collection,
        },
      ],
    });
    expect(downgradesOf('free', big)).toEqual([]);
  });
});
