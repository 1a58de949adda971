import { cardSpeech, cardSummary } from '@parley/presenter';
import {
  type AlexaCertificates,
  type AlexaChainHost,
  type AlexaChainName,
  alexaRequest,
  amazonChainUrl,
  createAlexaCertificates,
  signAlexaRequest,
  startAlexaChainHost,
} from '@parley/testing/standins/alexa-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartImageUrl } from '../../src/modules/assistants/chart-images';
import { assistantEnv } from '../assistants';
import { buildTestApp, type Client, DEMO, signIn, TEST_DATABASES, TEST_NOW, type TestApp } from '../helpers';

const SKILL_ID = 'amzn1.ask.skill.00000000-0000-0000-0000-000000000001';
const now = new Date(TEST_NOW);

/**
 * POST /assistants/alexa refuses every request Amazon's rules refuse (400, nothing done), with
 * the production URL rule: only the trusted root and the chain's download are the stand-in's.
 */
describe.each(TEST_DATABASES)('Alexa request verification on %s', (kind) => {
  let certs: AlexaCertificates;
  let host: AlexaChainHost;
  let t: TestApp;
  let demo: Client;
  beforeAll(async () => {
    certs = createAlexaCertificates(now);
    host = await startAlexaChainHost(certs);
    t = await buildTestApp(kind, { ...assistantEnv(), ALEXA_SKILL_ID: SKILL_ID }, undefined, {
      build: { alexa: { trustedRoots: [certs.rootPem], fetchChain: host.fetchChain } },
    });
    demo = await signIn(t.app, DEMO.email, DEMO.password);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await host?.close();
  });

  interface Send {
    chain?: AlexaChainName;
    certUrl?: string;
    timestamp?: string;
    applicationId?: string;
    /** Changes the body after it was signed. */
    tamper?: (body: string) => string;
    request?: Parameters<typeof alexaRequest>[0];
  }

  const send = (o: Send = {}) => {
    const chain = o.chain ?? 'valid';
    const body = JSON.stringify(
      alexaRequest(
        o.request ?? { type: 'IntentRequest', intent: 'AskIntent', slots: { question: 'revenue' } },
        {
          applicationId: o.applicationId ?? SKILL_ID,
          timestamp: o.timestamp ?? now.toISOString(),
          accessToken: 'a-token-that-must-never-be-read',
        },
      ),
    );
    const signed = signAlexaRequest(body, {
      keyPem: certs.chains[chain].keyPem,
      certUrl: o.certUrl ?? amazonChainUrl(chain),
    });
    return t.app.inject({
      method: 'POST',
      url: '/assistants/alexa',
      headers: signed.headers,
      payload: o.tamper ? o.tamper(signed.payload) : signed.payload,
    });
  };

  const historyCount = async () =>
    (await demo.inject({ method: 'GET', url: '/features/conversations?scope=all&limit=50' })).json().items
      .length;

  it('answers a signed request with a valid chain; the chain is downloaded once', async () => {
    const before = host.downloads();
    for (let i = 0; i < 3; i++) {
      const res = await send({ request: { type: 'LaunchRequest' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().version).toBe('1.0');
      // No link yet (the token above is nobody's): the account-linking card.
      expect(res.json().response.card).toEqual({ type: 'LinkAccount' });
    }
    expect(host.downloads() - before).toBeLessThanOrEqual(1);
    const ended = await send({ request: { type: 'SessionEndedRequest' } });
    expect(ended.statusCode).toBe(200);
    expect(ended.body).toBe('');
  });

  const stamp = (ms: number) => new Date(now.getTime() + ms).toISOString();
  it.each<[string, Send, RegExp]>([
    ['an http: chain URL', { certUrl: 'http://s3.amazonaws.com/echo.api/valid.pem' }, /https/],
    ['host s3.amazonaws.com.evil', { certUrl: 'https://s3.amazonaws.com.evil/echo.api/valid.pem' }, /host/],
    ['a path /echo.api/../x', { certUrl: 'https://s3.amazonaws.com/echo.api/../valid.pem' }, /path/],
    ['a path /ECHO.API/', { certUrl: 'https://s3.amazonaws.com/ECHO.API/valid.pem' }, /path/],
    ['port 563', { certUrl: 'https://s3.amazonaws.com:563/echo.api/valid.pem' }, /port/],
    ['an expired certificate', { chain: 'expired' }, /expired/],
    ['a certificate without the SAN', { chain: 'no-san' }, /echo-api\.amazon\.com/],
    ['a body changed after signing', { tamper: (b) => b.replace('"revenue"', '"orders"') }, /signature/],
    ['a 151 s old timestamp', { timestamp: stamp(-151_000) }, /too old/],
    ['a timestamp 151 s ahead', { timestamp: stamp(151_000) }, /too old/],
    ['a wrong application id', { applicationId: 'amzn1.ask.skill.someone-else' }, /another skill/],
    [
      'a chain signed by the expired leaf named as the valid one',
      { chain: 'expired', certUrl: amazonChainUrl('valid') },
      /signature/,
    ],
  ])('refuses %s with 400 and does nothing', async (_name, o, message) => {
    const items = await historyCount();
    const res = await send(o);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await historyCount()).toBe(items);
  });

  it('refuses a request without the signature headers or with a body that is not a skill request', async () => {
    const plain = await t.app.inject({
      method: 'POST',
      url: '/assistants/alexa',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(plain.statusCode).toBe(400);
    const junk = signAlexaRequest('{"not":"alexa"}', {
      keyPem: certs.chains.valid.keyPem,
      certUrl: amazonChainUrl('valid'),
    });
    const res = await t.app.inject({ method: 'POST', url: '/assistants/alexa', ...junk });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not an Alexa skill request/);
  });

  it('speaks the demo cards for the ear: headline, comparison, at most three items', async () => {
    const ask = async (phrase: string) =>
      (
        await demo.inject({
          method: 'POST',
          url: '/features/conversations/query',
          payload: { phrase, created: Date.now() },
        })
      ).json().responses[0];
    const byRegion = (await ask('revenue by region last month')).card;
    const s = cardSummary(byRegion);
    const total = byRegion.table.reduce((a: number, r: Record<string, number>) => a + r.Revenue, 0);
    expect(s.headline).toBeCloseTo(total, 2);
    const top = [...byRegion.table].sort((a, b) => b.Revenue - a.Revenue)[0].Region;
    const spoken = cardSpeech(byRegion).text;
    expect(spoken).toMatch(/^Revenue last month came to [\d.,]+ (million|thousand)? ?dollars\./);
    expect(spoken).toContain(`${top} leads with`);
    const regions = byRegion.table.map((r: Record<string, string>) => r.Region);
    expect(regions.filter((r: string) => spoken.includes(r)).length).toBeLessThanOrEqual(3);
    expect(spoken).not.toMatch(/\t|\|/);

    const compared = cardSpeech((await ask('revenue by region last month vs last year')).card).text;
    expect(compared).toMatch(/came to .* dollars, (up|down) \d+ percent on October 2025\./);
  });

  it('serves the chart of an answered card to anyone holding its signed link, and nothing else', async () => {
    const answer = await demo.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase: 'revenue by region last month', created: Date.now() },
    });
    const questionId = answer.json().responses[0].question_id as string;
    const tenant = (await demo.inject({ method: 'GET', url: '/auth/tenant' })).json();
    const projectId = (await demo.inject({ method: 'GET', url: '/auth/config' })).json().project_id;
    const keys = { publicUrl: t.config.PUBLIC_URL, sessionSecret: t.config.SESSION_SECRET, clock: () => now };
    const owner = { userId: tenant.id, projectId, language: 'en-US' };
    const path = (url: string) => new URL(url).pathname;

    const url = chartImageUrl(keys, owner, questionId);
    expect(url.startsWith(`${t.config.PUBLIC_URL}/assistants/charts/`)).toBe(true);
    const png = await t.app.inject({ method: 'GET', url: path(url) });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['access-control-allow-origin']).toBe('*');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const tampered = path(url).replace(/\.([A-Za-z0-9_-])/, (_m, c) => `.${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    const old = chartImageUrl(
      { ...keys, clock: () => new Date(now.getTime() - 2 * 3600_000) },
      owner,
      questionId,
    );
    expect((await t.app.inject({ method: 'GET', url: path(old) })).statusCode).toBe(404);
    const someoneElse = chartImageUrl(keys, { ...owner, userId: crypto.randomUUID() }, questionId);
    expect((await t.app.inject({ method: 'GET', url: path(someoneElse) })).statusCode).toBe(404);
    const otherKey = chartImageUrl({ ...keys, sessionSecret: 'x'.repeat(64) }, owner, questionId);
    expect((await t.app.inject({ method: 'GET', url: path(otherKey) })).statusCode).toBe(404);
  });
});
