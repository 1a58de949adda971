import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccount {
  email: string;
  email_verified: boolean;
  name?: string;
}

/** A local OpenID Connect provider (oidc-provider) on 127.0.0.1 with a random port. */
export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Plays the browser from the authorization URL: signs in as `accountId`, grants consent and
   * answers the redirect back to the app (its redirect_uri with code, state and iss).
   */
  authorize(authorizationUrl: string, accountId: string): Promise<URL>;
  /** Whether an access token the provider issued is still valid (a resource server's check). */
  verifyAccessToken(token: string): Promise<boolean>;
  /** Revokes every grant given so far: their refresh tokens answer invalid_grant from now on. */
  revokeGrants(): Promise<void>;
  /** The grant_type of every successful token request, in order. */
  tokenGrants: string[];
  close(): Promise<void>;
}

export interface OidcPeerOptions {
  /** More redirect URIs of the same client (the data-source OAuth callback). */
  extraRedirectUris?: string[];
  /** Scopes beyond openid/email/profile the provider grants (Google's Analytics scope). */
  extraScopes?: string[];
}

export async function startOidcPeer(
  redirectUri: string,
  accounts: Record<string, OidcAccount>,
  options: OidcPeerOptions = {},
): Promise<OidcPeer> {
  const redirectUris = [redirectUri, ...(options.extraRedirectUris ?? [])];
  const grantIds: string[] = [];
  const tokenGrants: string[] = [];
  const clientId = 'parley-test';
  const clientSecret = 'parley-test-secret-0123456789abcdef';
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  let nextAccount = '';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'offline_access', ...(options.extraScopes ?? [])],
    // Like Google with access_type=offline: a refresh token with every code exchange.
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    async findAccount(_ctx, id) {
      const account = accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
  });

  provider.on('grant.success', (ctx) => {
    tokenGrants.push(String(ctx.oidc.params?.grant_type ?? ''));
  });

  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      provider.callback()(req, res);
      return;
    }
    // The login and consent screens, answered at once for the chosen account.
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(req, res, { login: { accountId: nextAccount } });
        return;
      }
      const grant = new provider.Grant({ accountId: nextAccount, clientId });
      // The scopes the request asked for (sign-in: openid email profile; Analytics: its scope).
      grant.addOIDCScope(String(details.params.scope ?? 'openid email profile'));
      const grantId = await grant.save();
      grantIds.push(grantId);
      await provider.interactionFinished(req, res, { consent: { grantId } });
    })().catch((err: Error) => {
      res.statusCode = 500;
      res.end(err.message);
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    async authorize(authorizationUrl, accountId) {
      nextAccount = accountId;
      const jar = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop++) {
        if (redirectUris.some((u) => url.startsWith(u))) return new URL(url);
        const res = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const eq = pair!.indexOf('=');
          jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`provider stopped at ${url}: ${res.status} ${await res.text()}`);
        url = new URL(location, url).href;
      }
      throw new Error('too many redirects at the provider');
    },
    async verifyAccessToken(token) {
      const found = await provider.AccessToken.find(token);
      return Boolean(found && !found.isExpired);
    },
    async revokeGrants() {
      for (const id of grantIds.splice(0)) await (await provider.Grant.find(id))?.destroy();
    },
    tokenGrants,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
