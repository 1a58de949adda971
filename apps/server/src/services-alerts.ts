import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AccessPolicy } from './lib/access';
import type { JobQueue } from './lib/queue';
import type { MailService } from './mail/mail.service';
import type { AlertChannel } from './modules/alerts/alert-channel';
import type { AlertEvaluator } from './modules/alerts/alert-check';
import { AlertEvaluatorImpl } from './modules/alerts/alert-evaluator';
import { AlertMuteLinks } from './modules/alerts/alert-mute';
import { alertJob, alertPlanJob } from './modules/alerts/alerts.job';
import { AlertsRepository } from './modules/alerts/alerts.repository';
import { AlertRunner } from './modules/alerts/alerts.runner';
import { AlertsService } from './modules/alerts/alerts.service';
import type { AnswerService } from './modules/answers/answers.service';
import type { SourceResolver } from './modules/datasources/source-resolver';
import type { NotificationsService } from './modules/notifications/notifications.service';

/** Alerts: the API's service, the runner that checks and delivers, their jobs. */
export function buildAlertServices(deps: {
  config: Config;
  database: Database;
  queue: JobQueue;
  access: AccessPolicy;
  sources: SourceResolver;
  answers: AnswerService;
  notifications: NotificationsService;
  mail: MailService;
  /** Tests of the runner hand a double; by default the evaluator of modules/alerts. */
  evaluator?: AlertEvaluator;
  channels?: readonly AlertChannel[];
  log: FastifyBaseLogger;
  clock: () => Date;
}) {
  const { config, database, queue, log, clock } = deps;
  const repo = new AlertsRepository(database.db);
  const mute = new AlertMuteLinks({ secret: config.SESSION_SECRET, publicUrl: config.PUBLIC_URL });
  const alerts = new AlertsService({
    repo,
    access: deps.access,
    sources: deps.sources,
    answers: deps.answers,
    queue,
    mute,
    clock,
  });
  const alertRunner = new AlertRunner({
    repo,
    evaluator:
      deps.evaluator ?? new AlertEvaluatorImpl({ answers: deps.answers, sources: deps.sources, log }),
    notifications: deps.notifications,
    mail: deps.mail,
    mute,
    options: { brand: config.BRAND_NAME, publicUrl: config.PUBLIC_URL },
    channels: deps.channels,
    log,
    clock,
  });
  queue.define(alertJob(alertRunner));
  queue.define(alertPlanJob(alerts, alertRunner));
  return { alerts, alertRunner, alertsRepo: repo };
}
