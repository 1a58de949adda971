/**
 * The bot's calls out to Microsoft, all with the bot's own token:
 * - the token itself, client credentials at the Bot Framework login
 *   (https://learn.microsoft.com/azure/bot-service/rest-api/bot-framework-rest-connector-authentication#bot-to-connector);
 * - replies and proactive messages, `POST {serviceUrl}/v3/conversations/{id}/activities[/{replyToId}]`
 *   (https://learn.microsoft.com/azure/bot-service/rest-api/bot-framework-rest-connector-send-and-receive-messages);
 * - the token service's GetToken / GetSignInResource / SignOut
 *   (https://learn.microsoft.com/azure/bot-service/rest-api/bot-framework-rest-connector-api-reference,
 *   the "Token" and "BotSignIn" operations of the Bot Framework token API).
 */
import type { TeamsActivity, TeamsOutgoing } from './activity';

/** Where Microsoft's services are; tests substitute stand-ins through the `teams` build option. */
export interface TeamsEndpoints {
  openIdMetadataUrl: string;
  loginUrl: string;
  tokenServiceUrl: string;
}

export const BOT_FRAMEWORK_ENDPOINTS: TeamsEndpoints = {
  openIdMetadataUrl: 'https://login.botframework.com/v1/.well-known/openidconfiguration',
  loginUrl: 'https://login.microsoftonline.com/botframework.com/oauth2/v2.0/token',
  tokenServiceUrl: 'https://token.botframework.com',
};

/** The scope of the bot's token for the connector and the token service. */
const BOT_SCOPE = 'https://api.botframework.com/.default';
/** A bot token is renewed this long before it expires. */
const RENEW_EARLY_MS = 5 * 60_000;
const TIMEOUT_MS = 5_000;

/** Where a message goes: the conversation reference kept from an activity the connector signed. */
export interface ConversationAddress {
  serviceUrl: string;
  channelId: string;
  conversation: { id: string; conversationType?: string; tenantId?: string };
  bot: { id: string; name?: string };
  user: { id: string; name?: string };
}

/** What GetSignInResource answers: the link the OAuthCard's button opens, and SSO's exchange resource. */
export interface SignInResource {
  signInLink: string;
  tokenExchangeResource?: unknown;
  tokenPostResource?: unknown;
}

export interface BotConnectorDeps {
  appId: string;
  appPassword: string;
  connectionName: string;
  endpoints: TeamsEndpoints;
  clock: () => Date;
  fetch?: typeof fetch;
}

export class BotConnectorError extends Error {}

/** Talks to the Bot Connector and the token service as the bot. */
export class BotConnector {
  private token: { value: string; expires: number } | null = null;
  private readonly fetch: typeof fetch;

  constructor(private readonly deps: BotConnectorDeps) {
    this.fetch = deps.fetch ?? fetch;
  }

  /** Replies to `activity` in its conversation. */
  reply(activity: TeamsActivity, message: TeamsOutgoing): Promise<void> {
    const conv = encodeURIComponent(activity.conversation.id);
    const url = `${base(activity.serviceUrl)}/v3/conversations/${conv}/activities/${encodeURIComponent(activity.id ?? '')}`;
    return this.post(url, {
      ...message,
      from: activity.recipient,
      recipient: activity.from,
      conversation: activity.conversation,
      replyToId: activity.id,
    });
  }

  /** A proactive message (a digest) to a stored conversation. */
  send(address: ConversationAddress, message: TeamsOutgoing): Promise<void> {
    const url = `${base(address.serviceUrl)}/v3/conversations/${encodeURIComponent(address.conversation.id)}/activities`;
    return this.post(url, {
      ...message,
      from: address.bot,
      recipient: address.user,
      conversation: address.conversation,
    });
  }

  /** The user's token of the bot's connection, or null (404: not signed in, or the code is wrong). */
  async getToken(userId: string, channelId: string, code?: string): Promise<string | null> {
    const q = new URLSearchParams({ userId, connectionName: this.deps.connectionName, channelId });
    if (code) q.set('code', code);
    const res = await this.call('GET', `/api/usertoken/GetToken?${q}`);
    if (res.status === 404) return null;
    if (!res.ok) throw new BotConnectorError(`GetToken answered ${res.status}`);
    const body = (await res.json()) as { token?: unknown };
    return typeof body.token === 'string' && body.token ? body.token : null;
  }

  /** The sign-in link for an OAuthCard; `state` is the base64 JSON the docs describe. */
  async signInResource(state: string): Promise<SignInResource> {
    const res = await this.call('GET', `/api/botsignin/GetSignInResource?${new URLSearchParams({ state })}`);
    if (!res.ok) throw new BotConnectorError(`GetSignInResource answered ${res.status}`);
    const body = (await res.json()) as SignInResource;
    if (typeof body.signInLink !== 'string')
      throw new BotConnectorError('GetSignInResource gave no signInLink');
    return body;
  }

  /** Forgets the user's token at the token service. */
  async signOut(userId: string, channelId: string): Promise<void> {
    const q = new URLSearchParams({ userId, connectionName: this.deps.connectionName, channelId });
    const res = await this.call('DELETE', `/api/usertoken/SignOut?${q}`);
    if (!res.ok && res.status !== 404) throw new BotConnectorError(`SignOut answered ${res.status}`);
  }

  private async call(method: string, path: string): Promise<Response> {
    return this.fetch(`${base(this.deps.endpoints.tokenServiceUrl)}${path}`, {
      method,
      headers: { authorization: `Bearer ${await this.botToken()}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }

  private async post(url: string, body: unknown): Promise<void> {
    const res = await this.fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${await this.botToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new BotConnectorError(`the connector answered ${res.status}`);
  }

  /** The bot's own access token (client credentials), kept until shortly before it expires. */
  private async botToken(): Promise<string> {
    const now = this.deps.clock().getTime();
    if (this.token && this.token.expires - RENEW_EARLY_MS > now) return this.token.value;
    const res = await this.fetch(this.deps.endpoints.loginUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.deps.appId,
        client_secret: this.deps.appPassword,
        scope: BOT_SCOPE,
      }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // The answer may echo why the secret was refused; only the status is kept.
    if (!res.ok) throw new BotConnectorError(`the bot's sign-in answered ${res.status}`);
    const body = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new BotConnectorError('the bot sign-in gave no token');
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    this.token = { value: body.access_token, expires: now + seconds * 1000 };
    return this.token.value;
  }
}

const base = (url: string) => url.replace(/\/+$/, '');
