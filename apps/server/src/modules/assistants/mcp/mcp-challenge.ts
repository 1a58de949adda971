/**
 * The protected-resource side of MCP authorisation, pure: the RFC 9728 metadata, the bearer token
 * of a request, the scope a JSON-RPC body needs and the `WWW-Authenticate` challenges (RFC 6750 §3).
 * References: https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization
 * (protected resource metadata discovery, scope challenge handling) and
 * https://www.rfc-editor.org/rfc/rfc9728 (OAuth 2.0 Protected Resource Metadata).
 */
import type { AssistantScope } from '@parley/contract';
import { assistantResources } from '../assistant-access';

/** The scopes an MCP token may carry (Alexa's legacy `email` is no MCP scope). */
export const MCP_SCOPES = ['ask', 'collections:read'] as const satisfies readonly AssistantScope[];
export type McpScope = (typeof MCP_SCOPES)[number];

/** Each tool's scope; a tool not named here cannot be called (the server registers only these). */
export const TOOL_SCOPES: Record<string, McpScope> = {
  ask: 'ask',
  list_sources: 'ask',
  list_measures: 'ask',
  list_collections: 'collections:read',
  get_collection: 'collections:read',
};

/** The path RFC 9728 §3.1 derives from the resource `<PUBLIC_URL>/mcp`: the well-known prefix before its path. */
export const RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';

/** RFC 9728 §2: what a client reads to find Parley's authorisation server for `/mcp`. */
export function protectedResourceMetadata(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    resource: assistantResources(base).mcp,
    authorization_servers: [base],
    scopes_supported: [...MCP_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Parley',
  };
}

/**
 * The bearer token of an Authorization header, or undefined. Only the header counts: the MCP
 * specification forbids tokens in the query string, and RFC 6750's form-body method is not offered.
 */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * The scopes a JSON-RPC message (or batch) needs, read before the transport runs it: each
 * `tools/call` needs its tool's scope. Other methods (initialize, tools/list) need a valid token only.
 */
export function scopesNeeded(body: unknown): McpScope[] {
  const messages = Array.isArray(body) ? body : [body];
  const needed = new Set<McpScope>();
  for (const message of messages) {
    if (!message || typeof message !== 'object') continue;
    const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
    if (method !== 'tools/call') continue;
    const name = typeof params?.name === 'string' ? params.name : '';
    const scope = Object.hasOwn(TOOL_SCOPES, name) ? TOOL_SCOPES[name] : undefined;
    if (scope) needed.add(scope);
  }
  return [...needed];
}

const quoted = (value: string) => `"${value.replace(/["\\]/g, '')}"`;

/** `WWW-Authenticate` of a 401: where the metadata is and the scopes to ask for, plus invalid_token when a token was sent. */
export function unauthorizedChallenge(publicUrl: string, tokenSent: boolean): string {
  const parts = [
    ...(tokenSent
      ? [
          `error=${quoted('invalid_token')}`,
          `error_description=${quoted('The access token is not valid here.')}`,
        ]
      : []),
    `scope=${quoted(MCP_SCOPES.join(' '))}`,
    `resource_metadata=${quoted(resourceMetadataUrl(publicUrl))}`,
  ];
  return `Bearer ${parts.join(', ')}`;
}

/** `WWW-Authenticate` of a 403: the scope the call needs (the client steps up with it). */
export function insufficientScopeChallenge(publicUrl: string, scope: string): string {
  return [
    `Bearer error=${quoted('insufficient_scope')}`,
    `scope=${quoted(scope)}`,
    `resource_metadata=${quoted(resourceMetadataUrl(publicUrl))}`,
    `error_description=${quoted(`This call needs the ${scope} permission.`)}`,
  ].join(', ');
}

export function resourceMetadataUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${RESOURCE_METADATA_PATH}`;
}
