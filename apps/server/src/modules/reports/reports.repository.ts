import type { TReportFrequency, TReportName, TReportStatus } from '@parley/contract';
import { and, desc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ReportFacts, reportIssues, reports, users } from '../../db/schema';
import type { Actor } from '../../lib/access';

export type ReportRow = typeof reports.$inferSelect;
export type ReportIssueRow = typeof reportIssues.$inferSelect;

/** A report with the owner a report job acts as. */
export interface ReportOwner {
  report: ReportRow;
  email: string;
  userName: string;
  features: string[];
  timezone: string | null;
  language: string;
}

/** A scheduled report whose plan is missing or was made for another zone. */
export interface ReportPlanInput {
  id: string;
  frequency: TReportFrequency;
  timezone: string;
}

const zone = sql<string>`coalesce(${users.timezone}, 'UTC')`;
const SCHEDULED: TReportStatus[] = ['Created', 'Running'];

/** The only place that reads and writes reports and their issues. */
export class ReportsRepository {
  constructor(private readonly db: Db) {}

  /** The actor's reports in their project. */
  async listOwned(actor: Actor): Promise<ReportRow[]> {
    return this.db
      .select()
      .from(reports)
      .where(and(eq(reports.userId, actor.userId), eq(reports.projectId, actor.projectId)));
  }

  async findOwned(actor: Actor, report: TReportName): Promise<ReportRow | null> {
    const [row] = await this.db
      .select()
      .from(reports)
      .where(
        and(
          eq(reports.userId, actor.userId),
          eq(reports.projectId, actor.projectId),
          eq(reports.report, report),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /** Creates or replaces the actor's profile of a report; a new report starts as Created. */
  async saveProfile(
    actor: Actor,
    report: TReportName,
    values: { profile: Record<string, unknown>; frequency: TReportFrequency; period: number },
    now: Date,
  ): Promise<ReportRow> {
    const [row] = await this.db
      .insert(reports)
      .values({
        userId: actor.userId,
        projectId: actor.projectId,
        report,
        status: 'Created',
        profile: values.profile,
        notificationFrequency: values.frequency,
        reportingPeriod: values.period,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [reports.userId, reports.projectId, reports.report],
        set: {
          profile: values.profile,
          notificationFrequency: values.frequency,
          reportingPeriod: values.period,
          // A report saved after being stopped stays stopped; one never scheduled starts as Created.
          status: sql`coalesce(${reports.status}, 'Created')`,
          // The frequency may have changed: the planner plans it again.
          nextAt: null,
          updatedAt: now,
        },
      })
      .returning();
    return row!;
  }

  async setStatus(
    id: string,
    status: TReportStatus,
    nextAt: Date | null,
    timezone: string | null,
    now: Date,
  ) {
    const [row] = await this.db
      .update(reports)
      .set({ status, nextAt, scheduleTimezone: timezone, updatedAt: now })
      .where(eq(reports.id, id))
      .returning();
    return row!;
  }

  /**
   * Marks a report issued now unless it was issued after `notBefore` (the cooldown; null = no
   * cooldown). One conditional update, so two Generate clicks at once start one issue.
   */
  async markIssued(id: string, now: Date, notBefore: Date | null): Promise<boolean> {
    const rows = await this.db
      .update(reports)
      .set({ lastIssuedAt: now })
      .where(
        and(
          eq(reports.id, id),
          notBefore ? or(isNull(reports.lastIssuedAt), lte(reports.lastIssuedAt, notBefore)) : undefined,
        ),
      )
      .returning({ id: reports.id });
    return rows.length > 0;
  }

  /** Scheduled reports without a plan, or planned in a zone that is no longer the owner's. */
  async findUnplanned(): Promise<ReportPlanInput[]> {
    return this.db
      .select({ id: reports.id, frequency: reports.notificationFrequency, timezone: zone })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.userId))
      .where(
        and(
          inArray(reports.status, SCHEDULED),
          isNotNull(reports.profile),
          or(isNull(reports.nextAt), ne(reports.scheduleTimezone, zone)),
        ),
      );
  }

  async plan(id: string, nextAt: Date, timezone: string, now: Date): Promise<void> {
    await this.db
      .update(reports)
      .set({ nextAt, scheduleTimezone: timezone, updatedAt: now })
      .where(eq(reports.id, id));
  }

  /** Scheduled reports due at `now`. */
  async findDue(now: Date): Promise<ReportRow[]> {
    return this.db
      .select()
      .from(reports)
      .where(and(inArray(reports.status, SCHEDULED), isNotNull(reports.nextAt), lte(reports.nextAt, now)));
  }

  /** Moves a due report on, unless another planner moved it already; answers whether this one did. */
  async advance(id: string, from: Date, nextAt: Date, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(reports)
      .set({ nextAt, updatedAt: now })
      .where(and(eq(reports.id, id), eq(reports.nextAt, from)))
      .returning({ id: reports.id });
    return rows.length > 0;
  }

  async findOwner(reportId: string): Promise<ReportOwner | null> {
    const [row] = await this.db
      .select({
        report: reports,
        email: users.email,
        userName: users.name,
        features: users.features,
        timezone: users.timezone,
        language: users.language,
      })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.userId))
      .where(eq(reports.id, reportId))
      .limit(1);
    return row ?? null;
  }

  /** The row of a Generate issue, written when it is asked for (its id is the answer's). */
  async createIssue(id: string, reportId: string, period: string, now: Date): Promise<void> {
    await this.db.insert(reportIssues).values({ id, reportId, period, claimedAt: now });
  }

  /**
   * Claims the report's period for a job: the row is written once (unique report and period) and
   * taken by the first job that finds it unclaimed; answers the row as it stands.
   */
  async claim(reportId: string, period: string, jobId: string, now: Date): Promise<ReportIssueRow> {
    await this.db
      .insert(reportIssues)
      .values({ reportId, period, jobId, claimedAt: now })
      .onConflictDoNothing({ target: [reportIssues.reportId, reportIssues.period] });
    await this.db
      .update(reportIssues)
      .set({ jobId })
      .where(
        and(eq(reportIssues.reportId, reportId), eq(reportIssues.period, period), isNull(reportIssues.jobId)),
      );
    const [row] = await this.db
      .select()
      .from(reportIssues)
      .where(and(eq(reportIssues.reportId, reportId), eq(reportIssues.period, period)))
      .limit(1);
    return row!;
  }

  async markIssueDone(
    id: string,
    values: { title: string; html: string; facts: ReportFacts },
    at: Date,
  ): Promise<void> {
    await this.db
      .update(reportIssues)
      .set({ ...values, issuedAt: at })
      .where(eq(reportIssues.id, id));
  }

  /** A scheduled issue went out: it is the report's LastIssued. */
  async touchLastIssued(reportId: string, at: Date): Promise<void> {
    await this.db.update(reports).set({ lastIssuedAt: at }).where(eq(reports.id, reportId));
  }

  /** Issued issues of a report, newest first. */
  async listIssues(reportId: string): Promise<ReportIssueRow[]> {
    return this.db
      .select()
      .from(reportIssues)
      .where(and(eq(reportIssues.reportId, reportId), isNotNull(reportIssues.issuedAt)))
      .orderBy(desc(reportIssues.issuedAt));
  }

  /** Every issue row of a report, issued or not (tests, support). */
  async listAllIssues(reportId: string): Promise<ReportIssueRow[]> {
    return this.db.select().from(reportIssues).where(eq(reportIssues.reportId, reportId));
  }
}
