import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantResources } from '../../src/modules/assistants/assistant-access';
import {
  assistantEnv,
  authorize,
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

/** The OAuth negative cases of issue 33's Done-when line: each refused, and nothing else changed. */
describe.each(TEST_DATABASES)('OAuth refusals on %s', (kind) => {
  let t: TestApp;
  let now = new Date(TEST_NOW).getTime();
  let session: Awaited<ReturnType<typeof login>>;
  const verify = (token: string, resource = resources.assistants) =>
    t.app.services.assistantAccess.verify(token, { resource });
  /** How many records of each model the store holds: what a refused request must leave as it was. */
  const census = async () => {
    const res = (await t.app.database.db.execute(
      sql`select model, count(*)::int as n from oauth_records where consumed_at is null group by model order by model`,
    )) as unknown as { rows: { model: string; n: number }[] };
    return Object.fromEntries(res.rows.map((r) => [r.model, Number(r.n)]));
  };
  const exchange = (client: typeof alexa, code: string, verifier: string) =>
    tokenRequest(t.app, client, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.redirectUri,
      code_verifier: verifier,
    });

  beforeAll(async () => {
    t = await buildTestApp(kind, assistantEnv(PUBLIC_URL), () => new Date(now));
    session = await login(t.app, DEMO);
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses a reused code and revokes what the first exchange issued', async () => {
    const { code, pkce } = await authorize(t.app, session, alexa);
    const first = await exchange(alexa, code, pkce.verifier);
    expect(first.statusCode, first.body).toBe(200);
    expect(await verify(first.json().access_token)).toMatchObject({ kind: 'alexa' });
    const again = await exchange(alexa, code, pkce.verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await verify(first.json().access_token)).toEqual({ refused: 'invalid' });
  });

  it('refuses an expired code (over 5 minutes old) and a wrong code_verifier, issuing nothing', async () => {
    const { code, pkce } = await authorize(t.app, session, alexa);
    const before = await census();
    const wrong = await exchange(alexa, code, pkcePair().verifier);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await census()).toEqual(before);
    now += 301_000;
    try {
      const late = await exchange(alexa, code, pkce.verifier);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ error: 'invalid_grant' });
      expect((await census()).AccessToken ?? 0).toBe(before.AccessToken ?? 0);
    } finally {
      now -= 301_000;
    }
  });

  it('never redirects to an unregistered redirect_uri, and requires PKCE', async () => {
    const before = await census();
    const query = (extra: Record<string, string>) =>
      new URLSearchParams({
        client_id: alexa.id,
        redirect_uri: alexa.redirectUri,
        response_type: 'code',
        scope: 'email',
        state: 's1',
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
        ...extra,
      });
    for (const redirect of [
      'https://evil.example/cb',
      `${alexa.redirectUri}/x`,
      `${alexa.redirectUri}?a=1`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/oauth/authorize?${query({ redirect_uri: redirect })}`,
      });
      expect(res.statusCode, redirect).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('redirect_uri');
    }
    // Without PKCE (or with plain) the error goes back to the registered client, never a code.
    const plain = query({ code_challenge_method: 'plain' });
    const noPkce = query({});
    noPkce.delete('code_challenge');
    noPkce.delete('code_challenge_method');
    for (const q of [plain, noPkce]) {
      const res = await t.app.inject({ method: 'GET', url: `/oauth/authorize?${q}` });
      const back = new URL(String(res.headers.location));
      expect(`${back.origin}${back.pathname}`).toBe(alexa.redirectUri);
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.get('code')).toBeNull();
    }
    expect(await census()).toEqual(before);
  });

  it('binds the token to its resource: refused at the other one; unknown resources refused', async () => {
    const mcp = await linkAssistant(t.app, session, alexa, { resource: resources.mcp });
    expect(await verify(mcp.access_token, resources.mcp)).toMatchObject({ resource: resources.mcp });
    expect(await verify(mcp.access_token, resources.assistants)).toEqual({ refused: 'invalid' });
    const assistants = await linkAssistant(t.app, session, alexa);
    expect(await verify(assistants.access_token, resources.mcp)).toEqual({ refused: 'invalid' });
    await expect(
      authorize(t.app, session, alexa, { resource: 'https://elsewhere.example/api' }),
    ).rejects.toThrow(/invalid_target|no code/);
    expect(await verify('not-a-token')).toEqual({ refused: 'invalid' });
    expect(
      await t.app.services.assistantAccess.verify(undefined, { resource: resources.assistants }),
    ).toEqual({
      refused: 'missing',
    });
  });

  it('a revoked link stops at once: DELETE /api/v1/assistants/:id, and /oauth/revoke', async () => {
    const tokens = await linkAssistant(t.app, session, msbot);
    const principal = await verify(tokens.access_token);
    expect(principal).toMatchObject({ kind: 'msbot' });
    const id = (principal as { grantId: string }).grantId;
    const del = await session.call('DELETE', `/api/v1/assistants/${id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await verify(tokens.access_token)).toEqual({ refused: 'invalid' });
    const refresh = await tokenRequest(t.app, msbot, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });

    const other = await linkAssistant(t.app, session, alexa);
    // Another client cannot revoke it: the answer is the same 200, and the token still works.
    const foreign = await tokenRequest(t.app, msbot, { token: other.access_token }, '/oauth/revoke');
    expect(foreign.statusCode).toBe(200);
    expect(await verify(other.access_token)).toMatchObject({ kind: 'alexa' });
    const revoke = await tokenRequest(t.app, alexa, { token: other.refresh_token }, '/oauth/revoke');
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(await verify(other.access_token)).toEqual({ refused: 'invalid' });
  });

  it('a refresh token used twice is refused and kills the whole link', async () => {
    const tokens = await linkAssistant(t.app, session, alexa);
    const first = await tokenRequest(t.app, alexa, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await tokenRequest(t.app, alexa, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await verify(first.json().access_token)).toEqual({ refused: 'invalid' });
    const rotated = await tokenRequest(t.app, alexa, {
      grant_type: 'refresh_token',
      refresh_token: first.json().refresh_token,
    });
    expect(rotated.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong client secret with OAuth JSON, not the app error shape', async () => {
    const { code, pkce } = await authorize(t.app, session, alexa);
    const res = await exchange({ ...alexa, secret: 'wrong-secret-0123456789abcdef' }, code, pkce.verifier);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_client' });
    expect(res.json().message).toBeUndefined();
  });
});
