import type { JobDefinition } from '../../lib/queue';
import type { AlertRunner } from './alerts.runner';
import { ALERT_JOB, ALERT_PLAN_JOB, type AlertJobData, type AlertsService } from './alerts.service';

/**
 * One check of one alert. Retried with backoff (a source down now may answer in a minute); a job
 * whose process died runs again after its expiry and finds the period claimed or takes it over.
 */
export const alertJob = (runner: AlertRunner): JobDefinition<AlertJobData> => ({
  name: ALERT_JOB,
  handler: async (data) => {
    await runner.run(data.alertId);
  },
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
});

/** The planner's tick, every minute (jobs/start-worker.ts): enqueues due alerts, sweeps runs a dead process left claimed. */
export const alertPlanJob = (alerts: AlertsService, runner: AlertRunner): JobDefinition<null> => ({
  name: ALERT_PLAN_JOB,
  handler: async () => {
    await alerts.plan();
    await runner.takeOverAll();
  },
  // A missed tick is covered by the next one.
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});
