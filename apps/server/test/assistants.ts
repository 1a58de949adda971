import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * The assistant clients test apps are configured with (DESIGN §12: registered clients come from
 * configuration). Alexa authenticates at the token endpoint with HTTP Basic, the Bot Framework
 * token service with body credentials, so both schemes are exercised.
 */
export const TEST_ASSISTANT_CLIENTS = {
  alexa: {
    id: 'alexa-skill-test',
    secret: 'alexa-secret-0123456789abcdef0123456789',
    redirectUri: 'https://pitangui.amazon.com/api/skill/link/M2TESTVENDOR',
    auth: 'basic' as const,
  },
  msbot: {
    id: 'msbot-token-service-test',
    secret: 'msbot-secret-0123456789abcdef0123456789',
    redirectUri: 'https://token.botframework.com/.auth/web/redirect',
    auth: 'post' as const,
  },
};

/** The configuration (environment) of the clients above; PUBLIC_URL makes resources and links absolute. */
export function assistantEnv(publicUrl = 'http://localhost:8080'): Record<string, string> {
  const { alexa, msbot } = TEST_ASSISTANT_CLIENTS;
  return {
    PUBLIC_URL: publicUrl,
    ALEXA_CLIENT_ID: alexa.id,
    ALEXA_CLIENT_SECRET: alexa.secret,
    ALEXA_REDIRECT_URIS: alexa.redirectUri,
    ALEXA_CLIENT_AUTH: alexa.auth,
    MSBOT_CLIENT_ID: msbot.id,
    MSBOT_CLIENT_SECRET: msbot.secret,
    MSBOT_REDIRECT_URIS: msbot.redirectUri,
    MSBOT_CLIENT_AUTH: msbot.auth,
  };
}

export interface OAuthClient {
  id: string;
  /** None: a public client (an MCP client), PKCE alone proves it. */
  secret?: string;
  redirectUri: string;
  auth?: 'basic' | 'post' | 'none';
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function pkcePair(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Cookies a response sets, as a Cookie header value merged over `jar`. */
function withCookies(jar: Record<string, string>, res: LightMyRequestResponse): Record<string, string> {
  const next = { ...jar };
  for (const c of res.cookies) next[c.name] = c.value;
  return next;
}

const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** A form-encoded POST to the token or revocation endpoint, authenticated as the client says. */
export function tokenRequest(
  app: FastifyInstance,
  client: OAuthClient,
  form: Record<string, string>,
  url = '/oauth/token',
): Promise<LightMyRequestResponse> {
  const auth = client.auth ?? (client.secret ? 'basic' : 'none');
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const body = new URLSearchParams(form);
  if (auth === 'basic') {
    const pair = `${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret ?? '')}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    body.set('client_id', client.id);
    if (auth === 'post') body.set('client_secret', client.secret ?? '');
  }
  return app.inject({ method: 'POST', url, headers, payload: body.toString() });
}

/**
 * The signed-in browser that started an authorisation request (`start`: the answer of GET
 * /oauth/authorize): its calls carry the cookies that answer set as well as the session's.
 */
export function browserOf(
  app: FastifyInstance,
  session: { cookie: string; xsrf: string },
  start: LightMyRequestResponse,
) {
  const cookie = cookieHeader({ ...withCookies({}, start), ...parseCookieHeader(session.cookie) });
  return (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie, 'x-xsrf-token': session.xsrf },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

export interface AuthorizeOptions {
  scope?: string;
  resource?: string;
  state?: string;
  pkce?: Pkce;
}

/**
 * The browser half of account linking, through inject: the authorisation request, the sign-in
 * screen's consent (as the signed-in user `session`), and the redirect back to the client with a
 * code. Answers the code and the PKCE verifier to exchange it with.
 */
export async function authorize(
  app: FastifyInstance,
  session: { cookie: string; xsrf: string },
  client: OAuthClient,
  options: AuthorizeOptions = {},
): Promise<{ code: string; state: string; pkce: Pkce }> {
  const pkce = options.pkce ?? pkcePair();
  const state = options.state ?? randomBytes(8).toString('hex');
  const query = new URLSearchParams({
    client_id: client.id,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: options.scope ?? 'email',
    state,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    ...(options.resource ? { resource: options.resource } : {}),
  });
  let jar: Record<string, string> = {};
  const start = await app.inject({ method: 'GET', url: `/oauth/authorize?${query}` });
  if (start.statusCode >= 400 || !start.headers.location) {
    throw new Error(`authorize refused: ${start.statusCode} ${start.body}`);
  }
  jar = withCookies(jar, start);
  const login = new URL(String(start.headers.location), 'http://localhost');
  const uid = login.searchParams.get('interaction');
  if (login.pathname !== '/login' || !uid) throw new Error(`not sent to the sign-in screen: ${login}`);
  // The browser that started the request answers it: its cookies (the binding) go with the session's.
  const consent = await app.inject({
    method: 'POST',
    url: `/api/v1/oauth/interaction/${encodeURIComponent(uid)}/consent`,
    headers: {
      cookie: cookieHeader({ ...jar, ...parseCookieHeader(session.cookie) }),
      'x-xsrf-token': session.xsrf,
    },
    payload: {},
  });
  if (consent.statusCode !== 200) throw new Error(`consent refused: ${consent.statusCode} ${consent.body}`);
  let next = new URL(consent.json().redirect as string, 'http://localhost');
  // The authorisation endpoint resumes (it may redirect to itself once more) and sends the browser back.
  for (let hop = 0; hop < 5; hop++) {
    if (`${next.origin}${next.pathname}` === client.redirectUri) break;
    const res = await app.inject({
      method: 'GET',
      url: `${next.pathname}${next.search}`,
      headers: { cookie: cookieHeader({ ...jar, ...parseCookieHeader(session.cookie) }) },
    });
    jar = withCookies(jar, res);
    if (!res.headers.location) throw new Error(`resume did not redirect: ${res.statusCode} ${res.body}`);
    next = new URL(String(res.headers.location), 'http://localhost');
  }
  const code = next.searchParams.get('code');
  if (!code) throw new Error(`no code in ${next}`);
  if (next.searchParams.get('state') !== state) throw new Error('state changed on the way back');
  return { code, state, pkce };
}

function parseCookieHeader(header: string): Record<string, string> {
  return Object.fromEntries(
    header
      .split(';')
      .map((p) => p.trim().split('='))
      .filter((kv) => kv.length >= 2)
      .map(([k, ...v]) => [k!, v.join('=')]),
  );
}

export interface LinkedTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  token_type: string;
}

/** Links `client` to the signed-in user end to end: authorise, consent, exchange the code. */
export async function linkAssistant(
  app: FastifyInstance,
  session: { cookie: string; xsrf: string },
  client: OAuthClient,
  options: AuthorizeOptions = {},
): Promise<LinkedTokens> {
  const { code, pkce } = await authorize(app, session, client, options);
  const res = await tokenRequest(app, client, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirectUri,
    code_verifier: pkce.verifier,
    ...(options.resource ? { resource: options.resource } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`token exchange refused: ${res.statusCode} ${res.body}`);
  return res.json() as LinkedTokens;
}
