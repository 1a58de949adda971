import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantChats, oauthRecords } from '../../src/db/schema';
import { assistantResources } from '../../src/modules/assistants/assistant-access';
import {
  assistantEnv,
  authorize,
  browserOf,
  linkAssistant,
  pkcePair,
  TEST_ASSISTANT_CLIENTS,
  tokenRequest,
} from '../assistants';
import { buildTestApp, TEST_DATABASES, TEST_NOW, type TestApp } from '../helpers';

const TEST_NOW_ISO = new Date(TEST_NOW).toISOString();

import { createUser, login } from '../peers/factories';

const DEMO = { email: 'demo@parley.local', password: 'Demo-pass-123!' };
const PUBLIC_URL = 'http://localhost:8080';
const resources = assistantResources(PUBLIC_URL);
const { alexa, msbot } = TEST_ASSISTANT_CLIENTS;
/** The https client ids the test's fetch serves from the local document server. */
const CIMD_ORIGIN = 'https://mcp-client.example';
const CIMD_ID = `${CIMD_ORIGIN}/client.json`;
const CIMD_REDIRECT = 'http://127.0.0.1:33418/callback';

/** Client ID Metadata Documents served over plain http on 127.0.0.1, by path. */
function documentServer(docs: Record<string, unknown>): Promise<Server> {
  const server = createServer((req, res) => {
    const doc = docs[req.url ?? ''];
    res
      .writeHead(doc ? 200 : 404, { 'content-type': 'application/json' })
      .end(doc ? JSON.stringify(doc) : '{}');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.each(TEST_DATABASES)('assistant clients, Linked assistants and the token store on %s', (kind) => {
  let t: TestApp;
  let docs: Server;
  let session: Awaited<ReturnType<typeof login>>;

  beforeAll(async () => {
    docs = await documentServer({
      '/client.json': {
        client_id: CIMD_ID,
        client_name: 'Test MCP Client',
        client_uri: CIMD_ORIGIN,
        redirect_uris: [CIMD_REDIRECT],
        token_endpoint_auth_method: 'none',
      },
      '/mismatch.json': { client_id: `${CIMD_ORIGIN}/other.json`, redirect_uris: [CIMD_REDIRECT] },
    });
    const port = (docs.address() as AddressInfo).port;
    // Only the test's build option routes the https client ids to the local server.
    const metadataFetch: typeof fetch = (url, init) =>
      fetch(String(url).replace(CIMD_ORIGIN, `http://127.0.0.1:${port}`), {
        ...init,
        dispatcher: undefined,
      } as RequestInit);
    t = await buildTestApp(kind, assistantEnv(PUBLIC_URL), undefined, {
      build: { oauthMetadataFetch: metadataFetch },
    });
    session = await login(t.app, DEMO);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    docs?.close();
  });

  it('serves RFC 8414 metadata naming the endpoints and what they support', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer: PUBLIC_URL,
      authorization_endpoint: `${PUBLIC_URL}/oauth/authorize`,
      token_endpoint: `${PUBLIC_URL}/oauth/token`,
      revocation_endpoint: `${PUBLIC_URL}/oauth/revoke`,
      registration_endpoint: `${PUBLIC_URL}/oauth/register`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      scopes_supported: ['email', 'ask', 'collections:read'],
      client_id_metadata_document_supported: true,
    });
  });

  it('links an MCP client named by its metadata document; the consent view shows its name', async () => {
    const client = { id: CIMD_ID, redirectUri: CIMD_REDIRECT, auth: 'none' as const };
    const start = await t.app.inject({
      method: 'GET',
      url: `/oauth/authorize?${new URLSearchParams({ client_id: CIMD_ID, redirect_uri: CIMD_REDIRECT, response_type: 'code', scope: 'ask', state: 'st', code_challenge: pkcePair().challenge, code_challenge_method: 'S256', resource: resources.mcp })}`,
    });
    const login = new URL(String(start.headers.location), PUBLIC_URL);
    expect(login.pathname).toBe('/login');
    expect(Object.fromEntries(login.searchParams)).toMatchObject({
      client: 'mcp',
      client_id: CIMD_ID,
      redirect_uri: CIMD_REDIRECT,
      state: 'st',
      scope: 'ask',
      response_type: 'code',
    });
    const view = await browserOf(
      t.app,
      session,
      start,
    )('GET', `/api/v1/oauth/interaction/${login.searchParams.get('interaction')}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toEqual({
      uid: login.searchParams.get('interaction'),
      client: { id: CIMD_ID, name: 'Test MCP Client', kind: 'mcp', uri: CIMD_ORIGIN, logo_uri: null },
      scopes: ['ask'],
      resource: resources.mcp,
      redirect_host: '127.0.0.1:33418',
    });
    const tokens = await linkAssistant(t.app, session, client, { scope: 'ask', resource: resources.mcp });
    const access = t.app.services.assistantAccess;
    expect(await access.verify(tokens.access_token, { resource: resources.mcp, scope: 'ask' })).toMatchObject(
      { kind: 'mcp' },
    );
    expect(
      await access.verify(tokens.access_token, { resource: resources.mcp, scope: 'collections:read' }),
    ).toEqual({
      refused: 'insufficient_scope',
      scope: 'collections:read',
    });
  });

  it('refuses a metadata document whose client_id differs, and a non-https client id', async () => {
    for (const id of [`${CIMD_ORIGIN}/mismatch.json`, 'http://127.0.0.1:9/client.json']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/oauth/authorize?${new URLSearchParams({ client_id: id, redirect_uri: CIMD_REDIRECT, response_type: 'code', scope: 'ask', code_challenge: pkcePair().challenge, code_challenge_method: 'S256' })}`,
      });
      expect(res.statusCode, id).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('registers a public client dynamically (RFC 7591) and refuses a confidential one', async () => {
    const register = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/oauth/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const res = await register({
      redirect_uris: [CIMD_REDIRECT],
      client_name: 'Registered MCP',
      token_endpoint_auth_method: 'none',
    });
    expect(res.statusCode, res.body).toBe(201);
    const reg = res.json();
    expect(reg.client_secret).toBeUndefined();
    const tokens = await linkAssistant(
      t.app,
      session,
      { id: reg.client_id, redirectUri: CIMD_REDIRECT, auth: 'none' },
      { scope: 'ask', resource: resources.mcp },
    );
    expect(tokens.access_token).toBeTruthy();
    const secret = await register({
      redirect_uris: [CIMD_REDIRECT],
      token_endpoint_auth_method: 'client_secret_basic',
    });
    expect(secret.statusCode).toBe(400);
    expect(secret.json()).toMatchObject({ error: 'invalid_client_metadata' });
    // Registration is limited per address: 10 a minute.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (await register({ redirect_uris: [CIMD_REDIRECT], token_endpoint_auth_method: 'none' })).statusCode,
      );
    }
    expect(statuses.slice(0, 8).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('lists, updates and revokes linked assistants; another user gets 404; the guide counts them', async () => {
    const user = await createUser(t.app);
    const me = await login(t.app, user);
    expect((await me.call('GET', '/features/guide')).json().assistant).toMatchObject({
      done: false,
      linked: 0,
    });
    await linkAssistant(t.app, me, alexa);
    await linkAssistant(t.app, me, msbot);
    expect((await me.call('GET', '/features/guide')).json().assistant).toMatchObject({
      done: true,
      linked: 2,
    });
    const list = (await me.call('GET', '/api/v1/assistants')).json();
    expect(list).toHaveLength(2);
    const byKind = Object.fromEntries(list.map((a: { kind: string }) => [a.kind, a]));
    expect(byKind.alexa).toMatchObject({
      client: alexa.id,
      name: 'Amazon Alexa',
      scopes: ['email'],
      last_used_at: null,
      digests: null,
    });
    expect(byKind.msbot).toMatchObject({ client: msbot.id, name: 'Microsoft Teams', digests: false });

    // Digests: Teams only, and only once a chat is linked.
    expect(
      (await me.call('PUT', `/api/v1/assistants/${byKind.alexa.id}`, { digests: true })).statusCode,
    ).toBe(400);
    const noChat = await me.call('PUT', `/api/v1/assistants/${byKind.msbot.id}`, { digests: true });
    expect(noChat.statusCode).toBe(409);
    expect(noChat.json().message).toMatch(/Teams/);
    await t.app.database.db.insert(assistantChats).values({
      userId: user.id,
      grantId: byKind.msbot.id,
      channel: 'teams',
      conversationId: 'a:1',
      address: { serviceUrl: 'https://smba.trafficmanager.net/teams/' },
    });
    const on = await me.call('PUT', `/api/v1/assistants/${byKind.msbot.id}`, { digests: true });
    expect(on.json()).toMatchObject({ id: byKind.msbot.id, digests: true });

    // Someone else's link is not found, and stays.
    for (const method of ['DELETE', 'PUT'] as const) {
      const res = await session.call(
        method,
        `/api/v1/assistants/${byKind.alexa.id}`,
        method === 'PUT' ? { digests: true } : undefined,
      );
      expect(res.statusCode).toBe(404);
    }
    expect((await me.call('GET', '/api/v1/assistants')).json()).toHaveLength(2);

    expect((await me.call('DELETE', `/api/v1/assistants/${byKind.msbot.id}`)).statusCode).toBe(200);
    expect((await me.call('GET', '/api/v1/assistants')).json().map((a: { kind: string }) => a.kind)).toEqual([
      'alexa',
    ]);
    const chats = await t.app.database.db.select().from(assistantChats);
    expect(chats.filter((c) => c.grantId === byKind.msbot.id)).toEqual([]);
    expect((await me.call('GET', '/features/guide')).json().assistant.linked).toBe(1);
  });

  it('records the last use of a link at most once a minute', async () => {
    const user = await createUser(t.app);
    const me = await login(t.app, user);
    const tokens = await linkAssistant(t.app, me, alexa);
    const use = () =>
      t.app.services.assistantAccess.verify(tokens.access_token, { resource: resources.assistants });
    const lastUsed = async () => (await me.call('GET', '/api/v1/assistants')).json()[0].last_used_at;
    const setLastUsed = (at: Date) =>
      t.app.database.db
        .update(oauthRecords)
        .set({ lastUsedAt: at })
        .where(and(eq(oauthRecords.userId, user.id), eq(oauthRecords.model, 'Grant')));
    expect(await lastUsed()).toBeNull();
    await use();
    expect(await lastUsed()).toBe(TEST_NOW_ISO);
    const recent = new Date(Date.parse(TEST_NOW_ISO) - 30_000);
    await setLastUsed(recent);
    await use();
    expect(await lastUsed()).toBe(recent.toISOString());
    await setLastUsed(new Date(Date.parse(TEST_NOW_ISO) - 90_000));
    await use();
    expect(await lastUsed()).toBe(TEST_NOW_ISO);
  });

  it('stores no code or token in the clear', async () => {
    const { code, pkce } = await authorize(t.app, session, alexa);
    const dump = async () =>
      JSON.stringify(
        (
          (await t.app.database.db.execute(sql`select * from oauth_records`)) as unknown as {
            rows: unknown[];
          }
        ).rows,
      );
    expect(await dump()).not.toContain(code);
    const res = await tokenRequest(t.app, alexa, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: alexa.redirectUri,
      code_verifier: pkce.verifier,
    });
    const { access_token, refresh_token } = res.json();
    const stored = await dump();
    for (const secret of [code, access_token, refresh_token]) expect(stored).not.toContain(secret);
  });
});
