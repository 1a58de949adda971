/**
 * Checks the Bot Connector's JWT on every activity, as "Authenticate requests with the Bot
 * Connector API" requires (https://learn.microsoft.com/azure/bot-service/rest-api/bot-framework-rest-connector-authentication):
 * the OpenID metadata's keys (cached, fetched again for an unknown `kid`), RS256, `iss`
 * https://api.botframework.com, `aud` the bot's app id, the key's `endorsements` naming the
 * activity's channel, the `serviceUrl` claim equal to the activity's, exp/nbf with 5 minutes' skew.
 */
import { decodeProtectedHeader, errors, type JWK, jwtVerify } from 'jose';

/** The connector's token issuer (the docs' "To bot from channel" issuer). */
export const BOT_CONNECTOR_ISSUER = 'https://api.botframework.com';
/** Clock skew the docs allow on exp and nbf. */
const SKEW_SECONDS = 5 * 60;
/** How long fetched keys are trusted before they are fetched again (the docs: keys roll daily at most). */
const KEYS_TTL_MS = 24 * 60 * 60_000;
/** An unknown kid fetches the keys again at most this often, so forged kids cannot hammer Microsoft. */
const REFRESH_FLOOR_MS = 60_000;

/** A key of the connector's JWKS; `endorsements` lists the channels it may sign for. */
type EndorsedJwk = JWK & { kid?: string; endorsements?: string[] };

/** Why an activity was refused: 401 without a usable token, 403 for a valid token failing a claim. */
export interface AuthRefusal {
  status: 401 | 403;
  message: string;
}

export interface ConnectorAuthDeps {
  /** The bot's Microsoft app id: the `aud` every token must carry. */
  appId: string;
  /** https://login.botframework.com/v1/.well-known/openidconfiguration in production. */
  openIdMetadataUrl: string;
  clock: () => Date;
  fetch?: typeof fetch;
}

/** What the check reads from the activity: its channel and the URL replies go to. */
export interface ActivityClaims {
  channelId: unknown;
  serviceUrl: unknown;
}

const refuse = (status: 401 | 403, message: string): AuthRefusal => ({ status, message });

/** Validates the Authorization header of an incoming activity; null when it may be processed. */
export class ConnectorAuth {
  private keys: EndorsedJwk[] = [];
  private fetchedAt = 0;
  private readonly fetch: typeof fetch;

  constructor(private readonly deps: ConnectorAuthDeps) {
    this.fetch = deps.fetch ?? fetch;
  }

  async check(authorization: string | undefined, activity: ActivityClaims): Promise<AuthRefusal | null> {
    const token = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(authorization ?? '')?.[1];
    if (!token) return refuse(401, 'A Bearer token from the Bot Connector is required.');
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      return refuse(401, 'The Bearer token is not a JWT.');
    }
    const key = kid ? await this.key(kid) : null;
    if (!key) return refuse(401, 'The token is not signed by a Bot Connector key.');
    const verified = await this.verified(token, key);
    if ('refusal' in verified) return verified.refusal;
    return this.claims(verified.payload, key, activity);
  }

  private async verified(
    token: string,
    key: EndorsedJwk,
  ): Promise<{ payload: Record<string, unknown> } | { refusal: AuthRefusal }> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['RS256'],
        clockTolerance: SKEW_SECONDS,
        currentDate: this.deps.clock(),
      });
      return { payload };
    } catch (err) {
      if (err instanceof errors.JWTExpired) return { refusal: refuse(403, 'The token has expired.') };
      if (err instanceof errors.JWTClaimValidationFailed) {
        return { refusal: refuse(403, `The token's ${err.claim} claim is not valid.`) };
      }
      return { refusal: refuse(401, 'The token signature is not valid.') };
    }
  }

  private claims(
    payload: Record<string, unknown>,
    key: EndorsedJwk,
    activity: ActivityClaims,
  ): AuthRefusal | null {
    if (payload.iss !== BOT_CONNECTOR_ISSUER)
      return refuse(403, 'The token was not issued by the Bot Connector.');
    const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!aud.includes(this.deps.appId)) return refuse(403, 'The token is not meant for this bot.');
    if (typeof activity.channelId !== 'string' || !key.endorsements?.includes(activity.channelId)) {
      return refuse(403, "The signing key is not endorsed for the activity's channel.");
    }
    if (typeof activity.serviceUrl !== 'string' || payload.serviceUrl !== activity.serviceUrl) {
      return refuse(403, "The token's serviceUrl does not match the activity's.");
    }
    return null;
  }

  /** The key with `kid`, from the cache or, when unknown or stale, from the metadata's jwks_uri. */
  private async key(kid: string): Promise<EndorsedJwk | null> {
    const now = this.deps.clock().getTime();
    const find = () => this.keys.find((k) => k.kid === kid) ?? null;
    const stale = now - this.fetchedAt > KEYS_TTL_MS;
    if (!stale && (find() || now - this.fetchedAt < REFRESH_FLOOR_MS)) return find();
    try {
      this.keys = await this.fetchKeys();
      this.fetchedAt = now;
    } catch {
      // Microsoft unreachable: keep the keys we have; an unknown kid stays refused.
    }
    return find();
  }

  private async fetchKeys(): Promise<EndorsedJwk[]> {
    const meta = await this.json(this.deps.openIdMetadataUrl);
    const jwksUri = typeof meta.jwks_uri === 'string' ? meta.jwks_uri : null;
    if (!jwksUri) throw new Error('OpenID metadata without jwks_uri');
    const jwks = await this.json(jwksUri);
    return Array.isArray(jwks.keys) ? (jwks.keys as EndorsedJwk[]) : [];
  }

  private async json(url: string): Promise<Record<string, unknown>> {
    const res = await this.fetch(url, { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  }
}
