/**
 * A local stand-in for the Microsoft Bot Framework side of a Teams bot (Microsoft is unreachable
 * from tests), as strict as the documented services:
 *
 * - Channel → bot authentication: OpenID metadata with `jwks_uri`, keys carrying `endorsements`
 *   (the channels each key may sign for), RS256 JWTs with iss https://api.botframework.com, aud the
 *   bot's app id and a `serviceUrl` claim:
 *   https://learn.microsoft.com/azure/bot-service/rest-api/bot-framework-rest-connector-authentication
 * - Bot → connector authentication: client credentials at the Bot Framework login, scope
 *   https://api.botframework.com/.default; replies and proactive messages at
 *   `POST {serviceUrl}/v3/conversations/{id}/activities[/{replyToId}]` with that Bearer token:
 *   https://learn.microsoft.com/azure/bot-service/rest-api/bot-framework-rest-connector-send-and-receive-messages
 * - The token service: `GET /api/usertoken/GetToken` (404 when the user has no token; `code` is the
 *   magic code of a finished sign-in), `GET /api/botsignin/GetSignInResource?state=` (state is base64
 *   JSON naming the connection, conversation and app id), `DELETE /api/usertoken/SignOut`; the
 *   OAuth connection's redirect (`/.auth/web/redirect`, played by `finishSignIn` since the app under
 *   test is reached through inject) exchanging the provider's code with body credentials: https://learn.microsoft.com/azure/bot-service/rest-api/bot-framework-rest-connector-api-reference
 *   and https://learn.microsoft.com/azure/bot-service/bot-builder-concept-authentication
 *
 * Tests drive it as Teams would: `authorization(activity)` signs an activity, `beginSignIn(link)`
 * follows an OAuthCard's button to the authorisation request, `finishSignIn(code, state)` is the
 * provider's redirect back and answers the magic code Teams sends in `signin/verifyState`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

type Json = Record<string, any>;

export const BOT_CONNECTOR_ISSUER = 'https://api.botframework.com';
const BOT_SCOPE = 'https://api.botframework.com/.default';

/** The OAuth client the token service is registered as at Parley, and where Parley's endpoints are. */
export interface TokenServiceClient {
  id: string;
  secret: string;
  redirectUri: string;
  /** Parley's authorisation endpoint (absolute or a path of the app). */
  authorizeUrl: string;
  /** Exchanges a code at Parley's token endpoint: the form, body credentials included. */
  exchange(form: Record<string, string>): Promise<{ status: number; body: Json }>;
}

export interface BotFrameworkOptions {
  appId: string;
  appPassword: string;
  connectionName: string;
  client: TokenServiceClient;
  /** The clock tokens are issued and checked by (tests pin the app's). */
  clock?: () => Date;
  /** Scopes the connection asks Parley for. */
  scope?: string;
}

export interface SentActivity {
  conversationId: string;
  replyToId: string | null;
  activity: Json;
}

/** Overrides of a signed activity's token, for the refusals the bot must make. */
export interface SignOverrides {
  iss?: string;
  aud?: string;
  serviceUrl?: string;
  /** Seconds from now the token expires (negative: already expired). */
  expiresIn?: number;
  /** Sign with the key endorsed only for another channel. */
  unendorsedKey?: boolean;
  /** Sign with a key the metadata does not publish. */
  unknownKey?: boolean;
}

export interface BotFrameworkPeer {
  url: string;
  endpoints: { openIdMetadataUrl: string; loginUrl: string; tokenServiceUrl: string };
  /** The connector's service URL activities carry. */
  serviceUrl: string;
  /** What the bot sent through the connector, in order. */
  sent: SentActivity[];
  /** Tokens the token service holds, by `${userId}|${channelId}`. */
  userTokens: Map<string, string>;
  /** A full activity from Teams in a personal chat, with `partial` over it. */
  activity(partial?: Json): Json;
  /** The Authorization header value the connector sends with `activity`. */
  authorization(activity: Json, overrides?: SignOverrides): Promise<string>;
  /** Follows an OAuthCard's sign-in link: the authorisation request's state and PKCE verifier. */
  beginSignIn(
    signInLink: string,
  ): Promise<{ state: string; verifier: string; challenge: string; scope: string }>;
  /** The provider's redirect back with `code`: exchanges it, answers the magic code (or throws). */
  finishSignIn(code: string, state: string): Promise<string>;
  close(): Promise<void>;
}

interface Pending {
  userId: string;
  channelId: string;
  verifier: string;
}

/** Starts the stand-in on a free local port. */
export async function startBotFramework(options: BotFrameworkOptions): Promise<BotFrameworkPeer> {
  const clock = options.clock ?? (() => new Date());
  const endorsed = await signingKey('bf-endorsed', ['msteams', 'webchat']);
  const unendorsed = await signingKey('bf-other', ['skype']);
  const unknown = await signingKey('bf-unpublished', ['msteams']);
  const botTokens = new Map<string, number>();
  const signIns = new Map<string, Pending & { conversation: Json }>();
  const magic = new Map<string, { key: string; token: string }>();
  const userTokens = new Map<string, string>();
  const sent: SentActivity[] = [];
  let url = '';

  const seconds = () => Math.floor(clock().getTime() / 1000);
  const botAuthorized = (req: IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expires = token ? botTokens.get(token) : undefined;
    return expires !== undefined && expires > seconds();
  };

  const handlers: Record<string, (req: IncomingMessage, u: URL, body: string, res: ServerResponse) => void> =
    {
      'GET /v1/.well-known/openidconfiguration': (_q, _u, _b, res) =>
        json(res, 200, {
          issuer: BOT_CONNECTOR_ISSUER,
          authorization_endpoint: `${url}/v1/.well-known/authorize`,
          jwks_uri: `${url}/v1/.well-known/keys`,
          id_token_signing_alg_values_supported: ['RS256'],
          token_endpoint_auth_methods_supported: ['private_key_jwt'],
        }),
      'GET /v1/.well-known/keys': (_q, _u, _b, res) =>
        json(res, 200, { keys: [endorsed.jwk, unendorsed.jwk] }),
      'POST /botframework.com/oauth2/v2.0/token': (_q, _u, body, res) => {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') !== 'client_credentials')
          return json(res, 400, { error: 'unsupported_grant_type' });
        if (form.get('client_id') !== options.appId || form.get('client_secret') !== options.appPassword) {
          return json(res, 401, {
            error: 'invalid_client',
            error_description: 'AADSTS7000215: Invalid client secret.',
          });
        }
        if (form.get('scope') !== BOT_SCOPE) return json(res, 400, { error: 'invalid_scope' });
        const token = randomBytes(24).toString('base64url');
        botTokens.set(token, seconds() + 3600);
        json(res, 200, { token_type: 'Bearer', expires_in: 3600, ext_expires_in: 3600, access_token: token });
      },
      'GET /api/usertoken/GetToken': (req, u, _b, res) => {
        if (!botAuthorized(req)) return json(res, 401, { error: { code: 'Unauthorized' } });
        const q = queryOf(u, ['userId', 'connectionName', 'channelId']);
        if (!q || q.connectionName !== options.connectionName)
          return json(res, 400, { error: { code: 'BadArgument' } });
        const key = `${q.userId}|${q.channelId}`;
        const code = u.searchParams.get('code');
        const finished = code ? magic.get(code) : undefined;
        if (code && finished?.key === key) {
          magic.delete(code);
          userTokens.set(key, finished.token);
        }
        const token = userTokens.get(key);
        if (!token) return json(res, 404, { error: { code: 'NotFound', message: 'Token not found' } });
        json(res, 200, { channelId: q.channelId, connectionName: q.connectionName, token, expiration: null });
      },
      'DELETE /api/usertoken/SignOut': (req, u, _b, res) => {
        if (!botAuthorized(req)) return json(res, 401, { error: { code: 'Unauthorized' } });
        const q = queryOf(u, ['userId', 'connectionName', 'channelId']);
        if (!q || q.connectionName !== options.connectionName)
          return json(res, 400, { error: { code: 'BadArgument' } });
        userTokens.delete(`${q.userId}|${q.channelId}`);
        json(res, 200, {});
      },
      'GET /api/botsignin/GetSignInResource': (req, u, _b, res) => {
        if (!botAuthorized(req)) return json(res, 401, { error: { code: 'Unauthorized' } });
        const state = decodeState(u.searchParams.get('state'));
        const conv = state?.conversation;
        if (
          !state ||
          state.connectionName !== options.connectionName ||
          state.msAppId !== options.appId ||
          typeof conv?.user?.id !== 'string' ||
          typeof conv?.channelId !== 'string'
        ) {
          return json(res, 400, {
            error: { code: 'BadArgument', message: 'state is not a token exchange state' },
          });
        }
        const id = randomBytes(12).toString('hex');
        const verifier = randomBytes(32).toString('base64url');
        signIns.set(id, { userId: conv.user.id, channelId: conv.channelId, verifier, conversation: conv });
        json(res, 200, {
          signInLink: `${url}/api/oauth/signin?signin=${id}`,
          tokenExchangeResource: { id, uri: `api://botid-${options.appId}`, providerId: 'parley' },
          tokenPostResource: { sasUrl: `${url}/api/sas/${id}` },
        });
      },
      // The OAuthCard's button: the token service sends the browser to the provider's authorisation endpoint.
      'GET /api/oauth/signin': (_q, u, _b, res) => {
        const pending = signIns.get(u.searchParams.get('signin') ?? '');
        if (!pending) return json(res, 404, { error: { code: 'NotFound' } });
        const challenge = createHash('sha256').update(pending.verifier).digest('base64url');
        const query = new URLSearchParams({
          client_id: options.client.id,
          redirect_uri: options.client.redirectUri,
          response_type: 'code',
          scope: options.scope ?? 'email',
          state: u.searchParams.get('signin')!,
          code_challenge: challenge,
          code_challenge_method: 'S256',
        });
        res.writeHead(302, { location: `${options.client.authorizeUrl}?${query}` }).end();
      },
      'POST /connector/v3/conversations': (req, u, body, res) => {
        if (!botAuthorized(req))
          return json(res, 401, { error: { code: 'Unauthorized', message: 'bot token' } });
        const parts = u.pathname.split('/').slice(4).map(decodeURIComponent); // [id, 'activities', replyToId?]
        let activity: Json;
        try {
          activity = JSON.parse(body);
        } catch {
          return json(res, 400, { error: { code: 'BadSyntax' } });
        }
        if (parts[1] !== 'activities' || !parts[0] || typeof activity.type !== 'string') {
          return json(res, 400, { error: { code: 'BadArgument' } });
        }
        sent.push({ conversationId: parts[0], replyToId: parts[2] ?? null, activity });
        json(res, 201, { id: randomBytes(8).toString('hex') });
      },
    };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', url);
      const path = u.pathname.startsWith('/connector/v3/conversations/')
        ? '/connector/v3/conversations'
        : u.pathname;
      const handler = handlers[`${req.method} ${path}`];
      if (!handler) return json(res, 404, { error: { code: 'NotFound' } });
      handler(req, u, Buffer.concat(chunks).toString('utf8'), res);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const serviceUrl = `${url}/connector/`;

  return {
    url,
    endpoints: {
      openIdMetadataUrl: `${url}/v1/.well-known/openidconfiguration`,
      loginUrl: `${url}/botframework.com/oauth2/v2.0/token`,
      tokenServiceUrl: url,
    },
    serviceUrl,
    sent,
    userTokens,
    activity: (partial = {}) => ({
      type: 'message',
      id: `act-${randomBytes(6).toString('hex')}`,
      timestamp: clock().toISOString(),
      channelId: 'msteams',
      serviceUrl,
      from: { id: '29:teams-user-1', name: 'Demo User', aadObjectId: '00000000-0000-0000-0000-000000000001' },
      recipient: { id: `28:${options.appId}`, name: 'Parley' },
      conversation: { id: 'a:personal-chat-1', conversationType: 'personal', tenantId: 'tenant-1' },
      locale: 'en-US',
      text: '',
      ...partial,
    }),
    async authorization(activity, o = {}) {
      const key = o.unknownKey ? unknown : o.unendorsedKey ? unendorsed : endorsed;
      const now = seconds();
      const jwt = await new SignJWT({ serviceUrl: o.serviceUrl ?? activity.serviceUrl })
        .setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid!, typ: 'JWT' })
        .setIssuer(o.iss ?? BOT_CONNECTOR_ISSUER)
        .setAudience(o.aud ?? options.appId)
        .setIssuedAt(now - 60)
        .setNotBefore(now - 60)
        .setExpirationTime(now + (o.expiresIn ?? 3600))
        .sign(key.privateKey);
      return `Bearer ${jwt}`;
    },
    async beginSignIn(signInLink) {
      const res = await fetch(signInLink, { redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) throw new Error(`sign-in link answered ${res.status}`);
      const q = new URL(location, 'http://parley.invalid').searchParams;
      const pending = signIns.get(q.get('state') ?? '');
      if (!pending) throw new Error('sign-in link without a pending sign-in');
      return {
        state: q.get('state')!,
        verifier: pending.verifier,
        challenge: q.get('code_challenge')!,
        scope: q.get('scope')!,
      };
    },
    async finishSignIn(code, state) {
      const pending = signIns.get(state);
      if (!pending) throw new Error('unknown sign-in state');
      signIns.delete(state);
      const { status, body } = await options.client.exchange({
        grant_type: 'authorization_code',
        code,
        redirect_uri: options.client.redirectUri,
        code_verifier: pending.verifier,
        client_id: options.client.id,
        client_secret: options.client.secret,
      });
      if (status !== 200 || typeof body.access_token !== 'string')
        throw new Error(`code exchange refused: ${status}`);
      const code6 = String(100000 + (randomBytes(4).readUInt32BE() % 900000));
      magic.set(code6, { key: `${pending.userId}|${pending.channelId}`, token: body.access_token });
      return code6;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

async function signingKey(kid: string, endorsements: string[]) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK & { endorsements: string[] } = {
    ...(await exportJWK(publicKey)),
    kid,
    use: 'sig',
    alg: 'RS256',
    endorsements,
  };
  return { privateKey, jwk };
}

function decodeState(raw: string | null): Json | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
    return typeof parsed === 'object' && parsed ? parsed : null;
  } catch {
    return null;
  }
}

function queryOf<K extends string>(u: URL, keys: K[]): Record<K, string> | null {
  const out = {} as Record<K, string>;
  for (const k of keys) {
    const v = u.searchParams.get(k);
    if (!v) return null;
    out[k] = v;
  }
  return out;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
