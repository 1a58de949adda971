import type { FastifyBaseLogger } from 'fastify';
import type { AlertNoticeKind } from '../../db/schema';
import { actorOf } from '../../lib/access';
import { renderChartPng } from '../../mail/chart-image';
import type { MailService } from '../../mail/mail.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { AlertChannel } from './alert-channel';
import type { AlertCheck, AlertDefinition, AlertEvaluator } from './alert-check';
import type { AlertMuteLinks } from './alert-mute';
import { ALERT_CHART_SIZE, alertChartOption, alertMail, type MetCheck, noticeText } from './alert-notice';
import { transition } from './alert-schedule';
import type { AlertRunRow, AlertsRepository, AlertWithOwner } from './alerts.repository';

/** A run claimed this long ago and not done is taken to be dead: the next runner delivers it. */
export const ALERT_LEASE_MS = 10 * 60_000;

/** What one run of an alert did. */
export type RunOutcome = 'skipped' | 'not_ready' | 'already' | 'quiet' | 'delivered';

export interface AlertRunnerDeps {
  repo: AlertsRepository;
  evaluator: AlertEvaluator;
  notifications: NotificationsService;
  mail: MailService;
  mute: AlertMuteLinks;
  options: { brand: string; publicUrl: string };
  /** Where notices also go (a linked Teams chat); none by default. */
  channels?: readonly AlertChannel[];
  log: FastifyBaseLogger;
  clock: () => Date;
}

/** The alert as the evaluator reads it. */
export function definitionOf({ alert }: AlertWithOwner): AlertDefinition {
  const { id, userId, projectId, phrase, datasourceId, query, condition, schedule } = alert;
  return { id, userId, projectId, phrase, datasourceId, query, condition, schedule };
}

/** Where a notice opens the alert's card: the conversation screen asking its phrase. */
export const cardLink = (phrase: string) => `/conversation?q=${encodeURIComponent(phrase)}`;

/**
 * Runs alerts exactly once per (alert, period): evaluate → claim the period and change the state
 * in one transaction, storing the notices it decided (the outbox) → deliver each by a key of the
 * run (the notification's dedupe key, the mail's queue key) → mark done. A run left claimed past
 * the lease is taken over and delivered again under the same keys, so nothing is told twice.
 */
export class AlertRunner {
  constructor(private readonly deps: AlertRunnerDeps) {}

  /** One scheduled (or after-sync) check of an alert. */
  async run(alertId: string): Promise<RunOutcome> {
    const found = await this.deps.repo.findWithOwner(alertId);
    const now = this.deps.clock();
    if (!found) return 'skipped';
    await this.takeOver(found);
    const { alert } = found;
    if (alert.paused || (alert.snoozedUntil && alert.snoozedUntil > now)) return 'skipped';
    const check = await this.deps.evaluator.check(definitionOf(found), actorOf(found.owner), now);
    if (check.status === 'not_ready') return 'not_ready';
    const run = await this.claim(found, check, now);
    if (!run) return 'already';
    if (run.status === 'done') return 'quiet';
    await this.deliver(run, found);
    return 'delivered';
  }

  /**
   * The claim step: the (alert, period) row, the state change and the notices to send, in one
   * transaction. A failure has no period: it is keyed by the instant, and the row lock lets
   * only the first runner of a failing streak decide to tell.
   */
  claim(found: AlertWithOwner, check: Exclude<AlertCheck, { status: 'not_ready' }>, now: Date) {
    const periodKey = check.status === 'failed' ? `failed:${now.toISOString()}` : check.period.key;
    return this.deps.repo.claim({
      alertId: found.alert.id,
      periodKey,
      outcome: check.status,
      check: check as unknown as Record<string, unknown>,
      now,
      decide: (state, lastJudged) => transition(state, check.status, lastJudged),
    });
  }

  /**
   * The planner's sweep: delivers every run left claimed past the lease, whatever its alert's
   * schedule, so a monthly alert's notice is not held until its next month. Answers how many alerts.
   */
  async takeOverAll(): Promise<number> {
    const now = this.deps.clock();
    const ids = await this.deps.repo.staleClaims(new Date(now.getTime() - ALERT_LEASE_MS));
    for (const id of ids) {
      const found = await this.deps.repo.findWithOwner(id);
      if (found) await this.takeOver(found);
    }
    return ids.length;
  }

  /** Delivers the runs of this alert whose process died after claiming. */
  private async takeOver(found: AlertWithOwner): Promise<void> {
    const stale = await this.deps.repo.takeOverStale(found.alert.id, this.deps.clock(), ALERT_LEASE_MS);
    for (const run of stale) {
      this.deps.log.info({ alert: found.alert.id, period: run.periodKey }, 'alert run taken over');
      await this.deliver(run, found);
    }
  }

  /** The outbox of a run: every notice to the app, the mail and the channels, each keyed by the run. */
  async deliver(run: AlertRunRow, found: AlertWithOwner): Promise<void> {
    for (const kind of run.notices) await this.deliverOne(run, kind, found);
    await this.deps.repo.markDone(run.id, this.deps.clock());
  }

  private async deliverOne(run: AlertRunRow, kind: AlertNoticeKind, found: AlertWithOwner): Promise<void> {
    const { alert, owner } = found;
    const key = `alert:${run.id}:${kind}`;
    const check = run.check as unknown as MetCheck | { status: 'failed'; reason: string };
    const link = cardLink(alert.phrase);
    const input = { kind, phrase: alert.phrase, language: owner.language, check, link };
    const notice = noticeText(input);
    await this.deps.notifications.add({
      userId: owner.userId,
      kind: 'alert',
      title: notice.title,
      text: notice.lines.join('\n'),
      link,
      dedupeKey: key,
    });
    const openUrl = `${this.deps.options.publicUrl}${link}`;
    const chart = check.status === 'met' && check.series.length > 1 ? this.paint(check) : null;
    const mail = alertMail({
      ...input,
      brand: this.deps.options.brand,
      openUrl,
      muteUrl: this.deps.mute.url(alert.id),
      chart,
    });
    await this.deps.mail.enqueue({ to: owner.email, ...mail }, { key });
    for (const channel of this.deps.channels ?? []) {
      try {
        await channel.deliver({ key, userId: owner.userId, language: owner.language, ...notice, openUrl });
      } catch (err) {
        this.deps.log.warn({ err, channel: channel.name }, 'alert not delivered to a channel');
      }
    }
  }

  private paint(check: MetCheck): Buffer | null {
    try {
      return renderChartPng(alertChartOption(check.series), ALERT_CHART_SIZE);
    } catch (err) {
      this.deps.log.warn({ err }, 'alert chart could not be drawn');
      return null;
    }
  }
}
