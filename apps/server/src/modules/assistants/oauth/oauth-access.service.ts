import type { Config } from '../../../config';
import { type Actor, actorOfUser } from '../../../lib/access';
import { DEFAULT_PROJECT } from '../../projects/project-url';
import type { AccessRefusal, AssistantAccess, AssistantPrincipal } from '../assistant-access';
import type { OAuthRepository } from './oauth.repository';
import { clientKind } from './oauth-clients';
import type { OAuthServer } from './oauth-server';

export interface OAuthAccessDeps {
  server: OAuthServer;
  repo: OAuthRepository;
  config: Config;
  clock: () => Date;
}

/** A grant's last use is written at most this often: not a write per request. */
const TOUCH_MS = 60_000;

/** Scopes a token carries, widened: Alexa's and MSBot's legacy `email` scope means asking and reading collections. */
export function effectiveScopes(kind: string, scopes: readonly string[]): Set<string> {
  const out = new Set(scopes);
  if (kind !== 'mcp' && out.has('email')) {
    out.add('ask');
    out.add('collections:read');
  }
  return out;
}

/**
 * AssistantAccess over the authorisation server's store. Nothing is cached: a revoked link's
 * rows are gone, so its next request is refused at once.
 */
export class OAuthAccessService implements AssistantAccess {
  constructor(private readonly deps: OAuthAccessDeps) {}

  async verify(
    token: string | undefined,
    need: { resource: string; scope?: string },
  ): Promise<AssistantPrincipal | AccessRefusal> {
    if (!token) return { refused: 'missing' };
    const provider = await this.deps.server.provider();
    const found = await provider.AccessToken.find(token).catch(() => undefined);
    if (!found || found.isExpired) return { refused: 'invalid' };
    const grant = await provider.Grant.find(found.grantId);
    if (!grant || grant.accountId !== found.accountId) return { refused: 'invalid' };
    const audience = Array.isArray(found.aud) ? found.aud : [found.aud];
    if (!audience.includes(need.resource)) return { refused: 'invalid' };
    const kind = clientKind(this.deps.config, found.clientId);
    const scopes = (found.scope ?? '').split(' ').filter(Boolean);
    if (need.scope && !effectiveScopes(kind, scopes).has(need.scope)) {
      return { refused: 'insufficient_scope', scope: need.scope };
    }
    const now = this.deps.clock();
    await this.deps.repo.touchGrant(found.grantId, now, new Date(now.getTime() - TOUCH_MS));
    return {
      userId: found.accountId,
      clientId: found.clientId,
      kind,
      grantId: found.grantId,
      scopes,
      resource: need.resource,
    };
  }

  async actor(principal: AssistantPrincipal): Promise<Actor | null> {
    const found = await this.deps.repo.findUser(principal.userId);
    if (!found?.projects.length) return null;
    const { user, projects } = found;
    // The project a request on the bare host would be in, else the first the user belongs to.
    const projectId = projects.includes(DEFAULT_PROJECT) ? DEFAULT_PROJECT : projects[0]!;
    return actorOfUser(user, projectId);
  }
}
