import { PLAN_IDS, PLANS, type PlanId, type TFallback } from '@parley/contract';

/** The plan every cancel, and the trial's end, falls back to (spec 2 §9). */
export const FALLBACK_PLAN: PlanId = 'free';

type Owned = readonly { id: string; name: string; cards: number }[];

/**
 * What the user would have on a lower plan (default: the fallback plan): its collection limit
 * against their count, and the collections with more cards than it allows. Null when the user is
 * on that plan already.
 */
export function fallbackOf(plan: PlanId, collections: Owned, to: PlanId = FALLBACK_PLAN): TFallback | null {
  if (plan === to) return null;
  const limits = PLANS[to].limits;
  const cardLimit = limits.cards_per_collection;
  return {
    plan: to,
    collections: { count: collections.length, limit: limits.collections },
    over:
      cardLimit === null
        ? []
        : collections.filter((c) => c.cards > cardLimit).map((c) => ({ ...c, limit: cardLimit })),
  };
}

/** The same for every plan cheaper than the current one: a downgrade's warning (Unlimited → Premium). */
export function downgradesOf(plan: PlanId, collections: Owned): TFallback[] {
  return PLAN_IDS.slice(0, PLAN_IDS.indexOf(plan)).flatMap((to) => fallbackOf(plan, collections, to) ?? []);
}
