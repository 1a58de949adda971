/**
 * A local stand-in for Alexa's side of account linking (Amazon is unreachable from tests): what
 * the Alexa app and the Alexa service do with a skill's authorisation server. References:
 *
 * - The authorisation request (`state`, `client_id`, `response_type=code`, `scope`, `redirect_uri`,
 *   and with PKCE enabled `code_challenge` + `code_challenge_method=S256`), the redirect back to
 *   `https://pitangui.amazon.com/api/skill/link/<vendor id>` (or layla / alexa.amazon.co.jp) with
 *   `code` and `state`, the token request (`grant_type=authorization_code`, `code`, `redirect_uri`,
 *   `code_verifier`; client credentials by HTTP Basic or in the body, as the skill is configured)
 *   and refreshing with `grant_type=refresh_token`:
 *   https://developer.amazon.com/docs/account-linking/configure-authorization-code-grant.html,
 *   https://developer.amazon.com/en-US/docs/alexa/account-linking/implement-auth-flow.html
 * - Requirements on the authorisation server's answers (JSON `access_token`, `token_type`,
 *   `expires_in`, `refresh_token`; an unusable answer fails the linking):
 *   https://developer.amazon.com/en-US/docs/alexa/account-linking/requirements-account-linking.html
 *
 * Tests drive it as a user would: a browser opens `startUrl` (the "Link account" button of the
 * Alexa app), signs in and consents on Parley, and lands on the stand-in's redirect page, which has
 * exchanged the code as Alexa's service does. `linked()` answers the tokens Alexa would hold,
 * `refresh()` refreshes them as Alexa does before a token expires.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '@parley/presenter';

export interface AlexaLinkingOptions {
  /** Parley's authorisation endpoint, e.g. `http://localhost:8080/oauth/authorize`. */
  authorizeUrl: string;
  /** Where the Alexa service posts (server to server), e.g. `http://127.0.0.1:8080/oauth/token`. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The skill's "Client Authentication Scheme": HTTP Basic (Amazon's recommendation) or credentials in the body. */
  auth: 'basic' | 'post';
  /** The skill's configured scopes, space-separated (spec 1 §2.4: `email`). */
  scope?: string;
  /** The vendor id in the redirect path. */
  vendorId?: string;
  /** A fixed port (a browser test's configuration names the redirect URI before the app starts). */
  port?: number;
}

export interface AlexaTokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

export interface AlexaLinkingPeer {
  url: string;
  /** The redirect URI to register with Parley for this skill. */
  redirectUri: string;
  /** Where the Alexa app's "Link account" button sends the browser. */
  startUrl: string;
  /** The tokens of the latest completed linking, or null. */
  linked(): AlexaTokens | null;
  /** Refreshes the held tokens as the Alexa service does; answers the token endpoint's status and error. */
  refresh(): Promise<{ status: number; error?: string }>;
  close(): Promise<void>;
}

interface Pending {
  verifier: string;
}

const page = (title: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body><h1 data-testid="alexa-link-result">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

export async function startAlexaLinkingPeer(options: AlexaLinkingOptions): Promise<AlexaLinkingPeer> {
  const vendorId = options.vendorId ?? 'M2TESTVENDOR';
  const pending = new Map<string, Pending>();
  let tokens: AlexaTokens | null = null;
  let redirectUri = '';

  /** The token endpoint call, authenticated as the skill is configured. */
  const tokenCall = async (form: Record<string, string>) => {
    const body = new URLSearchParams(form);
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (options.auth === 'basic') {
      const pair = `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    } else {
      body.set('client_id', options.clientId);
      body.set('client_secret', options.clientSecret);
    }
    const res = await fetch(options.tokenUrl, { method: 'POST', headers, body });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, json };
  };

  const start = (res: ServerResponse) => {
    const state = randomBytes(16).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    pending.set(state, { verifier });
    const url = new URL(options.authorizeUrl);
    url.search = new URLSearchParams({
      state,
      client_id: options.clientId,
      response_type: 'code',
      scope: options.scope ?? 'email',
      redirect_uri: redirectUri,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    res.writeHead(302, { location: url.toString() });
    res.end();
  };

  const finish = async (query: URLSearchParams, res: ServerResponse) => {
    const state = query.get('state') ?? '';
    const known = pending.get(state);
    pending.delete(state);
    if (!known) return send(res, 400, 'text/html', page('Linking failed', 'The state does not match.'));
    const error = query.get('error');
    if (error) return send(res, 200, 'text/html', page('Linking cancelled', error));
    const exchanged = await tokenCall({
      grant_type: 'authorization_code',
      code: query.get('code') ?? '',
      redirect_uri: redirectUri,
      code_verifier: known.verifier,
    });
    const json = exchanged.json;
    // Alexa fails the linking unless the answer has the fields its requirements name.
    if (
      exchanged.status !== 200 ||
      typeof json.access_token !== 'string' ||
      typeof json.refresh_token !== 'string'
    ) {
      return send(res, 502, 'text/html', page('Linking failed', String(json.error ?? exchanged.status)));
    }
    tokens = json as unknown as AlexaTokens;
    send(res, 200, 'text/html', page('Parley has been successfully linked', 'You can close this window.'));
  };

  const refresh = async () => {
    if (!tokens) return { status: 0, error: 'not linked' };
    const answer = await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    if (answer.status === 200) tokens = answer.json as unknown as AlexaTokens;
    return { status: answer.status, error: answer.json.error as string | undefined };
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/link') return start(res);
    // For a browser test in another process: whether linked, and a refresh as Alexa would make it.
    if (req.method === 'GET' && url.pathname === '/status') {
      return send(
        res,
        200,
        'application/json',
        JSON.stringify({ linked: tokens !== null, scope: tokens?.scope ?? null }),
      );
    }
    if (req.method === 'POST' && url.pathname === '/refresh') {
      refresh()
        .then((r) => send(res, 200, 'application/json', JSON.stringify(r)))
        .catch((e: Error) => send(res, 500, 'text/plain', e.message));
      return;
    }
    if (req.method === 'GET' && url.pathname === `/api/skill/link/${vendorId}`) {
      finish(url.searchParams, res).catch((e: Error) => send(res, 500, 'text/plain', e.message));
      return;
    }
    send(res, 404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  redirectUri = `${base}/api/skill/link/${vendorId}`;

  return {
    url: base,
    redirectUri,
    startUrl: `${base}/link`,
    linked: () => tokens,
    refresh,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
