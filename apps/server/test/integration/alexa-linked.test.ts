import { cardSpeech } from '@parley/presenter';
import {
  type AlexaCertificates,
  type AlexaChainHost,
  alexaRequest,
  amazonChainUrl,
  createAlexaCertificates,
  signAlexaRequest,
  startAlexaChainHost,
} from '@parley/testing/standins/alexa-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantEnv, linkAssistant, TEST_ASSISTANT_CLIENTS } from '../assistants';
import { buildTestApp, type Client, DEMO, signIn, TEST_DATABASES, TEST_NOW, type TestApp } from '../helpers';

const SKILL_ID = 'amzn1.ask.skill.00000000-0000-0000-0000-000000000001';
const now = new Date(TEST_NOW);
/** Alexa linked through the OAuth flow answers as the conversation screen does. */
describe.each(TEST_DATABASES)('Alexa with a linked account on %s', (kind) => {
  let certs: AlexaCertificates;
  let host: AlexaChainHost;
  let t: TestApp;
  let demo: Client;
  let token: string;
  beforeAll(async () => {
    certs = createAlexaCertificates(now);
    host = await startAlexaChainHost(certs);
    t = await buildTestApp(kind, { ...assistantEnv(), ALEXA_SKILL_ID: SKILL_ID }, undefined, {
      build: { alexa: { trustedRoots: [certs.rootPem], fetchChain: host.fetchChain } },
    });
    demo = await signIn(t.app, DEMO.email, DEMO.password);
    token = (await linkAssistant(t.app, demo, TEST_ASSISTANT_CLIENTS.alexa)).access_token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await host?.close();
  });

  const say = async (question: string, attributes?: Record<string, unknown>, accessToken = token) => {
    const body = JSON.stringify(
      alexaRequest(
        { type: 'IntentRequest', intent: 'AskIntent', slots: { question } },
        {
          applicationId: SKILL_ID,
          timestamp: now.toISOString(),
          accessToken,
          attributes,
          sessionId: 'one-session',
        },
      ),
    );
    const signed = signAlexaRequest(body, {
      keyPem: certs.chains.valid.keyPem,
      certUrl: amazonChainUrl('valid'),
    });
    const res = await t.app.inject({ method: 'POST', url: '/assistants/alexa', ...signed });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const screen = async (phrase: string) =>
    (
      await demo.inject({
        method: 'POST',
        url: '/features/conversations/query',
        payload: { phrase, created: Date.now() },
      })
    ).json().responses[0];

  it.each([
    'revenue by region last month',
    'revenue by region last month vs last year',
    'orders by channel in 2025',
  ])('answers "%s" with the numbers of the conversation screen', async (phrase) => {
    const answer = await say(phrase);
    const card = (await screen(phrase)).card;
    expect(answer.response.outputSpeech.ssml).toBe(cardSpeech(card).ssml);
    expect(answer.response.card).toMatchObject({
      type: 'Standard',
      title: card.title,
      text: cardSpeech(card).text,
    });
    expect(answer.response.card.image.largeImageUrl).toMatch(
      /^http:\/\/localhost:8080\/assistants\/charts\/.+\.png$/,
    );
    const history = (
      await demo.inject({ method: 'GET', url: '/features/conversations?scope=all&limit=5' })
    ).json();
    expect(history.items.some((i: { query: { phrase: string } }) => i.query.phrase === phrase)).toBe(true);
  });

  it('keeps the context for a follow-up', async () => {
    await say('revenue by region last month');
    const answer = await say('only EMEA');
    expect(answer.response.card.type).toBe('Standard');
    expect(answer.response.outputSpeech.ssml).toContain('EMEA');
    expect(answer.response.outputSpeech.ssml).not.toMatch(/APAC|LATAM|North America/);
  });

  it('asks back with choices and answers the one picked', async () => {
    const back = await say('how is the weather on mars');
    expect(back.response.shouldEndSession).toBe(false);
    expect(back.response.card).toBeUndefined();
    const choices = back.sessionAttributes.choices as { title: string; phrase: string }[];
    expect(choices.length).toBeGreaterThan(0);
    const picked = await say('the first one', back.sessionAttributes);
    expect(picked.response.card?.type).toBe('Standard');
    expect(picked.response.card.text).toBe(cardSpeech((await screen(choices[0]!.phrase)).card).text);
  });

  it('sends the LinkAccount card at once after the link is revoked', async () => {
    const links = (await demo.inject({ method: 'GET', url: '/api/v1/assistants' })).json();
    const alexa = links.find((l: { kind: string }) => l.kind === 'alexa');
    const revoked = await demo.inject({ method: 'DELETE', url: `/api/v1/assistants/${alexa.id}` });
    expect(revoked.statusCode).toBe(200);
    const answer = await say('revenue by region last month');
    expect(answer.response.card).toEqual({ type: 'LinkAccount' });
  });
});
