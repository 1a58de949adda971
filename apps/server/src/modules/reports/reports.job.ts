import type { JobDefinition } from '../../lib/queue';
import { REPORT_JOB, REPORT_PLAN_JOB, type ReportJobData, type ReportsService } from './reports.service';

/**
 * One report issue. Retried with backoff (a source that is down now may answer later); a job
 * whose process died runs again after 15 minutes and finds its own claim, so the issue goes out once.
 */
export const reportJob = (reports: ReportsService): JobDefinition<ReportJobData> => ({
  name: REPORT_JOB,
  handler: (data, job) => reports.runJob(data, job),
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 15 * 60,
});

/** The planner's tick, scheduled every minute (jobs/start-worker.ts): enqueues due issues. */
export const reportPlanJob = (reports: ReportsService): JobDefinition<null> => ({
  name: REPORT_PLAN_JOB,
  handler: async () => {
    await reports.plan();
  },
  // A missed tick is covered by the next one.
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});
