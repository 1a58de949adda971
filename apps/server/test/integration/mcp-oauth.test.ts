import type { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMcpAnswer } from '../../src/modules/assistants/mcp/mcp-card';
import { assistantEnv, linkAssistant, type OAuthClient, tokenRequest } from '../assistants';
import { buildTestApp, DEMO, TEST_DATABASES, type TestApp } from '../helpers';
import { mcpClient, registerMcpClient, textOf } from '../mcp';
import { login } from '../peers/factories';

const PUBLIC_URL = 'http://localhost:8080';
const MCP_RESOURCE = `${PUBLIC_URL}/mcp`;

/**
 * /mcp with tokens from a real link: an MCP client registered dynamically (RFC 7591, public, PKCE),
 * the user's consent, the code exchanged for a token bound to the mcp resource (RFC 8707).
 */
describe.each(TEST_DATABASES)('MCP with linked tokens on %s', (kind) => {
  let t: TestApp;
  let session: Awaited<ReturnType<typeof login>>;
  let client: OAuthClient;

  beforeAll(async () => {
    t = await buildTestApp(kind, { ...assistantEnv(PUBLIC_URL), ASK_RATE_LIMIT: '0' });
    session = await login(t.app, DEMO);
    client = await registerMcpClient(t.app);
  }, 120_000);
  afterAll(() => t.close());

  /** `resource` null: none sent, so the token is bound to the default (assistants) resource. */
  const link = (scope: string, resource: string | null = MCP_RESOURCE) =>
    linkAssistant(t.app, session, client, { scope, ...(resource ? { resource } : {}) });
  const rpc = (token: string, name: string, args: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      payload: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name, arguments: args },
      }),
    });

  it('answers the demo question with the conversation screen’s numbers through a linked token', async () => {
    const tokens = await link('ask collections:read');
    let mcp: McpClient | null = null;
    try {
      mcp = await mcpClient(t.app, tokens.access_token, PUBLIC_URL);
      const result = (await mcp.callTool({
        name: 'ask',
        arguments: { question: 'revenue by region last month' },
      })) as CallToolResult;
      expect(result.isError, textOf(result)).toBeFalsy();
      const screen = await session.call('POST', '/features/conversations/query', {
        phrase: 'revenue by region last month',
        created: Date.now(),
      });
      const card = (result.structuredContent as TMcpAnswer).card!;
      expect(card.rows).toEqual(screen.json().responses[0].card.table);
    } finally {
      await mcp?.close();
    }
  });

  it('refuses at /mcp a token linked for the assistants resource (Alexa, Teams)', async () => {
    const tokens = await link('ask collections:read', null);
    const res = await rpc(tokens.access_token, 'list_sources');
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('answers 403 naming collections:read to a token linked without it', async () => {
    const tokens = await link('ask');
    const res = await rpc(tokens.access_token, 'get_collection', {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['www-authenticate']).toContain('error="insufficient_scope", scope="collections:read"');
    expect((await rpc(tokens.access_token, 'list_sources')).statusCode).toBe(200);
  });

  it('stops a link revoked on Linked assistants at once, and a token revoked at /oauth/revoke', async () => {
    const tokens = await link('ask');
    expect((await rpc(tokens.access_token, 'list_sources')).statusCode).toBe(200);
    const linked = (await session.call('GET', '/api/v1/assistants')).json() as {
      id: string;
      client: string;
    }[];
    const mine = linked.filter((l) => l.client === client.id);
    expect(mine.length).toBeGreaterThan(0);
    for (const l of mine)
      expect((await session.call('DELETE', `/api/v1/assistants/${l.id}`)).statusCode).toBe(200);
    const after = await rpc(tokens.access_token, 'list_sources');
    expect(after.statusCode).toBe(401);
    expect(after.headers['www-authenticate']).toContain('error="invalid_token"');

    const again = await link('ask');
    expect((await rpc(again.access_token, 'list_sources')).statusCode).toBe(200);
    const revoked = await tokenRequest(t.app, client, { token: again.access_token }, '/oauth/revoke');
    expect(revoked.statusCode).toBe(200);
    expect((await rpc(again.access_token, 'list_sources')).statusCode).toBe(401);
  });
});
