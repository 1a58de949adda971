import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  billingAddresses,
  billingEvents,
  collectionQuestions,
  collections,
  quotaUsage,
  subscriptions,
} from '../../db/schema';
import { type InvalidationBus, LocalInvalidationBus } from '../../lib/invalidation';
import { TtlCache } from '../../lib/ttl-cache';
import type { TallyRow } from './quota-tally';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionValues = Partial<Omit<SubscriptionRow, 'userId' | 'createdAt'>>;
export type BillingEventRow = typeof billingEvents.$inferSelect;
export type AddressRow = typeof billingAddresses.$inferSelect;

/** Counters in one statement of addUsage (5 parameters each, far below PostgreSQL's 65,535). */
const ADD_USAGE_ROWS = 1_000;

/** The only place that reads and writes subscriptions, quota counters, billing events and addresses. */
export class BillingRepository {
  /**
   * Every answered question reads its asker's subscription (the quota). This repository
   * is the only writer of the row, so it keeps a short copy per user and drops it with each of its
   * writes, successful or not (a refused conditional write means someone else moved the row), in
   * every process (the 'subscription' notice, lib/invalidation.ts).
   */
  private readonly rows: TtlCache<SubscriptionRow | null>;
  private readonly bus: InvalidationBus;

  constructor(
    private readonly db: Db,
    options: { copyMs?: number; bus?: InvalidationBus } = {},
  ) {
    const bus = options.bus ?? new LocalInvalidationBus();
    this.bus = bus;
    this.rows = new TtlCache(options.copyMs ?? 0, undefined, () => bus.live);
    bus.subscribe('subscription', (userId) => this.rows.forget(userId ?? undefined));
  }

  /** The user's subscription row, from this process's short copy when it has one. */
  find(userId: string): Promise<SubscriptionRow | null> {
    return this.rows.read(userId, () => this.read(userId));
  }

  private read(userId: string): Promise<SubscriptionRow | null> {
    return this.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .then((rows) => rows[0] ?? null);
  }

  findByProviderId(providerSubscriptionId: string): Promise<SubscriptionRow | null> {
    return this.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
      .then((rows) => rows[0] ?? null);
  }

  /**
   * Accounts with something due by `now`: a trial that ended, a scheduled change whose date came,
   * a paid period that ended (the renewal tick settles them).
   */
  async listDue(now: Date, limit: number): Promise<string[]> {
    const at = now.toISOString();
    const rows = await this.db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(
        sql`(${subscriptions.status} = 'TRIAL' AND ${subscriptions.trialEndsAt} <= ${at}::timestamptz)
          OR ((${subscriptions.scheduledChange} ->> 'effectiveAt')::timestamptz <= ${at}::timestamptz)
          OR (${subscriptions.status} = 'ACTIVE' AND ${subscriptions.periodEnd} <= ${at}::timestamptz)`,
      )
      .limit(limit);
    return rows.map((r) => r.userId);
  }

  /** Creates the row unless one exists (two first reads at once keep the first); answers the row. */
  async create(values: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
    await this.db.insert(subscriptions).values(values).onConflictDoNothing();
    await this.bus.publish('subscription', values.userId);
    return (await this.find(values.userId))!;
  }

  /**
   * Writes `values` only if the row is still as it was read (`updatedAt`): a settle or change
   * racing another answers false, and the caller reads again.
   */
  async update(userId: string, readAt: Date | null, values: SubscriptionValues): Promise<boolean> {
    const rows = await this.db
      .update(subscriptions)
      .set(values)
      .where(
        readAt
          ? and(eq(subscriptions.userId, userId), eq(subscriptions.updatedAt, readAt))
          : eq(subscriptions.userId, userId),
      )
      .returning({ userId: subscriptions.userId });
    await this.bus.publish('subscription', userId);
    return rows.length > 0;
  }

  /**
   * Spends one unit of a monthly counter in one statement: the increment happens only while
   * `used < limit`, so of two requests at the last unit exactly one gets a row back.
   */
  async spend(
    userId: string,
    kind: string,
    period: string,
    limit: number | null,
    now: Date,
  ): Promise<boolean> {
    const cap = limit === null ? sql`` : sql` WHERE quota_usage.used < ${limit}`;
    if (limit !== null && limit <= 0) return false;
    const result = await this.db.execute(sql`
      INSERT INTO quota_usage (user_id, kind, period, used, updated_at)
      VALUES (${userId}, ${kind}, ${period}, 1, ${now.toISOString()}::timestamptz)
      ON CONFLICT (user_id, kind, period) DO UPDATE
        SET used = quota_usage.used + 1, updated_at = excluded.updated_at${cap}
      RETURNING used`);
    return rowsOf(result).length > 0;
  }

  /**
   * Adds counted units to their counters in one statement (QuotaTally: limits that refuse
   * nothing). Units of a user deleted meanwhile are skipped, so one gone account cannot keep the
   * others' counts from being stored.
   */
  async addUsage(rows: TallyRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += ADD_USAGE_ROWS) {
      const values = rows
        .slice(i, i + ADD_USAGE_ROWS)
        .map((r) => sql`(${r.userId}, ${r.kind}, ${r.period}, ${r.used}, ${r.at.toISOString()})`);
      await this.db.execute(sql`
        INSERT INTO quota_usage (user_id, kind, period, used, updated_at)
        SELECT v.user_id::uuid, v.kind, v.period, v.used::integer, v.at::timestamptz
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(user_id, kind, period, used, at)
        WHERE EXISTS (SELECT 1 FROM users WHERE users.id = v.user_id::uuid)
        ON CONFLICT (user_id, kind, period) DO UPDATE
          SET used = quota_usage.used + excluded.used,
              updated_at = GREATEST(quota_usage.updated_at, excluded.updated_at)`);
    }
  }

  /**
   * Claims the last unit of a count-limited resource (collections): a second claim of the same
   * count within `windowMs` is refused, so two creates racing for the last collection cannot both pass.
   */
  async claim(userId: string, kind: string, usage: number, now: Date, windowMs: number): Promise<boolean> {
    const stale = new Date(now.getTime() - windowMs);
    const result = await this.db.execute(sql`
      INSERT INTO quota_usage (user_id, kind, period, used, updated_at)
      VALUES (${userId}, ${kind}, 'claim', ${usage}, ${now.toISOString()}::timestamptz)
      ON CONFLICT (user_id, kind, period) DO UPDATE
        SET used = excluded.used, updated_at = excluded.updated_at
        WHERE quota_usage.used <> excluded.used OR quota_usage.updated_at < ${stale.toISOString()}::timestamptz
      RETURNING used`);
    return rowsOf(result).length > 0;
  }

  async used(userId: string, kind: string, period: string): Promise<number> {
    const [row] = await this.db
      .select({ used: quotaUsage.used })
      .from(quotaUsage)
      .where(and(eq(quotaUsage.userId, userId), eq(quotaUsage.kind, kind), eq(quotaUsage.period, period)));
    return row?.used ?? 0;
  }

  /** Sets a counter (tests and support tooling). */
  async setUsed(userId: string, kind: string, period: string, used: number): Promise<void> {
    await this.db
      .insert(quotaUsage)
      .values({ userId, kind, period, used })
      .onConflictDoUpdate({ target: [quotaUsage.userId, quotaUsage.kind, quotaUsage.period], set: { used } });
  }

  async countCollections(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(collections)
      .where(eq(collections.userId, userId));
    return Number(row?.n ?? 0);
  }

  /** The user's collections with their card counts, in every project, oldest first. */
  async collectionCards(userId: string): Promise<{ id: string; name: string; cards: number }[]> {
    const rows = await this.db
      .select({ id: collections.id, name: collections.name, cards: count(collectionQuestions.id) })
      .from(collections)
      .leftJoin(collectionQuestions, eq(collectionQuestions.collectionId, collections.id))
      .where(eq(collections.userId, userId))
      .groupBy(collections.id, collections.name, collections.createdAt)
      .orderBy(asc(collections.createdAt), asc(collections.id));
    return rows.map((r) => ({ ...r, cards: Number(r.cards) }));
  }

  /** Stores an event once: false when its id was stored before (a replay). */
  async insertEvent(values: typeof billingEvents.$inferInsert): Promise<boolean> {
    const rows = await this.db
      .insert(billingEvents)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: billingEvents.eventId });
    return rows.length > 0;
  }

  findEvent(eventId: string): Promise<BillingEventRow | null> {
    return this.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.eventId, eventId))
      .then((rows) => rows[0] ?? null);
  }

  /** Marks an event done once; false when another run marked it first. */
  async finishEvent(eventId: string, outcome: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(billingEvents)
      .set({ appliedAt: at, outcome })
      .where(and(eq(billingEvents.eventId, eventId), isNull(billingEvents.appliedAt)))
      .returning({ id: billingEvents.eventId });
    return rows.length > 0;
  }

  listAddresses(userId: string): Promise<AddressRow[]> {
    return this.db
      .select()
      .from(billingAddresses)
      .where(eq(billingAddresses.userId, userId))
      .orderBy(asc(billingAddresses.createdAt), asc(billingAddresses.id));
  }

  async insertAddress(values: typeof billingAddresses.$inferInsert): Promise<AddressRow> {
    const [row] = await this.db.insert(billingAddresses).values(values).returning();
    return row!;
  }

  async updateAddress(
    userId: string,
    id: string,
    values: Partial<typeof billingAddresses.$inferInsert>,
  ): Promise<AddressRow | null> {
    const [row] = await this.db
      .update(billingAddresses)
      .set(values)
      .where(and(eq(billingAddresses.userId, userId), eq(billingAddresses.id, id)))
      .returning();
    return row ?? null;
  }
}

/** Rows of a raw `execute`: node-postgres answers `{ rows }`, PGlite too. */
function rowsOf(result: unknown): unknown[] {
  return ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as unknown[];
}
