import { type Ga4StandIn, startGa4StandIn } from '@parley/testing/standins/ga4-standin';
import { type OidcPeer, startOidcPeer } from '@parley/testing/standins/oidc-standin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasources } from '../../src/db/schema';
import { GA4_SCOPE } from '../../src/modules/datasources/datasource-oauth.service';
import { buildTestApp, type Client, DEMO, signIn, TEST_DATABASES, TEST_NOW, type TestApp } from '../helpers';

const PUBLIC_URL = 'http://localhost:8080';
const CALLBACK = `${PUBLIC_URL}/api/v1/datasource/callback`;
const TODAY = '2026-11-20';

describe.each(TEST_DATABASES)('Google Analytics 4 through OAuth and the stand-in on %s', (kind) => {
  let t: TestApp;
  let idp: OidcPeer;
  let ga4: Ga4StandIn;
  let client: Client;
  let now = new Date(TEST_NOW);
  let sourceId = '';
  const logs: string[] = [];

  beforeAll(async () => {
    idp = await startOidcPeer(
      `${PUBLIC_URL}/auth/callback`,
      { alice: { email: 'alice@example.com', email_verified: true } },
      { extraRedirectUris: [CALLBACK], extraScopes: [GA4_SCOPE] },
    );
    ga4 = await startGa4StandIn({ today: TODAY, verifyToken: (token) => idp.verifyAccessToken(token) });
    t = await buildTestApp(
      kind,
      {
        PUBLIC_URL,
        GOOGLE_ISSUER: idp.issuer,
        GOOGLE_CLIENT_ID: idp.clientId,
        GOOGLE_CLIENT_SECRET: idp.clientSecret,
        GA4_DATA_API_URL: ga4.url,
        GA4_ADMIN_API_URL: ga4.url,
      },
      () => now,
      // Everything the app logs, at debug, to prove no token is ever written there.
      { logger: { level: 'debug', stream: { write: (line: string) => logs.push(line) } } },
    );
    client = await signIn(t.app, DEMO.email, DEMO.password);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await ga4?.close();
    await idp?.close();
  });

  const redirect = async (query = '') => {
    const res = await client.inject({
      method: 'GET',
      url: `/api/v1/datasourceredirect?type=GOOGLE_ANALYTICS${query}`,
    });
    expect(res.statusCode).toBe(302);
    const state = res.cookies.find((c) => c.name === 'parley_ds_oauth')!;
    expect(state.httpOnly).toBe(true);
    return { location: String(res.headers.location), stateCookie: `parley_ds_oauth=${state.value}` };
  };
  const callback = (url: URL, stateCookie: string) =>
    client.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie: `${client.cookie}; ${stateCookie}` },
    });
  const rowOf = async () =>
    (await t.app.database.db.select().from(datasources).where(eq(datasources.id, sourceId)))[0]!;
  const ask = (phrase: string) =>
    client.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase, created: Date.now(), datasource_id: sourceId },
    });
  const credential = async () =>
    (await client.inject({ method: 'GET', url: '/auth/tenant' })).json().credentials[sourceId];
  /** Every token the stand-in has seen: none may appear in an answer, a row in clear, or a log line. */
  const seenTokens = () => [...new Set(ga4.requests.map((r) => r.token).filter((x): x is string => !!x))];

  it('redirects to the consent screen with the Analytics scope, offline access, consent, state and PKCE', async () => {
    const url = new URL((await redirect()).location);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('scope')).toBe(GA4_SCOPE);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
  });

  it('refuses a callback whose state does not match (400) and stores nothing', async () => {
    const a = await redirect();
    const b = await redirect();
    const back = await idp.authorize(a.location, 'alice');
    const res = await callback(back, b.stateCookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/state/);
    const none = await callback(await idp.authorize((await redirect()).location, 'alice'), '');
    expect(none.statusCode).toBe(400);
    const rows = await t.app.database.db
      .select()
      .from(datasources)
      .where(eq(datasources.type, 'GOOGLE_ANALYTICS'));
    expect(rows).toHaveLength(0);
  });

  it('a consent the user declines goes back to the screen and stores nothing', async () => {
    const { location, stateCookie } = await redirect();
    const state = new URL(location).searchParams.get('state')!;
    const res = await callback(new URL(`${CALLBACK}?error=access_denied&state=${state}`), stateCookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/user/datasources?error=access_denied');
    const rows = await t.app.database.db
      .select()
      .from(datasources)
      .where(eq(datasources.type, 'GOOGLE_ANALYTICS'));
    expect(rows).toHaveLength(0);
  });

  it('a decline after the state cookie expired, or another provider error, still goes back to the screen', async () => {
    const { location } = await redirect();
    const state = new URL(location).searchParams.get('state')!;
    const late = await callback(new URL(`${CALLBACK}?error=access_denied&state=${state}`), '');
    expect(late.statusCode).toBe(302);
    expect(late.headers.location).toBe('/user/datasources?error=access_denied');
    const failed = await callback(new URL(`${CALLBACK}?error=server_error&state=${state}`), '');
    expect(failed.headers.location).toBe('/user/datasources?error=oauth_failed');
    const rows = await t.app.database.db
      .select()
      .from(datasources)
      .where(eq(datasources.type, 'GOOGLE_ANALYTICS'));
    expect(rows).toHaveLength(0);
  });

  it('the callback exchanges the code and stores the tokens sealed, then goes to the data-sources screen', async () => {
    const { location, stateCookie } = await redirect();
    const res = await callback(await idp.authorize(location, 'alice'), stateCookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/user/datasources');
    const [row] = await t.app.database.db
      .select()
      .from(datasources)
      .where(eq(datasources.type, 'GOOGLE_ANALYTICS'));
    sourceId = row!.id;
    expect(row!.secrets).toMatch(/^v1\./);
    expect(JSON.stringify(row!.configPublic)).not.toMatch(/access_token|refresh_token/);
    const cred = await credential();
    expect(cred).toMatchObject({
      type: 'GOOGLE_ANALYTICS',
      auth_type: 'oauth2',
      active: true,
      revoked: false,
    });
    expect(JSON.stringify(cred)).not.toMatch(/token/);
  });

  it('lists the properties of every account (paged) and selects one; an unknown id is refused', async () => {
    const early = await ask('sessions last month');
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/Choose an account/);
    const res = await client.inject({
      method: 'GET',
      url: `/api/v1/datasource/accounts?type=GOOGLE_ANALYTICS&datasource_id=${sourceId}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: { id: string }) => a.id)).toEqual([
      '300000001',
      '300000002',
      '300000003',
      '300000004',
    ]);
    const bad = await client.inject({
      method: 'POST',
      url: '/api/v1/datasource/account',
      payload: { type: 'GOOGLE_ANALYTICS', datasource_id: sourceId, account: { id: '999', name: 'x' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid Account!');
    const ok = await client.inject({
      method: 'POST',
      url: '/api/v1/datasource/account',
      payload: {
        type: 'GOOGLE_ANALYTICS',
        datasource_id: sourceId,
        account: { id: '300000001', name: 'Parley Shop' },
      },
    });
    expect(ok.statusCode).toBe(200);
    expect((await credential()).selected_account).toBe('300000001');
  });

  it('answers questions from the stand-in: a total, a breakdown and a comparison', async () => {
    const total = await ask('sessions last month');
    expect(total.statusCode).toBe(200);
    const card = total.json().responses[0].card;
    expect(card.table).toEqual([{ Sessions: ga4.total('sessions', '2026-10-01', '2026-10-31') }]);
    expect(card.columns[0]).toMatchObject({ key: 'Sessions', kind: 'measure', format: 'number' });

    const byCountry = (await ask('purchase revenue by country last month')).json().responses[0].card;
    const turkey = byCountry.table.find((r: Record<string, unknown>) => r.Country === 'Turkey');
    expect(turkey['Purchase revenue']).toBeCloseTo(
      ga4.total('purchaseRevenue', '2026-10-01', '2026-10-31', { country: 'Turkey' }),
      6,
    );
    expect(byCountry.columns.find((c: { key: string }) => c.key === 'Purchase revenue').format).toBe(
      'currency',
    );

    const compared = (await ask('sessions last month vs previous period')).json().responses[0].card;
    expect(compared.table[0]).toMatchObject({
      Sessions: ga4.total('sessions', '2026-10-01', '2026-10-31'),
      Previous_Sessions: ga4.total('sessions', '2026-09-01', '2026-09-30'),
    });
  });

  it('a combination GA4 refuses is explained, not a 500', async () => {
    const res = await ask('sessions by item name last month');
    expect(res.statusCode).toBe(200);
    const [response] = res.json().responses;
    expect(response.card).toBeUndefined();
    expect(response.text).toMatch(/cannot answer/);
  });

  it('refreshes the access token before it expires and keeps answering', async () => {
    const before = seenTokens();
    expect(idp.tokenGrants.filter((g) => g === 'refresh_token')).toHaveLength(0);
    // 59.5 minutes later the hour-long token is within a minute of expiring.
    now = new Date(now.getTime() + 59.5 * 60_000);
    const res = await ask('sessions yesterday');
    expect(res.statusCode).toBe(200);
    expect(res.json().responses[0].card.table).toEqual([
      { Sessions: ga4.total('sessions', '2026-11-19', '2026-11-19') },
    ]);
    expect(idp.tokenGrants.filter((g) => g === 'refresh_token')).toHaveLength(1);
    const last = ga4.requests.at(-1)!.token!;
    expect(before).not.toContain(last);
  });

  it('never shows or logs a token, and keeps none in clear in the database', async () => {
    const tokens = seenTokens();
    expect(tokens.length).toBeGreaterThan(1);
    const answers = [
      JSON.stringify((await client.inject({ method: 'GET', url: '/auth/tenant' })).json()),
      JSON.stringify((await ask('sessions last month')).json()),
      (await client.inject({ method: 'GET', url: '/api/v1/datasource/types' })).body,
    ].join('\n');
    const row = JSON.stringify(await rowOf());
    expect(logs.length).toBeGreaterThan(10);
    for (const token of tokens) {
      expect(answers).not.toContain(token);
      expect(row).not.toContain(token);
      expect(logs.join('')).not.toContain(token);
    }
  });

  it('a refused grant (invalid_grant) turns the source revoked, tokens deleted, reconnect offered', async () => {
    await idp.revokeGrants();
    now = new Date(now.getTime() + 2 * 3600_000);
    const res = await ask('total users last month');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/revoked/i);
    expect((await rowOf()).secrets).toBeNull();
    expect(await credential()).toMatchObject({ revoked: true, active: false });

    // Reconnect: the same source gets new tokens and is active again, its property kept.
    const { location, stateCookie } = await redirect(`&datasource_id=${sourceId}`);
    const back = await callback(await idp.authorize(location, 'alice'), stateCookie);
    expect(back.statusCode).toBe(302);
    expect(await credential()).toMatchObject({ revoked: false, active: true, selected_account: '300000001' });
    expect((await ask('total users last month')).json().responses[0].card.table[0]['Total users']).toBe(
      ga4.total('totalUsers', '2026-10-01', '2026-10-31'),
    );
  });

  it('revoke deletes the tokens and marks the source revoked', async () => {
    const res = await client.inject({
      method: 'POST',
      url: '/api/v1/datasource/revoke',
      payload: { datasource_id: sourceId, type: 'GOOGLE_ANALYTICS' },
    });
    expect(res.statusCode).toBe(200);
    expect((await rowOf()).secrets).toBeNull();
    expect(await credential()).toMatchObject({ revoked: true });
    expect((await ask('sessions last month')).statusCode).toBe(400);
  });

  it('cannot be connected with a typed config', async () => {
    const res = await client.inject({
      method: 'POST',
      url: '/api/v1/datasource',
      payload: { type: 'GOOGLE_ANALYTICS', name: 'GA', config: { access_token: 'x' } },
    });
    expect(res.statusCode).toBe(400);
  });
});
