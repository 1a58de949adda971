import { PLANS, type PlanId, type TFallback } from '@parley/contract';

/** The plan every cancel, and the trial's end, falls back to (spec 2 §9). */
export const FALLBACK_PLAN: PlanId = 'free';

/**
 * What the user would have on the fallback plan: its collection limit against their count, and
 * the collections with more cards than it allows. Null when the user is on that plan already.
 */
export function fallbackOf(
  plan: PlanId,
  collections: readonly { id: string; name: string; cards: number }[],
): TFallback | null {
  if (plan === FALLBACK_PLAN) return null;
  const limits = PLANS[FALLBACK_PLAN].limits;
  const cardLimit = limits.cards_per_collection;
  return {
    plan: FALLBACK_PLAN,
    collections: { count: collections.length, limit: limits.collections },
    over:
      cardLimit === null
        ? []
        : collections.filter((c) => c.cards > cardLimit).map((c) => ({ ...c, limit: cardLimit })),
  };
}
