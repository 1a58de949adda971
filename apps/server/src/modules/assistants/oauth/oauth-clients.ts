import { createHmac, createPrivateKey } from 'node:crypto';
import type { AssistantKind } from '@parley/contract';
import type { Config } from '../../../config';

/** Client metadata (RFC 7591 names) of a client registered from configuration. */
export interface ConfiguredClient {
  client_id: string;
  client_secret: string;
  client_name: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: 'client_secret_basic' | 'client_secret_post';
}

type ClientConfig = Pick<
  Config,
  | 'ALEXA_CLIENT_ID'
  | 'ALEXA_CLIENT_SECRET'
  | 'ALEXA_REDIRECT_URIS'
  | 'ALEXA_CLIENT_AUTH'
  | 'MSBOT_CLIENT_ID'
  | 'MSBOT_CLIENT_SECRET'
  | 'MSBOT_REDIRECT_URIS'
  | 'MSBOT_CLIENT_AUTH'
>;

/** The Alexa skill and the Bot Framework token service, each only when its id and secret are set. */
export function configuredClients(config: ClientConfig): { kind: AssistantKind; client: ConfiguredClient }[] {
  const entries = [
    {
      kind: 'alexa' as const,
      name: 'Amazon Alexa',
      id: config.ALEXA_CLIENT_ID,
      secret: config.ALEXA_CLIENT_SECRET,
      uris: config.ALEXA_REDIRECT_URIS ?? [],
      auth: config.ALEXA_CLIENT_AUTH,
    },
    {
      kind: 'msbot' as const,
      name: 'Microsoft Teams',
      id: config.MSBOT_CLIENT_ID,
      secret: config.MSBOT_CLIENT_SECRET,
      uris: config.MSBOT_REDIRECT_URIS,
      auth: config.MSBOT_CLIENT_AUTH,
    },
  ];
  return entries
    .filter((e) => e.id && e.secret && e.uris.length)
    .map((e) => ({
      kind: e.kind,
      client: {
        client_id: e.id!,
        client_secret: e.secret!,
        client_name: e.name,
        redirect_uris: e.uris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: e.auth === 'basic' ? 'client_secret_basic' : 'client_secret_post',
      },
    }));
}

/** The consent view's and the linked list's kind of a client: a configured one's, else an MCP client. */
export function clientKind(config: ClientConfig, clientId: string): AssistantKind {
  if (config.ALEXA_CLIENT_ID && clientId === config.ALEXA_CLIENT_ID) return 'alexa';
  if (config.MSBOT_CLIENT_ID && clientId === config.MSBOT_CLIENT_ID) return 'msbot';
  return 'mcp';
}

const derive = (secret: string, label: string) => createHmac('sha256', secret).update(label).digest();

/**
 * The provider's keys, derived from SESSION_SECRET (itself kept in the environment, DATA_DIR or
 * app_settings): every process of an install agrees without another stored secret, and rotating
 * SESSION_SECRET rotates them. Tokens are opaque, so the signing key only signs what the provider
 * may sign (none of it reaches an assistant today); the cookie keys sign its interaction cookies.
 */
export function providerKeys(sessionSecret: string): { jwk: Record<string, unknown>; cookieKeys: string[] } {
  // An Ed25519 private key is its 32-byte seed behind a fixed PKCS#8 header (RFC 8410).
  const der = Buffer.concat([
    Buffer.from('302e020100300506032b657004220420', 'hex'),
    derive(sessionSecret, 'parley-oauth-signing-key'),
  ]);
  const key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  const jwk = { ...key.export({ format: 'jwk' }), alg: 'EdDSA', use: 'sig', kid: 'parley-oauth-1' };
  return { jwk, cookieKeys: [derive(sessionSecret, 'parley-oauth-cookies').toString('base64url')] };
}
