import { randomUUID } from 'node:crypto';
import {
  ConnectorError,
  getDescriptor,
  type TAnyConnectorDescriptor,
  type TOAuthAccess,
} from '@parley/connectors';
import type { TDatasourceRedirectQuery } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { Config } from '../../config';
import type { AccessPolicy, Actor } from '../../lib/access';
import type { SecretBox } from '../../lib/crypto';
import { Invalid, NotFound } from '../../lib/errors';
import { isLoopbackIssuer } from '../auth/oidc.service';
import type { DatasourcesRepository } from './datasources.repository';
import type { OAuthTokenProvider } from './oauth-token-provider';
import { openConfig, sealConfig } from './source-config';

/** The scope Google Analytics asks consent for (its descriptor's `oauth.scope`), for tests playing Google. */
export { GA4_SCOPE } from '@parley/connectors';
/** A token is refreshed this long before it expires, so no call goes out with a dying token. */
export const REFRESH_AHEAD_MS = 60_000;

/** What the short-lived, signed state cookie carries from the redirect to the callback. */
export interface DatasourceOAuthPending {
  state: string;
  codeVerifier: string;
  type: string;
  /** The revoked source being reconnected, or null for a new one. */
  datasourceId: string | null;
  userId: string;
  projectId: string;
}

export interface DatasourceOAuthDeps {
  config: Config;
  repo: DatasourcesRepository;
  box: SecretBox;
  access: AccessPolicy;
  log: FastifyBaseLogger;
  clock: () => Date;
}

/** Told the id of a source whose grant changed (reconnected or revoked): what was open with the old one goes. */
export type GrantChangeListener = (sourceId: string) => void;

interface Ga4Tokens {
  access_token: string;
  refresh_token: string;
  expires_at: string;
}

/**
 * OAuth data sources (Google Analytics): consent through the GOOGLE_ISSUER provider
 * (authorization code + PKCE + state, offline access, consent prompted so a refresh token comes
 * back), tokens sealed at rest, refreshed ahead of expiry; a refused grant (invalid_grant) turns
 * the source revoked. Tokens never leave this class except as the Bearer of an API call.
 */
export class DatasourceOAuthService implements OAuthTokenProvider {
  private discovered: Promise<client.Configuration> | null = null;
  /** One refresh at a time per source: concurrent questions share it. */
  private readonly refreshing = new Map<string, Promise<Ga4Tokens>>();
  private readonly grantListeners: GrantChangeListener[] = [];

  constructor(private readonly deps: DatasourceOAuthDeps) {}

  /** Calls `listener` whenever a stored source's grant changes (services.ts: the resolver forgets it). */
  onGrantChanged(listener: GrantChangeListener): void {
    this.grantListeners.push(listener);
  }

  private grantChanged(id: string): void {
    for (const listener of this.grantListeners) listener(id);
  }

  get redirectUri(): string {
    return `${this.deps.config.PUBLIC_URL}/api/v1/datasource/callback`;
  }

  /** The consent URL for `query.type`, and what the callback must check. */
  async start(
    actor: Actor,
    query: TDatasourceRedirectQuery,
  ): Promise<{ url: string; pending: DatasourceOAuthPending }> {
    await this.deps.access.requireAccess(actor, { feature: 'SETTINGS_DATASOURCE' });
    const descriptor = getDescriptor(query.type);
    const scope = descriptor.connect === 'oauth' ? descriptor.oauth?.scope : undefined;
    if (!scope)
      throw new Invalid(`Invalid field type: ${query.type} data sources are not connected by signing in.`);
    if (query.datasource_id) {
      const row = await this.deps.repo.findOwned(actor, query.datasource_id);
      if (!row || row.type !== query.type) throw new NotFound('Data source not found!');
    }
    const configuration = await this.configuration();
    const pending: DatasourceOAuthPending = {
      state: client.randomState(),
      codeVerifier: client.randomPKCECodeVerifier(),
      type: query.type,
      datasourceId: query.datasource_id ?? null,
      userId: actor.userId,
      projectId: actor.projectId,
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope,
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
    });
    return { url: url.href, pending };
  }

  /**
   * The provider's answer: the code is exchanged (PKCE, state checked first) and the tokens are
   * sealed into a new source, or into the revoked one being reconnected. Answers the source id,
   * or null when the provider answered an error (declined at the consent screen; nothing stored).
   */
  async finish(
    actor: Actor,
    callbackQuery: string,
    pending: DatasourceOAuthPending | null,
  ): Promise<string | null> {
    await this.deps.access.requireAccess(actor, { feature: 'SETTINGS_DATASOURCE' });
    const params = new URLSearchParams(callbackQuery.replace(/^\?/, ''));
    // Declined or failed at the provider: nothing is exchanged or stored, so the state need not
    // match (a consent left open past the state cookie's 10 minutes still lands on the screen).
    if (params.get('error')) return null;
    if (!pending || pending.userId !== actor.userId || pending.projectId !== actor.projectId)
      throw new Invalid('Invalid field state: the sign-in expired or was started elsewhere. Connect again.');
    if (params.get('state') !== pending.state)
      throw new Invalid(
        'Invalid field state: it does not match the sign-in that was started. Connect again.',
      );
    const configuration = await this.configuration();
    let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
    try {
      tokens = await client.authorizationCodeGrant(configuration, new URL(`${this.redirectUri}?${params}`), {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        idTokenExpected: false,
      });
    } catch (error) {
      this.deps.log.warn({ reason: reasonOf(error) }, 'data source sign-in refused');
      throw new Invalid('Google refused the sign-in. Connect again.');
    }
    const descriptor = getDescriptor(pending.type);
    const values: Ga4Tokens = {
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? '',
      expires_at: this.expiresAt(tokens.expiresIn()),
    };
    const now = this.deps.clock();
    if (pending.datasourceId) {
      const row = await this.deps.repo.findOwned(actor, pending.datasourceId);
      if (!row || row.type !== pending.type) throw new NotFound('Data source not found!');
      const { secrets } = sealConfig(descriptor, { ...values }, row.id, this.deps.box);
      await this.deps.repo.update(row.id, { status: 'active', secrets }, now);
      this.grantChanged(row.id);
      return row.id;
    }
    const id = randomUUID();
    await this.deps.repo.insert(actor, {
      id,
      type: descriptor.type,
      name: descriptor.name,
      ...sealConfig(descriptor, { ...values }, id, this.deps.box),
      selectedAccount: null,
      accounts: [],
      now,
    });
    return id;
  }

  /** The Bearer source of a stored OAuth source, handed to its connector by the resolver. */
  accessFor(id: string): TOAuthAccess {
    return {
      token: async () => {
        const tokens = await this.tokens(id);
        if (Date.parse(tokens.expires_at) - REFRESH_AHEAD_MS > this.deps.clock().getTime())
          return tokens.access_token;
        return (await this.refresh(id)).access_token;
      },
      refresh: async () => (await this.refresh(id)).access_token,
    };
  }

  private async tokens(id: string): Promise<Ga4Tokens> {
    return (await this.stored(id)).tokens;
  }

  /** A source's tokens and the descriptor that seals them; 'revoked' when there are none. */
  private async stored(id: string): Promise<{ descriptor: TAnyConnectorDescriptor; tokens: Ga4Tokens }> {
    const row = await this.deps.repo.findById(id);
    if (!row || row.status === 'revoked' || !row.secrets)
      throw new ConnectorError('revoked', 'Access to this data source was revoked.');
    return {
      descriptor: getDescriptor(row.type),
      tokens: openConfig(row, this.deps.box) as unknown as Ga4Tokens,
    };
  }

  private refresh(id: string): Promise<Ga4Tokens> {
    const running = this.refreshing.get(id);
    if (running) return running;
    const promise = this.refreshNow(id).finally(() => this.refreshing.delete(id));
    this.refreshing.set(id, promise);
    return promise;
  }

  private async refreshNow(id: string): Promise<Ga4Tokens> {
    const { descriptor, tokens: current } = await this.stored(id);
    if (!current.refresh_token) return this.revoke(id, 'no refresh token');
    const configuration = await this.configuration();
    let answer: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
    try {
      answer = await client.refreshTokenGrant(configuration, current.refresh_token);
    } catch (error) {
      if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant')
        return this.revoke(id, 'invalid_grant');
      this.deps.log.warn({ datasource: id, reason: reasonOf(error) }, 'token refresh failed');
      throw new ConnectorError('unreachable', 'Google could not refresh the access token.');
    }
    const next: Ga4Tokens = {
      access_token: answer.access_token,
      // Google keeps the refresh token unless it sends a new one.
      refresh_token: answer.refresh_token ?? current.refresh_token,
      expires_at: this.expiresAt(answer.expiresIn()),
    };
    const { secrets } = sealConfig(descriptor, { ...next }, id, this.deps.box);
    if (!(await this.deps.repo.updateSecrets(id, secrets!)))
      throw new ConnectorError('revoked', 'Access to this data source was revoked.');
    return next;
  }

  /** The grant is gone: tokens deleted, the source revoked (reconnect offered), its caches dropped. */
  private async revoke(id: string, reason: string): Promise<never> {
    this.deps.log.info({ datasource: id, reason }, 'data source grant refused: revoked');
    await this.deps.repo.update(id, { status: 'revoked', secrets: null }, this.deps.clock());
    this.grantChanged(id);
    throw new ConnectorError('revoked', 'Google refused the stored grant: connect the data source again.');
  }

  private expiresAt(expiresIn: number | undefined): string {
    return new Date(this.deps.clock().getTime() + (expiresIn ?? 3600) * 1000).toISOString();
  }

  /** Discovery once per process; a failure is retried on the next use. */
  private configuration(): Promise<client.Configuration> {
    if (!this.deps.config.GOOGLE_CLIENT_ID || !this.deps.config.GOOGLE_CLIENT_SECRET)
      return Promise.reject(
        new NotFound('Google is not configured on this server (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET).'),
      );
    if (!this.discovered) {
      const issuer = this.deps.config.GOOGLE_ISSUER;
      this.discovered = client
        .discovery(
          new URL(issuer),
          this.deps.config.GOOGLE_CLIENT_ID,
          this.deps.config.GOOGLE_CLIENT_SECRET,
          undefined,
          isLoopbackIssuer(issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
        )
        .catch((err: unknown) => {
          this.discovered = null;
          throw err;
        });
    }
    return this.discovered;
  }
}

/** An error's OAuth code or name for the log: never a token, never a response body. */
function reasonOf(error: unknown): string {
  if (error instanceof client.ResponseBodyError) return error.error;
  return error instanceof Error ? error.name : 'error';
}
