import type { TReportFrequency, TReportName, TReportStatus } from '@parley/contract';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownerColumns, ts } from './auth.schema';

/**
 * A user's Intelligence Suite report (spec 2 §3–§4, DESIGN §11): its profile, schedule and state.
 * One row per user, project and report. `nextAt` is the next scheduled issue (09:00 in the
 * owner's zone, day 1 of the period) while the status is Created or Running, else null.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    report: text('report').$type<TReportName>().notNull(),
    status: text('status').$type<TReportStatus>(),
    profile: jsonb('profile').$type<Record<string, unknown>>(),
    notificationFrequency: text('notification_frequency')
      .$type<TReportFrequency>()
      .notNull()
      .default('monthly'),
    reportingPeriod: integer('reporting_period').notNull().default(3),
    /** When the last issue was asked for (Generate or the schedule): the cooldown counts from it. */
    lastIssuedAt: ts('last_issued_at'),
    nextAt: ts('next_at'),
    /** The zone `nextAt` was planned in; planned again when the owner's zone changes. */
    scheduleTimezone: text('schedule_timezone'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_owner_report_uq').on(t.userId, t.projectId, t.report),
    index('reports_next_idx').on(t.nextAt),
  ],
);

/** The computed numbers an issue was written from (the LLM may only narrate these). */
export type ReportFacts = Record<string, unknown>;

/**
 * One issue of a report for one period ("month:2026-12", "quarter:2027-Q1", or "now:<id>" for
 * Generate), written before anything is built: the unique (report, period) lets one job of a
 * period go on however many processes plan and work (as digest_sends). `issuedAt` is set once
 * the document is stored and its mail queued.
 */
export const reportIssues = pgTable(
  'report_issues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    jobId: text('job_id'),
    claimedAt: ts('claimed_at').notNull().defaultNow(),
    issuedAt: ts('issued_at'),
    title: text('title'),
    /** The document for the app (charts as inline SVG). */
    html: text('html'),
    facts: jsonb('facts').$type<ReportFacts>(),
  },
  (t) => [
    uniqueIndex('report_issues_report_period_uq').on(t.reportId, t.period),
    index('report_issues_report_issued_idx').on(t.reportId, t.issuedAt),
  ],
);
