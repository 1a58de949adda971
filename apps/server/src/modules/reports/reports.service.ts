import { randomUUID } from 'node:crypto';
import {
  REPORT_COOLDOWN_DAYS,
  REPORT_DEFAULTS,
  REPORT_FEATURES,
  REPORT_MESSAGES,
  REPORT_NAMES,
  REPORT_PROFILES,
  reportAvailableOn,
  reportFeature,
  type TReportEntry,
  type TReportFrequency,
  type TReportIssue,
  type TReportingPeriod,
  type TReportName,
  type TReportProfile,
  type TReportsResponse,
  type TReportUpdateBody,
} from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import { serverTexts } from '../../i18n';
import { type AccessPolicy, type Actor, actorOf } from '../../lib/access';
import { DomainError, Invalid, RateLimited } from '../../lib/errors';
import type { LlmConfig } from '../../lib/llm';
import type { JobInfo, JobQueue } from '../../lib/queue';
import { dateIn } from '../../lib/time';
import { renderChartPng, renderChartSvg } from '../../mail/chart-image';
import type { MailService } from '../../mail/mail.service';
import type { AnswerService } from '../answers/answers.service';
import { aiInsightsQuota } from '../billing/ai-insights';
import type { SourceResolver } from '../datasources/source-resolver';
import { analyseReport, REPORT_CHART_SIZE, type ReportDocument } from './report-analysis';
import { summarise } from './report-narration';
import { reportAppHtml, reportMail } from './report-render';
import {
  isManualPeriod,
  latestReportSlot,
  manualPeriod,
  nextReportSlot,
  reportPeriodKey,
} from './report-schedule';
import {
  checkReportSource,
  NO_REPORT_SOURCE,
  reportSourceId,
  resolveReportSource,
  sourceName,
} from './report-source';
import type { ReportRow, ReportsRepository } from './reports.repository';

/** The queue's name for one report issue. */
export const REPORT_JOB = 'report-issue';
/** The queue's name for the planner's tick (every minute). */
export const REPORT_PLAN_JOB = 'report-plan';

export interface ReportJobData {
  reportId: string;
  period: string;
}

export interface ReportsOptions {
  brand: string;
  publicUrl: string;
  /** REPORT_COOLDOWN_EXEMPT, lower-cased. */
  cooldownExempt: string[];
  /** LLM_BASE_URL's model: it may narrate the summary from the computed facts. */
  llm: LlmConfig | null;
}

/** What the reports service is built from (services.ts). */
export interface ReportsDeps {
  repo: ReportsRepository;
  access: AccessPolicy;
  sources: SourceResolver;
  answers: AnswerService;
  mail: MailService;
  queue: JobQueue;
  options: ReportsOptions;
  log: FastifyBaseLogger;
  clock: () => Date;
}

const TILES: Record<TReportName, { title: string; description: string }> = {
  organisation_strategy: {
    title: 'Organisation Strategy',
    description:
      'Your headline measures, what drove their change, anomalies, the outlook and concentration, read against your strategic priorities and goals.',
  },
  organisation_opportunity: {
    title: 'Organisation Opportunity',
    description:
      'Where the business grows and where it depends on a few customers, products or regions, read against your points of interest and target clients.',
  },
  employee_growth: {
    title: 'Employee Growth',
    description: 'The business measures your focus functions drive, their trend and outlook.',
  },
};

/**
 * The Intelligence Suite (spec 2 §2–§9, DESIGN §11): report profiles, their schedule (09:00 in
 * the owner's zone on day 1 of each period, exactly once per period across processes: a unique
 * (report, period) row is claimed before anything is built), Generate with its 7-day cooldown,
 * the issues, and the report job that computes, stores and mails an issue.
 */
export class ReportsService {
  constructor(private readonly deps: ReportsDeps) {}

  /** GET /features/deep-research-reports */
  async list(actor: Actor): Promise<TReportsResponse> {
    await this.deps.access.requireAccess(actor, { feature: 'DEEP_RESEARCH_REPORTS' });
    const rows = new Map((await this.deps.repo.listOwned(actor)).map((r) => [r.report, r]));
    const enabled = (r: TReportName) => actor.features.includes(REPORT_FEATURES[r]);
    return {
      config: REPORT_NAMES.map((value) => ({ value, enabled: enabled(value), ...TILES[value] })),
      reports: REPORT_NAMES.filter(enabled).map((r) => toEntry(r, rows.get(r) ?? null)),
      cooldown_exempt: this.isExempt(actor),
      default_datasource_id: await this.deps.sources.defaultId(actor),
    };
  }

  /** PUT /features/deep-research-report: saves the profile (spec 2 §3, §5) and the schedule's settings. */
  async update(actor: Actor, body: TReportUpdateBody): Promise<TReportEntry> {
    await this.requireReport(actor, body.report);
    const parsed = REPORT_PROFILES[body.report].safeParse(body.profile);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Invalid(`Invalid field profile.${issue.path.join('.')}: ${issue.message}`);
    }
    await checkReportSource(this.deps.sources, actor, parsed.data.datasource_id);
    const existing = await this.deps.repo.findOwned(actor, body.report);
    const row = await this.deps.repo.saveProfile(
      actor,
      body.report,
      {
        profile: parsed.data as Record<string, unknown>,
        frequency:
          body.notification_frequency ??
          existing?.notificationFrequency ??
          REPORT_DEFAULTS.notification_frequency,
        period: body.reporting_period ?? existing?.reportingPeriod ?? REPORT_DEFAULTS.reporting_period,
      },
      this.deps.clock(),
    );
    return toEntry(body.report, await this.replan(row, actor.timezone));
  }

  /**
   * PUT …/run (Generate): the issue is built and mailed now. Within 7 days of LastIssued → 429
   * with the date it works again, unless the user is in REPORT_COOLDOWN_EXEMPT. With no source to
   * read → 400 before the cooldown starts.
   */
  async run(actor: Actor, report: TReportName): Promise<{ id: string }> {
    const row = await this.requireProfile(actor, report);
    const chosen = (row.profile as unknown as TReportProfile).datasource_id;
    if ((await reportSourceId(this.deps.sources, actor, chosen)) === null)
      throw new Invalid(NO_REPORT_SOURCE);
    const now = this.deps.clock();
    const notBefore = this.isExempt(actor)
      ? null
      : new Date(now.getTime() - REPORT_COOLDOWN_DAYS * 86_400_000);
    if (!(await this.deps.repo.markIssued(row.id, now, notBefore))) {
      const again = await this.deps.repo.findOwned(actor, report);
      throw new RateLimited(REPORT_MESSAGES.cooldown(reportAvailableOn(again?.lastIssuedAt ?? now)));
    }
    const id = randomUUID();
    const period = manualPeriod(id);
    await this.deps.repo.createIssue(id, row.id, period, now);
    await this.deps.queue.enqueue<ReportJobData>(REPORT_JOB, { reportId: row.id, period }, { key: period });
    return { id };
  }

  /** PUT …/start: the schedule runs (status Running). */
  async start(actor: Actor, report: TReportName): Promise<TReportEntry> {
    const row = await this.requireProfile(actor, report);
    const next = nextReportSlot(row.notificationFrequency, this.deps.clock(), actor.timezone ?? 'UTC');
    const updated = await this.deps.repo.setStatus(
      row.id,
      'Running',
      next.at,
      actor.timezone ?? 'UTC',
      this.deps.clock(),
    );
    return toEntry(report, updated);
  }

  /** PUT …/stop: no more scheduled issues (status Stopped); Generate still works. */
  async stop(actor: Actor, report: TReportName): Promise<TReportEntry> {
    const row = await this.requireProfile(actor, report);
    return toEntry(report, await this.deps.repo.setStatus(row.id, 'Stopped', null, null, this.deps.clock()));
  }

  /** GET …/issues?report= : the report's issues, newest first. */
  async issues(actor: Actor, report: TReportName): Promise<TReportIssue[]> {
    await this.requireReport(actor, report);
    const row = await this.deps.repo.findOwned(actor, report);
    if (!row) return [];
    return (await this.deps.repo.listIssues(row.id)).map((i) => ({
      id: i.id,
      report,
      issued_at: i.issuedAt!.toISOString(),
      title: i.title ?? '',
      html: i.html ?? '',
    }));
  }

  /** REPORT_COOLDOWN_EXEMPT: the spec's staff accounts, never cooled down. */
  private isExempt(actor: Actor): boolean {
    return this.deps.options.cooldownExempt.includes(actor.email.toLowerCase());
  }

  private async requireReport(actor: Actor, report: TReportName): Promise<void> {
    await this.deps.access.requireAccess(actor, { feature: 'DEEP_RESEARCH_REPORTS' });
    await this.deps.access.requireAccess(actor, { feature: REPORT_FEATURES[report] });
  }

  private async requireProfile(actor: Actor, report: TReportName): Promise<ReportRow> {
    await this.requireReport(actor, report);
    const row = await this.deps.repo.findOwned(actor, report);
    if (!row?.profile) throw new Invalid(REPORT_MESSAGES.noProfile);
    return row;
  }

  /** A scheduled report's next slot, planned now that its frequency may have changed. */
  private async replan(row: ReportRow, timezone: string | null): Promise<ReportRow> {
    if (row.status !== 'Created' && row.status !== 'Running') return row;
    const zone = timezone ?? 'UTC';
    const next = nextReportSlot(row.notificationFrequency, this.deps.clock(), zone);
    await this.deps.repo.plan(row.id, next.at, zone, this.deps.clock());
    return { ...row, nextAt: next.at, scheduleTimezone: zone };
  }

  /**
   * The planner's tick (every minute, REPORT_PLAN_JOB): plans schedules that are new or whose
   * owner's zone changed, then enqueues every due issue keyed by (report, period) and moves its
   * schedule on. An issue missed while no process ran goes out once, for the latest period.
   * Answers how many issues it enqueued.
   */
  async plan(now: Date = this.deps.clock()): Promise<number> {
    for (const p of await this.deps.repo.findUnplanned()) {
      await this.deps.repo.plan(p.id, nextReportSlot(p.frequency, now, p.timezone).at, p.timezone, now);
    }
    let queued = 0;
    for (const due of await this.deps.repo.findDue(now)) {
      const zone = due.scheduleTimezone ?? 'UTC';
      const period = reportPeriodKey(
        due.notificationFrequency,
        latestReportSlot(due.notificationFrequency, now, zone).date,
      );
      // Keyed: two planners enqueue one job; the job's claim guards against any other.
      const data: ReportJobData = { reportId: due.id, period };
      if (await this.deps.queue.enqueue(REPORT_JOB, data, { key: `${due.id}:${period}` })) queued++;
      await this.deps.repo.advance(
        due.id,
        due.nextAt!,
        nextReportSlot(due.notificationFrequency, now, zone).at,
        now,
      );
    }
    return queued;
  }

  /**
   * The report job: claims the (report, period) row, computes the document from the owner's
   * default source, stores it, queues the mail (keyed, so a retry queues it once). A job that
   * finds its period claimed by another job does nothing.
   */
  async runJob(data: ReportJobData, job: JobInfo): Promise<void> {
    const owner = await this.deps.repo.findOwner(data.reportId);
    if (!owner?.report.profile) return;
    const { report } = owner;
    const manual = isManualPeriod(data.period);
    if (!manual && report.status !== 'Created' && report.status !== 'Running') return;
    const claim = await this.deps.repo.claim(report.id, data.period, job.id, this.deps.clock());
    if (claim.jobId !== job.id || claim.issuedAt) {
      this.deps.log.info({ report: report.id, period: data.period }, 'report already issued for this period');
      return;
    }
    const actor = actorOf({ ...owner, userId: report.userId, projectId: report.projectId });
    let doc: ReportDocument;
    try {
      await this.requireReport(actor, report.report);
      doc = await this.compute(actor, report);
      const summary = await summarise(doc, actor.language, String(report.profile?.business_name ?? ''), {
        llm: this.deps.options.llm,
        spend: aiInsightsQuota(this.deps.access, actor),
      });
      doc.sections.unshift({
        id: 'summary',
        heading: serverTexts(actor.language).report.summary,
        paragraphs: summary.paragraphs,
      });
      doc.facts.summary_by = summary.by;
    } catch (err) {
      // The owner lost the feature or has no source: nothing to send, nothing to retry.
      if (!(err instanceof DomainError)) throw err;
      this.deps.log.warn({ report: report.id, err: err.message }, 'report not issued');
      return;
    }
    const pngs = new Map<number, Buffer>();
    const svgs = new Map<number, string>();
    doc.sections.forEach((s, i) => {
      if (!s.chart || s.unsupported) return;
      try {
        pngs.set(i, renderChartPng(s.chart, REPORT_CHART_SIZE));
        svgs.set(i, renderChartSvg(s.chart, REPORT_CHART_SIZE));
      } catch (err) {
        this.deps.log.warn({ err }, 'report chart could not be drawn');
      }
    });
    const html = reportAppHtml(doc, (s) => svgs.get(doc.sections.indexOf(s)) ?? null);
    const mail = await reportMail(doc, pngs, {
      brand: this.deps.options.brand,
      language: owner.language,
      openUrl: `${this.deps.options.publicUrl}/intelligence-suite?report=${report.report}&issue=${claim.id}`,
    });
    const now = this.deps.clock();
    await this.deps.repo.markIssueDone(
      claim.id,
      { title: `${doc.title} — ${doc.subtitle}`, html, facts: doc.facts },
      now,
    );
    if (!manual) await this.deps.repo.touchLastIssued(report.id, now);
    await this.deps.mail.enqueue(
      {
        to: owner.email,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments,
      },
      { key: `report:${claim.id}` },
    );
  }

  /** The document of one issue, from the profile's source over the reporting period. */
  private async compute(actor: Actor, report: ReportRow): Promise<ReportDocument> {
    const profile = report.profile as unknown as TReportProfile;
    const source = await resolveReportSource(this.deps.sources, actor, profile.datasource_id);
    return analyseReport(this.deps.answers, source, {
      report: report.report,
      profile,
      sourceName: sourceName(source),
      frequency: report.notificationFrequency,
      reportingPeriod: report.reportingPeriod,
      today: dateIn(actor.timezone, this.deps.clock()),
      timezone: actor.timezone,
      language: actor.language,
    });
  }

  /** Every issue row of a report (tests, support). */
  listAllIssues(reportId: string) {
    return this.deps.repo.listAllIssues(reportId);
  }
}

/** A report's list entry; a report never saved has status null and the defaults. */
function toEntry(report: TReportName, row: ReportRow | null): TReportEntry {
  return {
    feature: reportFeature(report),
    status: row?.status ?? null,
    data: {
      LastIssued: row?.lastIssuedAt?.toISOString() ?? null,
      profile: row?.profile ?? null,
      notification_frequency: (row?.notificationFrequency ??
        REPORT_DEFAULTS.notification_frequency) as TReportFrequency,
      reporting_period: (row?.reportingPeriod ?? REPORT_DEFAULTS.reporting_period) as TReportingPeriod,
    },
  };
}
