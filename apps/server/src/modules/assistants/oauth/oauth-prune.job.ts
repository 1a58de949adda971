import type { JobDefinition } from '../../../lib/queue';
import type { OAuthRepository } from './oauth.repository';

export const OAUTH_PRUNE_JOB = 'oauth-prune';

/** Scheduled hourly (jobs/start-worker.ts): expired codes, tokens and interactions would otherwise stay. */
export const oauthPruneJob = (repo: OAuthRepository, clock: () => Date): JobDefinition<null> => ({
  name: OAUTH_PRUNE_JOB,
  handler: async () => {
    await repo.prune(clock());
  },
  // A missed run is covered by the next one.
  retryLimit: 0,
  expireInSeconds: 10 * 60,
});
