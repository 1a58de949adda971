import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AlertNoticeKind, type AlertState, alertRuns, alerts, users } from '../../db/schema';
import type { JobOwner } from '../../lib/access';

export type AlertRow = typeof alerts.$inferSelect;
export type AlertRunRow = typeof alertRuns.$inferSelect;
export type NewAlert = typeof alerts.$inferInsert;

/** An alert with its owner, as a run acts for them. */
export interface AlertWithOwner {
  alert: AlertRow;
  owner: JobOwner;
}

/** What a claim decided: the state after the check and the notices it gives. */
export interface Transition {
  state: AlertState;
  notices: AlertNoticeKind[];
}

/** The claim of one (alert, period): decided from the alert's state under its row lock. */
export interface ClaimInput {
  alertId: string;
  periodKey: string;
  outcome: 'met' | 'clear' | 'failed';
  check: Record<string, unknown>;
  now: Date;
  decide: (state: AlertState, lastJudged: 'met' | 'clear' | null) => Transition;
}

/** The only place that reads and writes alerts and their runs. */
export class AlertsRepository {
  constructor(private readonly db: Db) {}

  async insert(values: NewAlert): Promise<AlertRow> {
    const [row] = await this.db.insert(alerts).values(values).returning();
    return row!;
  }

  findById(id: string): Promise<AlertRow | null> {
    return this.db
      .select()
      .from(alerts)
      .where(eq(alerts.id, id))
      .limit(1)
      .then((rows) => rows[0] ?? null);
  }

  list(userId: string, projectId: string): Promise<AlertRow[]> {
    return this.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, userId), eq(alerts.projectId, projectId)))
      .orderBy(asc(alerts.createdAt), asc(alerts.id));
  }

  /** A user's alerts in every project (the plan limit counts them all). */
  async countOf(userId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(alerts).where(eq(alerts.userId, userId));
    return Number(row?.n ?? 0);
  }

  async update(id: string, set: Partial<NewAlert>): Promise<AlertRow | null> {
    const [row] = await this.db.update(alerts).set(set).where(eq(alerts.id, id)).returning();
    return row ?? null;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(alerts).where(eq(alerts.id, id));
  }

  async findWithOwner(id: string): Promise<AlertWithOwner | null> {
    const [row] = await this.db
      .select({
        alert: alerts,
        userId: users.id,
        email: users.email,
        userName: users.name,
        features: users.features,
        timezone: users.timezone,
        language: users.language,
      })
      .from(alerts)
      .innerJoin(users, eq(users.id, alerts.userId))
      .where(eq(alerts.id, id))
      .limit(1);
    if (!row) return null;
    const { alert, ...user } = row;
    return { alert, owner: { ...user, projectId: alert.projectId } };
  }

  /** Scheduled alerts due at `now`: not paused, not snoozed past now. */
  findDue(now: Date, limit = 500): Promise<AlertRow[]> {
    return this.db
      .select()
      .from(alerts)
      .where(
        and(
          lte(alerts.nextRunAt, now),
          eq(alerts.paused, false),
          or(isNull(alerts.snoozedUntil), lte(alerts.snoozedUntil, now)),
        ),
      )
      .orderBy(asc(alerts.nextRunAt))
      .limit(limit);
  }

  /** Moves a due alert's next run on, if no other planner did (answers whether this one did). */
  async advance(id: string, from: Date, to: Date): Promise<boolean> {
    const rows = await this.db
      .update(alerts)
      .set({ nextRunAt: to })
      .where(and(eq(alerts.id, id), eq(alerts.nextRunAt, from)))
      .returning({ id: alerts.id });
    return rows.length > 0;
  }

  /** The on_sync alerts of a synced source. */
  async findOnSync(datasourceId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: alerts.id })
      .from(alerts)
      .where(
        and(eq(alerts.datasourceId, datasourceId), eq(alerts.schedule, 'on_sync'), eq(alerts.paused, false)),
      );
    return rows.map((r) => r.id);
  }

  /**
   * Claims (alert, period) and applies the state change in one transaction, the alert's row
   * locked: of two runners only one inserts the claim, and the notices it decides (the outbox)
   * are stored with it. Null when the period was claimed before.
   */
  claim(input: ClaimInput): Promise<AlertRunRow | null> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ state: alerts.state })
        .from(alerts)
        .where(eq(alerts.id, input.alertId))
        .for('update');
      if (!locked) return null;
      const [claimed] = await tx
        .insert(alertRuns)
        .values({
          alertId: input.alertId,
          periodKey: input.periodKey,
          status: 'claimed',
          outcome: input.outcome,
          check: input.check,
          notices: [],
          claimedAt: input.now,
        })
        .onConflictDoNothing({ target: [alertRuns.alertId, alertRuns.periodKey] })
        .returning({ id: alertRuns.id });
      if (!claimed) return null;
      const [last] = await tx
        .select({ outcome: alertRuns.outcome })
        .from(alertRuns)
        .where(
          and(
            eq(alertRuns.alertId, input.alertId),
            inArray(alertRuns.outcome, ['met', 'clear']),
            sql`${alertRuns.id} <> ${claimed.id}`,
          ),
        )
        .orderBy(desc(alertRuns.claimedAt))
        .limit(1);
      const lastJudged = (last?.outcome as 'met' | 'clear' | undefined) ?? null;
      const next = input.decide(locked.state, lastJudged);
      await tx
        .update(alerts)
        .set({
          state: next.state,
          ...(next.notices.includes('fired') ? { lastFiredAt: input.now } : {}),
        })
        .where(eq(alerts.id, input.alertId));
      const done = next.notices.length === 0;
      const [run] = await tx
        .update(alertRuns)
        .set({ notices: next.notices, ...(done ? { status: 'done' as const, doneAt: input.now } : {}) })
        .where(eq(alertRuns.id, claimed.id))
        .returning();
      return run!;
    });
  }

  /**
   * Takes over this alert's runs left 'claimed' past the lease (their process died before
   * delivering): each is renewed for this runner in one statement, so two runners never both take one.
   */
  async takeOverStale(alertId: string, now: Date, leaseMs: number): Promise<AlertRunRow[]> {
    const stale = new Date(now.getTime() - leaseMs);
    return this.db
      .update(alertRuns)
      .set({ claimedAt: now })
      .where(
        and(eq(alertRuns.alertId, alertId), eq(alertRuns.status, 'claimed'), lt(alertRuns.claimedAt, stale)),
      )
      .returning();
  }

  /** Alerts with a run claimed before `before` and never done: a process died between claim and send. */
  async staleClaims(before: Date, limit = 100): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ alertId: alertRuns.alertId })
      .from(alertRuns)
      .where(and(eq(alertRuns.status, 'claimed'), lt(alertRuns.claimedAt, before)))
      .limit(limit);
    return rows.map((r) => r.alertId);
  }

  async markDone(runId: string, now: Date): Promise<void> {
    await this.db.update(alertRuns).set({ status: 'done', doneAt: now }).where(eq(alertRuns.id, runId));
  }

  /** An alert's runs, oldest first (tests, support). */
  runsOf(alertId: string): Promise<AlertRunRow[]> {
    return this.db
      .select()
      .from(alertRuns)
      .where(eq(alertRuns.alertId, alertId))
      .orderBy(asc(alertRuns.claimedAt));
  }
}
