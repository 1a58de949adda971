import { ASSISTANT_SCOPES, type TOAuthInteraction, type TOAuthRedirect } from '@parley/contract';
import type { Config } from '../../../config';
import type { AccessPolicy, Actor } from '../../../lib/access';
import { NotFound } from '../../../lib/errors';
import { assistantResources } from '../assistant-access';
import { clientKind } from './oauth-clients';
import type { OAuthServer } from './oauth-server';
import type { OidcInteraction, OidcProvider } from './oidc-types';

export interface OAuthInteractionsDeps {
  server: OAuthServer;
  access: AccessPolicy;
  config: Config;
  clock: () => Date;
}

const GONE = 'This sign-in request has expired or does not exist. Start linking again from the assistant.';
const ELSEWHERE =
  'This sign-in request was started in another browser. Start linking again from the assistant, in this browser.';

/** The requested scopes Parley knows, in request order (unknown ones are never granted). */
export function grantedScopes(requested: string | undefined): string[] {
  const known = new Set<string>(ASSISTANT_SCOPES);
  return [...new Set((requested ?? '').split(' ').filter((s) => known.has(s)))];
}

/**
 * The consent step of an authorisation request: what the sign-in screen shows, and the user's
 * answer handed back to the provider, which resumes at `returnTo` in the same browser (its
 * resume cookie binds the request to the browser that started it).
 */
export class OAuthInteractionsService {
  constructor(private readonly deps: OAuthInteractionsDeps) {}

  /** GET /api/v1/oauth/interaction/:uid; `started` is the browser's binding (interaction-cookie.ts). */
  async details(actor: Actor, uid: string, started: string | undefined): Promise<TOAuthInteraction> {
    await this.deps.access.requireAccess(actor, {});
    const { interaction, provider } = await this.find(uid, started);
    const clientId = String(interaction.params.client_id ?? '');
    const client = await provider.Client.find(clientId);
    if (!client) throw new NotFound(GONE);
    const redirect = String(interaction.params.redirect_uri ?? '');
    return {
      uid,
      client: {
        id: clientId,
        name: client.clientName ?? clientId,
        kind: clientKind(this.deps.config, clientId),
        uri: client.clientUri ?? null,
        logo_uri: client.logoUri ?? null,
      },
      scopes: grantedScopes(interaction.params.scope),
      resource: interaction.params.resource ?? null,
      redirect_host: URL.canParse(redirect) ? new URL(redirect).host : '',
    };
  }

  /** POST …/consent: the signed-in user links the client with the scopes it asked for. */
  async consent(actor: Actor, uid: string, started: string | undefined): Promise<TOAuthRedirect> {
    await this.deps.access.requireAccess(actor, {});
    const { interaction, provider } = await this.find(uid, started);
    const grant = new provider.Grant({
      accountId: actor.userId,
      clientId: String(interaction.params.client_id),
    });
    const resource =
      interaction.params.resource ?? assistantResources(this.deps.config.PUBLIC_URL).assistants;
    const scopes = grantedScopes(interaction.params.scope);
    if (scopes.length) grant.addResourceScope(resource, scopes.join(' '));
    if ((interaction.params.scope ?? '').split(' ').includes('offline_access'))
      grant.addOIDCScope('offline_access');
    const grantId = await grant.save();
    return this.finish(interaction, { login: { accountId: actor.userId }, consent: { grantId } });
  }

  /** POST …/deny: the client gets error=access_denied at its redirect URI. */
  async deny(actor: Actor, uid: string, started: string | undefined): Promise<TOAuthRedirect> {
    await this.deps.access.requireAccess(actor, {});
    const { interaction } = await this.find(uid, started);
    return this.finish(interaction, {
      error: 'access_denied',
      error_description: 'The user did not allow the link.',
    });
  }

  private async finish(
    interaction: OidcInteraction,
    result: Record<string, unknown>,
  ): Promise<TOAuthRedirect> {
    interaction.result = result;
    // The provider stamps its records with the real time, not the app's clock.
    const left = interaction.exp - Math.floor(Date.now() / 1000);
    if (left <= 0) throw new NotFound(GONE);
    await interaction.save(left);
    return { redirect: interaction.returnTo };
  }

  private async find(
    uid: string,
    started: string | undefined,
  ): Promise<{ interaction: OidcInteraction; provider: OidcProvider }> {
    const provider = await this.deps.server.provider();
    const interaction = await provider.Interaction.find(uid);
    // A request already answered is not answered twice (its result is waiting for the browser).
    if (!interaction || interaction.result) throw new NotFound(GONE);
    // Only the browser that started the request may answer it; the provider resumes only there too.
    if (started !== uid) throw new NotFound(ELSEWHERE);
    return { interaction, provider };
  }
}
