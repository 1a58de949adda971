import type { AlertSchedule, TAlertCondition, TSemanticQuery } from '@parley/contract';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownerColumns, ts } from './auth.schema';

/** armed: waiting for the condition; fired: told once, quiet until it clears; failing: the source failed, told once. */
export type AlertState = 'armed' | 'fired' | 'failing';

/**
 * A user's alert on a card (DESIGN §12, issue 34): the card's query, one condition, a schedule.
 * `nextRunAt` is the next scheduled check (null for on_sync alerts, which run after their source syncs).
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    phrase: text('phrase').notNull(),
    datasourceId: text('datasource_id').notNull(),
    query: jsonb('query').$type<TSemanticQuery>().notNull(),
    condition: jsonb('condition').$type<TAlertCondition>().notNull(),
    schedule: text('schedule').$type<AlertSchedule>().notNull(),
    paused: boolean('paused').notNull().default(false),
    snoozedUntil: ts('snoozed_until'),
    lastFiredAt: ts('last_fired_at'),
    state: text('state').$type<AlertState>().notNull().default('armed'),
    nextRunAt: ts('next_run_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('alerts_owner_idx').on(t.userId, t.projectId),
    index('alerts_next_idx').on(t.nextRunAt),
    index('alerts_source_idx').on(t.datasourceId),
  ],
);

/** What a run tells its user: the notices its state change gave (delivered after the claim commits). */
export type AlertNoticeKind = 'fired' | 'failing' | 'recovered';

/**
 * One check of an alert: the claim (unique per alert and period), the outcome, and the outbox —
 * the notices decided in the claim's transaction, delivered after it and marked done. A run left
 * 'claimed' past the lease (its process died) is taken over and delivered by the next runner;
 * every delivery is keyed by the run, so taking over never tells twice.
 */
export const alertRuns = pgTable(
  'alert_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    periodKey: text('period_key').notNull(),
    status: text('status').$type<'claimed' | 'done'>().notNull(),
    /** met | clear | failed: the check's status. */
    outcome: text('outcome').notNull(),
    /** The check as judged (value, change, groups, why, series, card; or the failure's reason). */
    check: jsonb('check').$type<Record<string, unknown>>().notNull(),
    notices: jsonb('notices').$type<AlertNoticeKind[]>().notNull(),
    claimedAt: ts('claimed_at').notNull(),
    doneAt: ts('done_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_runs_claim_uq').on(t.alertId, t.periodKey),
    index('alert_runs_pending_idx').on(t.status, t.claimedAt),
  ],
);
