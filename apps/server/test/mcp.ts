/**
 * MCP test clients: the official SDK's `Client` over its `StreamableHTTPClientTransport`, whose
 * requests go through `app.inject` (https://modelcontextprotocol.io/specification/2025-11-25/basic/transports).
 */
import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../src/db/schema';
import { type Actor, actorOfUser } from '../src/lib/access';
import {
  type AssistantAccess,
  type AssistantPrincipal,
  assistantResources,
} from '../src/modules/assistants/assistant-access';
import type { OAuthClient } from './assistants';

/** The MCP test client as the authorisation server sees it: public (no secret), PKCE alone. */
export const MCP_REDIRECT_URI = 'http://127.0.0.1:33418/callback';

/** A `fetch` that answers through the app in process, as a client on the network would be answered. */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(init.body !== undefined && init.body !== null ? { payload: String(init.body) } : {}),
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(name, String(v));
    }
    const empty = res.statusCode === 202 || res.statusCode === 204 || res.rawPayload.length === 0;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: out });
  }) as typeof fetch;
}

/** An SDK client connected to the app's /mcp with `token` as its bearer token (none: no header). */
export async function mcpClient(
  app: FastifyInstance,
  token: string | null,
  publicUrl: string,
): Promise<Client> {
  const client = new Client({ name: 'parley-test-client', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${publicUrl}/mcp`), {
    fetch: injectFetch(app),
    requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : {},
  });
  await client.connect(transport);
  return client;
}

/** A tool call's text content, joined. */
export const textOf = (result: CallToolResult | Record<string, unknown>): string =>
  ((result as CallToolResult).content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join('\n');

/**
 * A stand-in for the OAuth module's AssistantAccess where a test needs no linking: tokens it
 * issued, checked by the same rules (resource, scope, revocation) and acting as the user's Actor
 * in the default project. The HTTP tests that link for real use the OAuth server instead.
 */
export function accessDouble(app: FastifyInstance, publicUrl: string) {
  const issued = new Map<string, AssistantPrincipal>();
  const access: AssistantAccess = {
    async verify(token, need) {
      if (!token) return { refused: 'missing' };
      const principal = issued.get(token);
      if (!principal || principal.resource !== need.resource) return { refused: 'invalid' };
      if (need.scope && !principal.scopes.includes(need.scope))
        return { refused: 'insufficient_scope', scope: need.scope };
      return principal;
    },
    async actor(principal): Promise<Actor | null> {
      const [user] = await app.database.db.select().from(users).where(eq(users.id, principal.userId));
      if (!user) return null;
      return actorOfUser(user, 'default');
    },
  };
  return {
    access,
    /** A token for `email`'s account with `scopes`, bound to the mcp resource unless told otherwise. */
    async issue(
      email: string,
      scopes: string[],
      resource = assistantResources(publicUrl).mcp,
    ): Promise<string> {
      const [user] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) throw new Error(`no user ${email}`);
      const token = randomBytes(24).toString('base64url');
      issued.set(token, {
        userId: user.id,
        clientId: 'mcp-test-client',
        kind: 'mcp',
        grantId: randomBytes(8).toString('hex'),
        scopes,
        resource,
      });
      return token;
    },
    revoke(token: string) {
      issued.delete(token);
    },
  };
}

/** Registers a public MCP client by RFC 7591 dynamic registration at the app's /oauth/register. */
export async function registerMcpClient(app: FastifyInstance): Promise<OAuthClient> {
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/register',
    headers: { 'content-type': 'application/json' },
    payload: {
      client_name: 'Parley MCP test client',
      redirect_uris: [MCP_REDIRECT_URI],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`registration refused: ${res.statusCode} ${res.body}`);
  const { client_id } = res.json() as { client_id: string };
  return { id: client_id, redirectUri: MCP_REDIRECT_URI, auth: 'none' };
}
