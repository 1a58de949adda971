import type { JobDefinition } from '../../lib/queue';
import { ATTEMPTS_PRUNE_JOB, type AuthService } from './auth.service';

/** Scheduled hourly (jobs/start-worker.ts): sign-in counters would otherwise grow for ever. */
export const attemptsPruneJob = (auth: AuthService): JobDefinition<null> => ({
  name: ATTEMPTS_PRUNE_JOB,
  handler: async () => {
    await auth.pruneAttempts();
  },
  // A missed run is covered by the next one.
  retryLimit: 0,
  expireInSeconds: 10 * 60,
});
