import type { TFallback, TSubscription } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { landing } from './ConfirmSubscriptionModal';

const toFree: TFallback = { plan: 'free', collections: { count: 3, limit: 2 }, over: [] };
const toPremium: TFallback = {
  plan: 'premium',
  collections: { count: 3, limit: 5 },
  over: [{ id: 'b', name: 'Big board', cards: 12, limit: 10 }],
};
const unlimited = { plan: 'unlimited', fallback: toFree, downgrades: [toFree, toPremium] } as TSubscription;

describe('landing: the plan an action leaves the account on', () => {
  it('is Free for a cancel and for a pause (a paused account has Free’s limits)', () => {
    expect(landing({ kind: 'cancel' }, unlimited)).toBe(toFree);
    expect(landing({ kind: 'pause' }, unlimited)).toBe(toFree);
  });

  it('is the chosen plan for a downgrade, Premium with its own limits', () => {
    expect(landing({ kind: 'change', plan: 'premium', cycle: 'monthly' }, unlimited)).toBe(toPremium);
    expect(landing({ kind: 'change', plan: 'free', cycle: 'monthly' }, unlimited)).toBe(toFree);
  });

  it('is nothing for an upgrade, a cycle change or a checkout', () => {
    const premium = { ...unlimited, plan: 'premium', downgrades: [toFree] } as TSubscription;
    expect(landing({ kind: 'change', plan: 'unlimited', cycle: 'monthly' }, premium)).toBeNull();
    expect(landing({ kind: 'change', plan: 'unlimited', cycle: 'annual' }, unlimited)).toBeNull();
    expect(landing({ kind: 'checkout', plan: 'premium', cycle: 'monthly' }, premium)).toBeNull();
  });
});
