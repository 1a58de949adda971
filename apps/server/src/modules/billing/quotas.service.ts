import { PLANS, type TTenant } from '@parley/contract';
import { assertNever } from '@parley/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor, QuotaGate, QuotaKind } from '../../lib/access';
import { QuotaExceeded } from '../../lib/errors';
import { dateIn } from '../../lib/time';
import type { BillingRepository, SubscriptionRow } from './billing.repository';
import { QuotaTally } from './quota-tally';
import { addMonths, paid, planOf, type SubscriptionState } from './subscription-state';

/** Two creates claiming the same last collection within this window: the second is refused. */
const CLAIM_WINDOW_MS = 3_000;

/** The monthly counters, spent by answers and AI insights (ai-insights.ts). */
export type MonthlyKind = 'conversations' | 'gpt_insights';

const NOUNS: Record<Exclude<QuotaKind, 'digests'>, (n: number) => string> = {
  conversations: (n) => `${n} conversations a month`,
  gpt_insights: (n) => `${n} AI insight requests a month`,
  collections: (n) => `${n} collection${n === 1 ? '' : 's'}`,
  cards_per_collection: (n) => `${n} cards per collection`,
  alerts: (n) => `${n} alert${n === 1 ? '' : 's'}`,
};

export interface QuotaDeps {
  state: SubscriptionState;
  repo: BillingRepository;
  log: FastifyBaseLogger;
  clock: () => Date;
}

/**
 * The app's QuotaGate (spec 2 §9): what the plan in force allows against what the user spent.
 * Limited counters are spent by one conditional statement, so the last unit goes to one request;
 * counters whose limit is null are counted in memory and stored about once a second.
 */
export class QuotaService implements QuotaGate {
  /** Units of monthly counters whose limit is null, stored about once a second (QuotaTally). */
  private readonly tally: QuotaTally;

  constructor(private readonly deps: QuotaDeps) {
    this.tally = new QuotaTally((rows) => deps.repo.addUsage(rows), deps.log);
  }

  /** At shutdown, before the database closes: stores the counted units. */
  close(): Promise<void> {
    return this.tally.close();
  }

  async check(actor: Actor, kind: QuotaKind, usage?: number, frequency?: string): Promise<void> {
    const row = await this.deps.state.current(actor);
    const plan = PLANS[planOf(row)];
    const refuse = (what: string) => new QuotaExceeded(`Your ${plan.name} plan allows ${what}.`);
    switch (kind) {
      case 'conversations':
      case 'gpt_insights':
        return this.spend(actor, kind, plan.limits[kind], row, refuse);
      case 'collections':
      case 'alerts': {
        const limit = plan.limits[kind];
        if (limit === null || usage === undefined) return;
        if (usage > limit) throw refuse(NOUNS[kind](limit));
        // The last unit is claimed in one statement: of two creates racing for it, one passes.
        if (
          usage === limit &&
          !(await this.deps.repo.claim(actor.userId, kind, usage, this.deps.clock(), CLAIM_WINDOW_MS))
        ) {
          throw refuse(NOUNS[kind](limit));
        }
        return;
      }
      case 'cards_per_collection': {
        const limit = plan.limits.cards_per_collection;
        if (limit !== null && usage !== undefined && usage > limit)
          throw refuse(NOUNS.cards_per_collection(limit));
        return;
      }
      case 'digests': {
        const allowed = plan.limits.digests as string[];
        if (frequency && !allowed.includes(frequency)) throw refuse(`${joinAnd(allowed)} digests`);
        return;
      }
      default:
        return assertNever(kind);
    }
  }

  /** One unit of a monthly counter, or QuotaExceeded when the plan's limit is reached. */
  private async spend(
    actor: Actor,
    kind: MonthlyKind,
    limit: number | null,
    row: SubscriptionRow,
    refuse: (what: string) => QuotaExceeded,
  ): Promise<void> {
    const period = this.period(row, actor.timezone);
    // Nothing to refuse: counted in memory, not one statement per answer (QuotaTally).
    if (limit === null) {
      this.tally.add(actor.userId, kind, period, this.deps.clock());
      return;
    }
    // Units counted while the plan had no limit are stored first, so the condition sees them.
    if (this.tally.has(actor.userId, kind, period)) await this.tally.flush();
    const ok = await this.deps.repo.spend(actor.userId, kind, period, limit, this.deps.clock());
    if (!ok) throw refuse(NOUNS[kind](limit));
  }

  /** `tenant.subscription` and `tenant.quota` (DESIGN §4). */
  async tenantSummary(actor: Actor): Promise<Pick<TTenant, 'subscription' | 'quota'>> {
    const row = await this.deps.state.current(actor);
    const limit = PLANS[planOf(row)].limits.conversations;
    const used = await this.used(actor.userId, 'conversations', this.period(row, actor.timezone));
    return {
      subscription: { plan: planOf(row), status: row.status },
      quota: { conversations: limit, used },
    };
  }

  /** The monthly counters of the quota month `row` is in, as the plan screen shows them. */
  async usage(actor: Actor, row: SubscriptionRow): Promise<Record<MonthlyKind, number>> {
    const period = this.period(row, actor.timezone);
    const [conversations, gptInsights] = await Promise.all([
      this.used(actor.userId, 'conversations', period),
      this.used(actor.userId, 'gpt_insights', period),
    ]);
    return { conversations, gpt_insights: gptInsights };
  }

  /** Support and tests: sets a monthly counter of the current period. */
  async setUsage(actor: Actor, kind: MonthlyKind, used: number): Promise<void> {
    const row = await this.deps.state.current(actor);
    // Counted units are stored first, so the value set is not raised by them afterwards.
    await this.tally.flush();
    await this.deps.repo.setUsed(actor.userId, kind, this.period(row, actor.timezone), used);
  }

  /** A monthly counter with this process's units not yet stored. */
  private used(userId: string, kind: MonthlyKind, period: string): Promise<number> {
    return this.tally.used(userId, kind, period, () => this.deps.repo.used(userId, kind, period));
  }

  /**
   * The quota month: the billing cycle's month of a paid plan (from the period's start day),
   * else the calendar month in the user's time zone.
   */
  private period(row: SubscriptionRow, timezone: string | null): string {
    const now = this.deps.clock();
    if (paid(row) && row.periodStart) {
      let start = row.periodStart;
      // From the anchor each time, so a 31st keeps its day after a short month.
      for (let k = 1; addMonths(row.periodStart, k) <= now; k++) start = addMonths(row.periodStart, k);
      return `cycle-${start.toISOString().slice(0, 10)}`;
    }
    return dateIn(timezone, now).slice(0, 7);
  }
}

function joinAnd(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
