import { integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts, users } from './auth.schema';

/** A change that takes effect at the renewal date (spec 2 §4). */
export interface ScheduledChangeColumn {
  action: 'cancel' | 'downgrade' | 'pause';
  effectiveAt: string;
  plan?: string;
  cycle?: string;
}

/**
 * One subscription per account: the plan whose limits apply, its state and the
 * billing provider's ids. Created on first read as a 14-day Premium trial.
 */
export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: text('plan').notNull(),
  /** TRIAL, ACTIVE, PAUSED, CANCELLED or EXPIRED. */
  status: text('status').notNull(),
  billingCycle: text('billing_cycle').notNull().default('monthly'),
  trialEndsAt: ts('trial_ends_at'),
  /** The current billing period of a paid plan; the end is the renewal date. */
  periodStart: ts('period_start'),
  periodEnd: ts('period_end'),
  scheduledChange: jsonb('scheduled_change').$type<ScheduledChangeColumn>(),
  provider: text('provider').notNull().default('none'),
  customerId: text('customer_id'),
  providerSubscriptionId: text('provider_subscription_id').unique(),
  /** `occurred_at` of the newest provider event applied: older ones are not applied over it. */
  eventAt: ts('event_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Counted units per account, kind and period: monthly counters ('conversations', 'gpt_insights'
 * keyed by billing month) and last-unit claims ('collections'). Spent by one conditional upsert.
 */
export const quotaUsage = pgTable(
  'quota_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    used: integer('used').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.period] })],
);

/** Provider webhook events, stored once by their id before they are applied. */
export const billingEvents = pgTable('billing_events', {
  eventId: text('event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  occurredAt: ts('occurred_at').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
  appliedAt: ts('applied_at'),
  /** applied, stale (older than what was applied), ignored (not ours). */
  outcome: text('outcome'),
});

/** Billing addresses of the `none` provider (Paddle keeps its own, per customer). */
export const billingAddresses = pgTable('billing_addresses', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('active'),
  name: text('name').notNull().default(''),
  firstLine: text('first_line').notNull().default(''),
  secondLine: text('second_line').notNull().default(''),
  city: text('city').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  region: text('region').notNull().default(''),
  country: text('country').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
