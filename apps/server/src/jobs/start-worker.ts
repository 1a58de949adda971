import { ALERT_PLAN_JOB } from '../modules/alerts/alerts.service';
import { OAUTH_PRUNE_JOB } from '../modules/assistants/oauth/oauth-prune.job';
import { ATTEMPTS_PRUNE_JOB } from '../modules/auth/auth.service';
import { BILLING_RENEWALS_JOB } from '../modules/billing/subscriptions.service';
import { DATASOURCE_SYNC_TICK_JOB } from '../modules/datasources/source-sync';
import { DIGEST_PLAN_JOB } from '../modules/digests/digest.service';
import { REPORT_PLAN_JOB } from '../modules/reports/reports.service';
import type { Services } from '../services';

/** A cron schedule of the app: enqueues its job once per slot, whichever process sees it first. */
interface Schedule {
  name: string;
  cron: string;
}

/**
 * The app's schedules. Digests are planned by one tick a minute rather than a cron per
 * collection: pg-boss 10 keeps one schedule per queue, and a tick re-reads each collection's
 * frequency and its owner's time zone, so changes need no re-registration (DigestService.plan).
 */
const SCHEDULES: Schedule[] = [
  // Sign-in counters and known addresses no limit reads any more (modules/auth).
  { name: ATTEMPTS_PRUNE_JOB, cron: '17 * * * *' },
  // Expired OAuth codes, tokens and sign-in requests of assistants (modules/assistants/oauth).
  { name: OAUTH_PRUNE_JOB, cron: '23 * * * *' },
  { name: DIGEST_PLAN_JOB, cron: '* * * * *' },
  // Alerts due in their owner's zone, planned like digests by one tick (modules/alerts).
  { name: ALERT_PLAN_JOB, cron: '* * * * *' },
  // Intelligence Suite reports due at 09:00 in their owner's zone (modules/reports).
  { name: REPORT_PLAN_JOB, cron: '* * * * *' },
  // Scheduled plan changes, trial ends and renewals of accounts nobody opened (modules/billing).
  { name: BILLING_RENEWALS_JOB, cron: '*/10 * * * *' },
  // Copied sources (Formbricks) read what changed at the source (modules/datasources).
  { name: DATASOURCE_SYNC_TICK_JOB, cron: '*/10 * * * *' },
];

/** Starts this process's worker: runs every defined job and registers the schedules. */
export async function startWorker(services: Services): Promise<void> {
  await services.queue.work();
  for (const s of SCHEDULES) await services.queue.schedule(s.name, s.cron, { tz: 'UTC' });
}
