import type { JobDefinition } from '../../lib/queue';
import { DIGEST_JOB, DIGEST_PLAN_JOB, type DigestJobData, type DigestService } from './digest.service';

/**
 * One collection's digest of one period. Retried with backoff (a source that is down now may
 * answer in a minute); a job whose process died runs again after 10 minutes and finds its own
 * claim, so the digest still goes out once.
 */
export const digestJob = (digests: DigestService): JobDefinition<DigestJobData> => ({
  name: DIGEST_JOB,
  handler: (data, job) => digests.run(data, job),
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
});

/** The planner's tick, scheduled every minute (jobs/start-worker.ts): enqueues due digests. */
export const digestPlanJob = (digests: DigestService): JobDefinition<null> => ({
  name: DIGEST_PLAN_JOB,
  handler: async () => {
    await digests.plan();
  },
  // A missed tick is covered by the next one.
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});
