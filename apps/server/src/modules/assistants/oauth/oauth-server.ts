import { resolvePublicHost } from '@parley/connectors';
import { ASSISTANT_SCOPES } from '@parley/contract';
import { escapeHtml } from '@parley/presenter';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import { assistantResources } from '../assistant-access';
import { bindInteraction, type CookieContext } from './interaction-cookie';
import type { OAuthRepository } from './oauth.repository';
import { databaseAdapter } from './oauth-adapter';
import { clientKind, configuredClients, providerKeys } from './oauth-clients';
import type { OidcInteraction, OidcProvider, OidcProviderClass } from './oidc-types';

/** Lifetimes (seconds): codes are single-use and short, access tokens an hour, links until revoked. */
export const OAUTH_TTL = {
  AuthorizationCode: 300,
  AccessToken: 3600,
  RefreshToken: 90 * 86_400,
  Grant: 2 * 365 * 86_400,
  Interaction: 15 * 60,
  Session: 15 * 60,
  RegistrationAccessToken: 30 * 86_400,
} as const;

/** Every endpoint of the provider lives under /oauth, the only prefix mounted (OpenID-only ones are switched off). */
const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  revocation: '/oauth/revoke',
  registration: '/oauth/register',
  jwks: '/oauth/jwks',
  userinfo: '/oauth/userinfo',
  introspection: '/oauth/introspect',
  end_session: '/oauth/logout',
  pushed_authorization_request: '/oauth/par',
  device_authorization: '/oauth/device/auth',
  code_verification: '/oauth/device',
  backchannel_authentication: '/oauth/backchannel',
  challenge: '/oauth/challenge',
  credential: '/oauth/credential',
};

export interface OAuthServerDeps {
  config: Config;
  repo: OAuthRepository;
  log: FastifyBaseLogger;
  clock: () => Date;
  /**
   * Tests only (a build option): how Client ID Metadata Documents are fetched, so a test can
   * serve one from a local server. Production fetches over https with the private-host guard.
   */
  metadataFetch?: typeof fetch;
}

/** The assistant sign-in screen's URL for an interaction (spec 1 §2.4 parameters + the interaction uid). */
export function loginUrl(kind: string, interaction: Pick<OidcInteraction, 'uid' | 'params'>): string {
  const p = interaction.params;
  const query = new URLSearchParams({ client: kind });
  for (const key of ['client_id', 'redirect_uri', 'state', 'scope', 'response_type'] as const) {
    if (p[key] !== undefined) query.set(key, String(p[key]));
  }
  query.set('interaction', interaction.uid);
  return `/login?${query}`;
}

/**
 * Parley's OAuth 2.1 authorisation server: oidc-provider, configured for assistants (no OpenID
 * features, opaque tokens bound to a resource, PKCE always) and built on first use, so importing
 * it costs nothing to processes that never see an assistant.
 */
export class OAuthServer {
  private built: Promise<OidcProvider> | null = null;

  constructor(private readonly deps: OAuthServerDeps) {}

  provider(): Promise<OidcProvider> {
    this.built ??= this.build();
    return this.built;
  }

  private async build(): Promise<OidcProvider> {
    const mod = await importQuietly(this.deps.log);
    const provider = new mod.default(this.deps.config.PUBLIC_URL, this.configuration(mod.errors));
    // Behind a proxy the public scheme is in X-Forwarded-Proto: secure cookies need it.
    provider.proxy = this.deps.config.TRUST_PROXY !== false;
    provider.on('server_error', (_ctx, err) => this.deps.log.error({ err }, 'oauth: server error'));
    return provider;
  }

  private configuration(errors: OidcErrors): Record<string, unknown> {
    const { config, repo, clock } = this.deps;
    const keys = providerKeys(config.SESSION_SECRET);
    const short = { signed: true, httpOnly: true, sameSite: 'lax' };
    return {
      adapter: databaseAdapter(repo, clock),
      clients: configuredClients(config).map((c) => c.client),
      clientDefaults: {
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        id_token_signed_response_alg: 'EdDSA',
      },
      jwks: { keys: [keys.jwk] },
      cookies: { keys: keys.cookieKeys, long: short, short },
      responseTypes: ['code'],
      scopes: ['offline_access'],
      findAccount: async (_ctx: unknown, id: string) =>
        (await repo.findUser(id)) ? { accountId: id, claims: async () => ({ sub: id }) } : undefined,
      features: this.features(errors),
      // Consent re-checks every scope each time; public clients cannot skip it.
      extraClientMetadata: {
        properties: ['software_id'],
        validator: (
          ctx: { oidc?: { route?: string } } | undefined,
          _key: string,
          _v: unknown,
          meta: Record<string, unknown>,
        ) => {
          if (ctx?.oidc?.route === 'registration' && meta.token_endpoint_auth_method !== 'none') {
            throw new errors.InvalidClientMetadata(
              'only public clients (token_endpoint_auth_method none) may register',
            );
          }
        },
      },
      fetch: this.fetcher(),
      fetchResponseBodyLimits: { 'client_id metadata document': 5 * 1024 },
      pkce: { required: () => true },
      ttl: { ...OAUTH_TTL },
      rotateRefreshToken: () => true,
      issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(t: string): boolean }) =>
        client.grantTypeAllowed('refresh_token'),
      // Tokens outlive the browser sign-in: an assistant's link lasts until revoked.
      expiresWithSession: async () => false,
      // Every authorisation goes through Parley's consent (never a remembered one).
      loadExistingGrant: async (ctx: {
        oidc: { result?: { consent?: { grantId?: string } }; provider: OidcProvider };
      }) => {
        const id = ctx.oidc.result?.consent?.grantId;
        return id ? ctx.oidc.provider.Grant.find(id) : undefined;
      },
      interactions: {
        url: async (ctx: CookieContext, interaction: OidcInteraction) => {
          bindInteraction(ctx, interaction.uid, OAUTH_TTL.Interaction);
          return loginUrl(clientKind(config, String(interaction.params.client_id ?? '')), interaction);
        },
      },
      // Token requests from browser-based MCP clients are allowed; they carry a code and a verifier.
      clientBasedCORS: () => true,
      renderError: async (ctx: { type: string; body: string }, out: Record<string, string>) => {
        ctx.type = 'html';
        ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><h1>This sign-in request cannot continue</h1><p>${escapeHtml(out.error_description ?? out.error ?? 'error')}</p></body></html>`;
      },
      routes: OAUTH_ROUTES,
    };
  }

  /** Plain OAuth 2.1 for assistants: no OpenID features; resource-bound tokens; metadata-document clients. */
  private features(errors: OidcErrors): Record<string, unknown> {
    const resources = assistantResources(this.deps.config.PUBLIC_URL);
    const allowed = new Set([resources.assistants, resources.mcp]);
    return {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: false },
      introspection: { enabled: false },
      revocation: {
        enabled: true,
        // A client revokes only its own tokens; another's is ignored (RFC 7009 answers 200 either way).
        allowedPolicy: async (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) =>
          token.clientId === client.clientId,
      },
      registration: { enabled: true, initialAccessToken: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resources.assistants,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, indicator: string) => {
          if (!allowed.has(indicator)) throw new errors.InvalidTarget();
          return {
            scope: ASSISTANT_SCOPES.join(' '),
            audience: indicator,
            accessTokenTTL: OAUTH_TTL.AccessToken,
            accessTokenFormat: 'opaque',
          };
        },
      },
      clientIdMetadataDocument: {
        enabled: true,
        // The draft this oidc-provider implements, acknowledged (a newer one is a visible upgrade).
        ack: 'draft-02',
        allowFetch: async (_ctx: unknown, id: string) => this.mayFetch(id),
        cacheDuration: { min: 60, max: 3600 },
      },
    };
  }

  /** A metadata document's host must be public unless ALLOW_PRIVATE_HOSTS (the connectors' guard). */
  private async mayFetch(id: string): Promise<boolean> {
    if (this.deps.metadataFetch) return true; // the test's fetch decides where it goes
    try {
      await resolvePublicHost(new URL(id).hostname, {
        allowPrivateHosts: this.deps.config.ALLOW_PRIVATE_HOSTS,
      });
      return true;
    } catch {
      return false;
    }
  }

  private fetcher(): typeof fetch {
    if (this.deps.metadataFetch) return this.deps.metadataFetch;
    const allowPrivate = this.deps.config.ALLOW_PRIVATE_HOSTS;
    return (url, init) => {
      // The provider's own dispatcher refuses special-use addresses; the operator may allow them.
      if (allowPrivate && init) delete (init as { dispatcher?: unknown }).dispatcher;
      return fetch(url, init);
    };
  }
}

interface OidcErrors {
  InvalidTarget: new (description?: string) => Error;
  InvalidClientMetadata: new (description?: string) => Error;
}

/**
 * Imports oidc-provider with its start-up notices (it names Node 20 unsupported, though it runs
 * on it) sent to the app's log at debug instead of the console.
 */
async function importQuietly(
  log: FastifyBaseLogger,
): Promise<{ default: OidcProviderClass; errors: OidcErrors }> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => log.debug({ notice: args.join(' ') }, 'oauth: library notice');
  try {
    const name = 'oidc-provider';
    return (await import(name)) as { default: OidcProviderClass; errors: OidcErrors };
  } finally {
    console.warn = warn;
  }
}
