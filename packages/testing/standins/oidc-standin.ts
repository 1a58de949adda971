/// <reference path="./oidc-provider.d.ts" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '@parley/presenter';
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
  /**
   * Sign-in and consent pages a browser clicks through (an account button, then Allow or Cancel,
   * as on Google's consent screen), for end-to-end tests. Without it the provider answers both
   * screens at once for the account `authorize()` names.
   */
  browserPages?: boolean;
}

/** A small page in the look of a sign-in screen; every value put in it is escaped by the caller. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f3f4;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;padding:32px 40px;max-width:440px;box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{font-size:22px;font-weight:500;margin:8px 0 16px}.muted{color:#5f6368;font-size:14px}
.scope{border:1px solid #dadce0;border-radius:8px;padding:12px;margin:16px 0;font-size:14px}
.row{display:flex;gap:12px;justify-content:flex-end;margin-top:24px}
button{font:inherit;font-size:14px;padding:8px 20px;border-radius:4px;cursor:pointer;border:1px solid #dadce0;background:#fff;color:#1a73e8}
button.primary{background:#1a73e8;color:#fff;border-color:#1a73e8}
.account{display:flex;width:100%;text-align:left;padding:12px;border-radius:8px;color:#202124}
.logo{font-weight:600;font-size:18px;color:#4285f4}
</style></head><body><main><div class="logo">Google <span class="muted">(local stand-in)</span></div>${body}</main></body></html>`;
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

  /** Grants what the authorization request asked for (sign-in: openid email profile; Analytics: its scope). */
  const grantFor = async (accountId: string, scope: unknown) => {
    const grant = new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(String(scope ?? 'openid email profile'));
    const grantId = await grant.save();
    grantIds.push(grantId);
    return grantId;
  };

  // The login and consent screens, answered at once for the account authorize() chose.
  const answerAtOnce = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: nextAccount } });
      return;
    }
    const grantId = await grantFor(nextAccount, details.params.scope);
    await provider.interactionFinished(req, res, { consent: { grantId } });
  };

  // The same screens as pages: /interaction/<uid>[/login/<account> | /allow | /deny].
  const answerByPages = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const details = await provider.interactionDetails(req, res);
    const [, , , action, account] = path.split('/');
    if (req.method === 'POST' && action === 'login' && account && accounts[account]) {
      await provider.interactionFinished(req, res, { login: { accountId: account } });
      return;
    }
    const session = details.session?.accountId;
    if (req.method === 'POST' && action === 'deny') {
      await provider.interactionFinished(req, res, {
        error: 'access_denied',
        error_description: 'The user denied access.',
      });
      return;
    }
    if (req.method === 'POST' && action === 'allow' && session) {
      const grantId = await grantFor(session, details.params.scope);
      await provider.interactionFinished(req, res, { consent: { grantId } });
      return;
    }
    const base = `/interaction/${encodeURIComponent(details.uid)}`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    if (details.prompt.name === 'login') {
      const buttons = Object.entries(accounts)
        .map(
          ([id, a]) =>
            `<form method="post" action="${base}/login/${encodeURIComponent(id)}"><button class="account" data-testid="google-account" type="submit">${escapeHtml(a.email)}</button></form>`,
        )
        .join('');
      res.end(
        page(
          'Choose an account',
          `<h1>Choose an account</h1><p class="muted">to continue to Parley</p>${buttons}`,
        ),
      );
      return;
    }
    const email = session ? (accounts[session]?.email ?? '') : '';
    res.end(
      page(
        'Parley wants access to your Google Account',
        `<h1>Parley wants access to your Google Account</h1><p class="muted">${escapeHtml(email)}</p>
<div class="scope" data-testid="google-scope">See and download your Google Analytics data<br><span class="muted">${escapeHtml(String(details.params.scope ?? ''))}</span></div>
<div class="row"><form method="post" action="${base}/deny"><button data-testid="google-deny" type="submit">Cancel</button></form>
<form method="post" action="${base}/allow"><button class="primary" data-testid="google-allow" type="submit">Allow</button></form></div>`,
      ),
    );
  };

  server.on('request', (req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (!path.startsWith('/interaction/')) {
      provider.callback()(req, res);
      return;
    }
    // The pages' form posts carry no field we need: the body is read and dropped.
    req.resume();
    (options.browserPages ? answerByPages(req, res, path) : answerAtOnce(req, res)).catch((err: Error) => {
      res.writeHead(options.browserPages ? 400 : 500, { 'content-type': 'text/plain' });
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
