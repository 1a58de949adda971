import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantResources } from '../../src/modules/assistants/assistant-access';
import {
  assistantEnv,
  browserOf,
  linkAssistant,
  pkcePair,
  TEST_ASSISTANT_CLIENTS,
  tokenRequest,
} from '../assistants';
import { buildTestApp, TEST_DATABASES, TEST_NOW, type TestApp } from '../helpers';
import { login } from '../peers/factories';

const DEMO = { email: 'demo@parley.local', password: 'Demo-pass-123!' };
const PUBLIC_URL = 'http://localhost:8080';
const resources = assistantResources(PUBLIC_URL);
const { alexa, msbot } = TEST_ASSISTANT_CLIENTS;

describe.each(TEST_DATABASES)('assistant account linking (OAuth) on %s', (kind) => {
  let t: TestApp;
  const now = new Date(TEST_NOW).getTime();
  let session: Awaited<ReturnType<typeof login>>;
  const access = () => t.app.services.assistantAccess;
  beforeAll(async () => {
    t = await buildTestApp(kind, assistantEnv(PUBLIC_URL), () => new Date(now));
    session = await login(t.app, DEMO);
  }, 120_000);
  afterAll(() => t?.close());

  it('links Alexa (HTTP Basic) end to end; the token asks as the demo user on the assistants resource', async () => {
    const tokens = await linkAssistant(t.app, session, alexa);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'email' });
    expect(tokens.refresh_token).toBeTruthy();
    const principal = await access().verify(tokens.access_token, {
      resource: resources.assistants,
      scope: 'ask',
    });
    expect(principal).toMatchObject({ clientId: alexa.id, kind: 'alexa', scopes: ['email'] });
    const actor = await access().actor(principal as never);
    expect(actor).toMatchObject({ email: DEMO.email, projectId: 'default' });
  });

  it('links MSBot with body credentials, and refreshes with rotation', async () => {
    const tokens = await linkAssistant(t.app, session, msbot);
    const res = await tokenRequest(t.app, msbot, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(await access().verify(next.access_token, { resource: resources.assistants })).toMatchObject({
      kind: 'msbot',
    });
  });

  it('sends access_denied back when the user declines; an unknown or answered request is 404; a session is needed', async () => {
    const query = new URLSearchParams({
      client_id: alexa.id,
      redirect_uri: alexa.redirectUri,
      response_type: 'code',
      scope: 'email',
      state: 'deny-1',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    });
    const start = await t.app.inject({ method: 'GET', url: `/oauth/authorize?${query}` });
    const uid = new URL(String(start.headers.location), PUBLIC_URL).searchParams.get('interaction')!;
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/oauth/interaction/${uid}` });
    expect(anonymous.statusCode).toBe(401);
    const browser = browserOf(t.app, session, start);
    const deny = await browser('POST', `/api/v1/oauth/interaction/${uid}/deny`, {});
    expect(deny.statusCode, deny.body).toBe(200);
    const again = await browser('POST', `/api/v1/oauth/interaction/${uid}/consent`, {});
    expect(again.statusCode).toBe(404);
    const cookies = start.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const resumed = await t.app.inject({
      method: 'GET',
      url: deny.json().redirect,
      headers: { cookie: cookies },
    });
    const back = new URL(String(resumed.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(alexa.redirectUri);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('deny-1');
    expect(back.searchParams.get('code')).toBeNull();

    const unknown = await session.call('GET', '/api/v1/oauth/interaction/no-such-request');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/expired or does not exist/);
  });

  it('resumes only in the browser that started the request (the resume cookie)', async () => {
    const query = new URLSearchParams({
      client_id: alexa.id,
      redirect_uri: alexa.redirectUri,
      response_type: 'code',
      scope: 'email',
      state: 's',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    });
    const start = await t.app.inject({ method: 'GET', url: `/oauth/authorize?${query}` });
    const uid = new URL(String(start.headers.location), PUBLIC_URL).searchParams.get('interaction')!;
    const consent = await browserOf(t.app, session, start)(
      'POST',
      `/api/v1/oauth/interaction/${uid}/consent`,
      {},
    );
    const elsewhere = await t.app.inject({ method: 'GET', url: consent.json().redirect });
    expect(elsewhere.statusCode).toBe(400);
    expect(String(elsewhere.headers.location ?? '')).not.toContain('code=');
  });

  it('lets only the browser that started a request answer it: a victim sent its link cannot consent for it', async () => {
    const query = new URLSearchParams({
      client_id: alexa.id,
      redirect_uri: alexa.redirectUri,
      response_type: 'code',
      scope: 'email',
      state: 'phish',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    });
    const links = async () => (await session.call('GET', '/api/v1/assistants')).json().length as number;
    const before = await links();
    // The attacker's browser starts the request and keeps its resume cookie.
    const start = await t.app.inject({ method: 'GET', url: `/oauth/authorize?${query}` });
    const uid = new URL(String(start.headers.location), PUBLIC_URL).searchParams.get('interaction')!;
    // The victim, signed in elsewhere, opens the link: neither the view nor the answers work there.
    for (const [method, url] of [
      ['GET', `/api/v1/oauth/interaction/${uid}`],
      ['POST', `/api/v1/oauth/interaction/${uid}/consent`],
      ['POST', `/api/v1/oauth/interaction/${uid}/deny`],
    ] as const) {
      const res = await session.call(method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toMatch(/started in another browser/);
    }
    // So the attacker's resume finds no answer and gets no code.
    const cookies = start.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const resumed = await t.app.inject({
      method: 'GET',
      url: `/oauth/authorize/${uid}`,
      headers: { cookie: cookies },
    });
    expect(String(resumed.headers.location ?? '')).not.toContain('code=');
    expect(await links()).toBe(before);
  });
});
