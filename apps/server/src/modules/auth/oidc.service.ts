import * as client from 'openid-client';
import type { Config } from '../../config';
import { NotFound } from '../../lib/errors';

/** What the short-lived state cookie carries between the redirect and the callback. */
export interface OidcPending {
  codeVerifier: string;
  state: string;
  nonce: string;
  projectId: string;
}

/** The verified identity the provider vouched for. */
export interface OidcIdentity {
  email: string;
  name: string | null;
}

/** A sign-in the provider's answer did not bear out: the browser only learns it failed, the log why. */
export class OidcError extends Error {}

/** Lets openid-client talk plain HTTP to a loopback issuer (local tests), never to anything else. */
export function isLoopbackIssuer(issuer: string): boolean {
  const host = new URL(issuer).hostname;
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Sign-in with Google over OpenID Connect (authorization code + PKCE + state + nonce); the
 * issuer comes from GOOGLE_ISSUER so tests run it against a local provider.
 */
export class OidcService {
  private discovered: Promise<client.Configuration> | null = null;

  constructor(private readonly config: Config) {}

  get enabled(): boolean {
    return this.config.loginProviders.includes('google');
  }

  get redirectUri(): string {
    return `${this.config.PUBLIC_URL}/auth/callback`;
  }

  /** The authorization URL to send the browser to, and what the callback must check. */
  async start(projectId: string): Promise<{ url: string; pending: OidcPending }> {
    if (!this.enabled) throw new NotFound('Sign-in with Google is not configured on this server.');
    const configuration = await this.configuration();
    const pending: OidcPending = {
      codeVerifier: client.randomPKCECodeVerifier(),
      state: client.randomState(),
      nonce: client.randomNonce(),
      projectId,
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, pending };
  }

  /** Exchanges the code and answers the verified e-mail; throws OidcError on anything amiss. */
  async finish(callbackQuery: string, pending: OidcPending): Promise<OidcIdentity> {
    if (!this.enabled) throw new OidcError('not configured');
    const configuration = await this.configuration();
    const currentUrl = new URL(`${this.redirectUri}${callbackQuery}`);
    let claims: Record<string, unknown>;
    try {
      const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new OidcError('no ID token');
      claims = { ...idClaims };
      // Providers that keep scope claims out of the ID token hand them out at userinfo.
      if (typeof claims.email !== 'string') {
        const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
        claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
      }
    } catch (err) {
      if (err instanceof OidcError) throw err;
      throw new OidcError(err instanceof Error ? err.message : 'token exchange failed');
    }
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email || claims.email_verified !== true) throw new OidcError('e-mail missing or not verified');
    return { email, name: typeof claims.name === 'string' ? claims.name : null };
  }

  /** Discovery once per process; a failure is retried on the next sign-in. */
  private configuration(): Promise<client.Configuration> {
    if (!this.discovered) {
      const issuer = this.config.GOOGLE_ISSUER;
      this.discovered = client
        .discovery(
          new URL(issuer),
          this.config.GOOGLE_CLIENT_ID!,
          this.config.GOOGLE_CLIENT_SECRET!,
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
