import type { TOAuthAccess } from '@parley/connectors';

/**
 * Where a caller of an OAuth source's API (a connector) gets the source's Bearer token, refreshed
 * ahead of expiry and once more after a refusal. The OAuth service implements it; callers hold
 * only this, so they neither build nor see the service that signs in.
 */
export interface OAuthTokenProvider {
  /** The Bearer access of one stored OAuth source, by source id. */
  accessFor(sourceId: string): TOAuthAccess;
}
