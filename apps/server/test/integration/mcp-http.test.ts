import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationItems, users } from '../../src/db/schema';
import { assistantResources } from '../../src/modules/assistants/assistant-access';
import { assistantEnv } from '../assistants';
import { buildTestApp, DEMO, TEST_DATABASES, type TestApp } from '../helpers';
import { accessDouble } from '../mcp';
import { createUser } from '../peers/factories';

const PUBLIC_URL = 'https://parley.example.com';
const METADATA_URL = `${PUBLIC_URL}/.well-known/oauth-protected-resource/mcp`;

/**
 * /mcp at the HTTP level: RFC 9728 metadata, the 401 and 403 challenges of the MCP authorization
 * specification (2025-11-25) and the stateless transport's methods. Tokens come from an
 * AssistantAccess double with the OAuth module's rules; mcp-oauth.test.ts links for real.
 */
describe.each(TEST_DATABASES)('MCP over HTTP on %s', (kind) => {
  let t: TestApp;
  let tokens: ReturnType<typeof accessDouble>;

  beforeAll(async () => {
    t = await buildTestApp(kind, assistantEnv(PUBLIC_URL));
    tokens = accessDouble(t.app, PUBLIC_URL);
    t.app.services.assistantAccess = tokens.access;
  }, 120_000);
  afterAll(() => t.close());

  let id = 0;
  const rpc = (body: unknown, headers: Record<string, string> = {}, url = '/mcp') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      payload: JSON.stringify(body),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const toolCall = (name: string, args: Record<string, unknown> = {}) => ({
    jsonrpc: '2.0',
    id: ++id,
    method: 'tools/call',
    params: { name, arguments: args },
  });
  const list = () => ({ jsonrpc: '2.0', id: ++id, method: 'tools/list', params: {} });
  const items = async () => {
    await t.app.services.conversations.historySettled();
    return Number((await t.app.database.db.select({ n: count() }).from(conversationItems))[0]!.n);
  };

  it('publishes its protected-resource metadata at both well-known paths', async () => {
    for (const url of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({
        resource: `${PUBLIC_URL}/mcp`,
        authorization_servers: [PUBLIC_URL],
        scopes_supported: ['ask', 'collections:read'],
        bearer_methods_supported: ['header'],
        resource_name: 'Parley',
      });
    }
  });

  it('answers 401 pointing at the metadata without a token, and adds invalid_token for a bad one', async () => {
    const none = await rpc(list());
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe(
      `Bearer scope="ask collections:read", resource_metadata="${METADATA_URL}"`,
    );
    expect(none.json().message).toEqual(expect.any(String));
    const bad = await rpc(list(), bearer('not-a-token'));
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token", /);
    expect(bad.headers['www-authenticate']).toContain(`resource_metadata="${METADATA_URL}"`);
    expect(bad.body).not.toContain('not-a-token');
  });

  it('reads the token from the Authorization header only, never the query string', async () => {
    const token = await tokens.issue(DEMO.email, ['ask']);
    expect((await rpc(list(), bearer(token))).statusCode).toBe(200);
    const inQuery = await rpc(list(), {}, `/mcp?access_token=${token}`);
    expect(inQuery.statusCode).toBe(401);
    expect(inQuery.headers['www-authenticate']).not.toContain('invalid_token');
  });

  it('refuses a web page of another origin (DNS rebinding), answers its own origin and servers', async () => {
    const token = await tokens.issue(DEMO.email, ['ask']);
    const before = await items();
    const foreign = await rpc(toolCall('ask', { question: 'revenue last month' }), {
      ...bearer(token),
      origin: 'http://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toContain('http://evil.example');
    expect(await items()).toBe(before);
    expect((await rpc(list(), { ...bearer(token), origin: PUBLIC_URL })).statusCode).toBe(200);
  });

  it('refuses a token bound to the assistants resource (Alexa, Teams) with 401', async () => {
    const token = await tokens.issue(
      DEMO.email,
      ['ask', 'collections:read'],
      assistantResources(PUBLIC_URL).assistants,
    );
    const res = await rpc(toolCall('list_sources'), bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('answers 403 naming the scope a tool call needs, before anything runs', async () => {
    const token = await tokens.issue(DEMO.email, ['ask']);
    const before = await items();
    for (const body of [
      toolCall('get_collection', { id: '00000000-0000-4000-8000-000000000000' }),
      toolCall('list_collections'),
      [toolCall('ask', { question: 'revenue by region last month' }), toolCall('list_collections')],
    ]) {
      const res = await rpc(body, bearer(token));
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.headers['www-authenticate']).toBe(
        `Bearer error="insufficient_scope", scope="collections:read", resource_metadata="${METADATA_URL}", ` +
          'error_description="This call needs the collections:read permission."',
      );
    }
    expect(await items()).toBe(before);
    // The scopes it has work: tools/list needs none, ask needs `ask`.
    const listed = await rpc(list(), bearer(token));
    expect(listed.json().result.tools).toHaveLength(5);
    const asked = await rpc(toolCall('ask', { question: 'revenue by region last month' }), bearer(token));
    expect(asked.statusCode).toBe(200);
    expect(asked.json().result.structuredContent.kind).toBe('card');
    const collectionsOnly = await tokens.issue(DEMO.email, ['collections:read']);
    const refused = await rpc(toolCall('ask', { question: 'revenue' }), bearer(collectionsOnly));
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['www-authenticate']).toContain('scope="ask"');
  });

  it('stops a revoked token at once, and a token of a deleted account', async () => {
    const token = await tokens.issue(DEMO.email, ['ask']);
    expect((await rpc(toolCall('list_sources'), bearer(token))).statusCode).toBe(200);
    tokens.revoke(token);
    const res = await rpc(toolCall('list_sources'), bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');

    const gone = await createUser(t.app);
    const orphan = await tokens.issue(gone.email, ['ask']);
    await t.app.database.db.delete(users).where(eq(users.id, gone.id));
    expect((await rpc(toolCall('list_sources'), bearer(orphan))).statusCode).toBe(401);
  });

  it('answers 405 to GET and DELETE (stateless: no stream, no session)', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/mcp', headers: { accept: 'text/event-stream' } });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow).toBe('POST');
    }
  });

  it('refuses a malformed body with a 4xx, never a 500', async () => {
    const token = await tokens.issue(DEMO.email, ['ask']);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        ...bearer(token),
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      payload: '{"jsonrpc":',
    });
    expect(broken.statusCode).toBe(400);
    const notRpc = await rpc({ hello: 'world' }, bearer(token));
    expect(notRpc.statusCode).toBeGreaterThanOrEqual(400);
    expect(notRpc.statusCode).toBeLessThan(500);
    const unknownTool = await rpc(toolCall('drop_tables'), bearer(token));
    expect(unknownTool.statusCode).toBe(200);
    expect(unknownTool.json().result.isError).toBe(true);
  });
});

describe('MCP limits', () => {
  let t: TestApp;
  let tokens: ReturnType<typeof accessDouble>;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { ...assistantEnv(PUBLIC_URL), ASK_RATE_LIMIT: '2' });
    tokens = accessDouble(t.app, PUBLIC_URL);
    t.app.services.assistantAccess = tokens.access;
  }, 120_000);
  afterAll(() => t.close());

  const post = (token: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      payload: JSON.stringify(body),
    });
  const call = (name: string) => ({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name, arguments: {} },
  });

  it('counts tool calls per user against ASK_RATE_LIMIT, as the conversation screen’s questions', async () => {
    const first = await tokens.issue(DEMO.email, ['ask']);
    const second = await tokens.issue(DEMO.email, ['ask']);
    expect((await post(first, call('list_sources'))).statusCode).toBe(200);
    expect((await post(second, call('list_sources'))).statusCode).toBe(200);
    // The protocol's own messages are not questions: they pass.
    expect((await post(first, { jsonrpc: '2.0', id: 2, method: 'tools/list' })).statusCode).toBe(200);
    const limited = await post(first, call('list_sources'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many requests/);
    // Another user has their own count.
    const other = await createUser(t.app);
    expect((await post(await tokens.issue(other.email, ['ask']), call('list_sources'))).statusCode).toBe(200);
  });

  it('answers a user without the conversations feature with a tool error, nothing asked', async () => {
    const user = await createUser(t.app, { features: ['SETTINGS', 'SETTINGS_PROFILE'] });
    const res = await post(await tokens.issue(user.email, ['ask']), {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'ask', arguments: { question: 'revenue by region last month' } },
    });
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/not allowed|feature|plan/i);
  });
});
