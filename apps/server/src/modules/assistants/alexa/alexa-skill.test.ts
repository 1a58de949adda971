import type { TConversationQueryBody, TConversationQueryResponse } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../lib/access';
import { QuotaExceeded } from '../../../lib/errors';
import type { AssistantAccess, AssistantPrincipal } from '../assistant-access';
import { ZAlexaEnvelope } from './alexa-envelope';
import { AlexaSkill } from './alexa-skill';

const RESOURCE = 'https://parley.test/assistants';
const ACTOR: Actor = {
  userId: 'u1',
  email: 'a@example.com',
  name: 'A',
  features: ['CONVERSATIONS'],
  timezone: null,
  language: 'en-US',
  projectId: 'p1',
};

/** Our own access interface in memory: one live token, bound to the assistants resource. */
function accessDouble(live = new Set(['good-token'])): AssistantAccess & { checked: string[] } {
  const checked: string[] = [];
  return {
    checked,
    async verify(token, need) {
      checked.push(need.resource);
      if (!token) return { refused: 'missing' };
      if (!live.has(token) || need.resource !== RESOURCE) return { refused: 'invalid' };
      const principal: AssistantPrincipal = {
        userId: 'u1',
        clientId: 'alexa',
        kind: 'alexa',
        grantId: 'g1',
        scopes: ['email'],
        resource: RESOURCE,
      };
      return principal;
    },
    async actor() {
      return ACTOR;
    },
  };
}

const silent = { warn() {}, error() {} } as unknown as FastifyBaseLogger;

function skill(
  answer: (phrase: string) => Promise<TConversationQueryResponse>,
  access = accessDouble(),
  budgetMs?: number,
) {
  const asked: TConversationQueryBody[] = [];
  const s = new AlexaSkill({
    access,
    conversations: {
      query: async (_actor, body) => {
        asked.push(body);
        return answer(body.phrase);
      },
    },
    resource: RESOURCE,
    chartUrl: (_a, q) => `https://parley.test/assistants/charts/${q}.png`,
    log: silent,
    budgetMs,
  });
  return { s, asked, access };
}

const envelope = (request: object, token?: string, attributes?: Record<string, unknown>) =>
  ZAlexaEnvelope.parse({
    version: '1.0',
    session: { new: false, sessionId: 's', application: { applicationId: 'skill' }, attributes, user: {} },
    context: {
      System: {
        application: { applicationId: 'skill' },
        user: token ? { userId: 'x', accessToken: token } : {},
      },
    },
    request: { requestId: 'r', timestamp: '2026-11-20T12:00:00Z', ...request },
  });

const intent = (name: string, slots: Record<string, string> = {}) => ({
  type: 'IntentRequest',
  intent: {
    name,
    slots: Object.fromEntries(Object.entries(slots).map(([k, v]) => [k, { name: k, value: v }])),
  },
});

const card = {
  title: 'Revenue by Region',
  text: '<p>Revenue</p>',
  date: '2026-11-20T12:00:00Z',
  table: [
    { Region: 'EMEA', Revenue: 2_000_000 },
    { Region: 'APAC', Revenue: 1_000_000 },
  ],
  columns: [
    { key: 'Region', label: 'Region', kind: 'dimension' as const, format: 'number' as const },
    { key: 'Revenue', label: 'Revenue', kind: 'measure' as const, format: 'currency' as const },
  ],
  chart: [],
  insights: [],
};

const never = async (): Promise<TConversationQueryResponse> => {
  throw new Error('must not ask');
};

describe('the Alexa skill', () => {
  it('welcomes a linked user at launch and keeps the session open', async () => {
    const { s } = skill(never);
    const res = await s.handle(envelope({ type: 'LaunchRequest' }, 'good-token'));
    expect(res?.response.outputSpeech?.ssml).toMatch(/^<speak>Welcome to Parley/);
    expect(res?.response.shouldEndSession).toBe(false);
    expect(res?.response.card).toBeUndefined();
  });

  it.each([
    ['no token', undefined],
    ['a revoked or unknown token', 'revoked-token'],
  ])('sends the LinkAccount card for %s', async (_n, token) => {
    const { s, asked, access } = skill(never);
    for (const req of [{ type: 'LaunchRequest' }, intent('AskIntent', { question: 'revenue last month' })]) {
      const res = await s.handle(envelope(req, token));
      expect(res?.response.card).toEqual({ type: 'LinkAccount' });
      expect(res?.response.outputSpeech?.ssml).toMatch(/link your Parley account/);
      expect(res?.response.shouldEndSession).toBe(true);
    }
    expect(asked).toEqual([]);
    expect(access.checked.every((r) => r === RESOURCE)).toBe(true);
  });

  it('answers help, stop and cancel, and takes nothing back for a session end', async () => {
    const { s } = skill(never);
    const help = await s.handle(envelope(intent('AMAZON.HelpIntent')));
    expect(help?.response.outputSpeech?.ssml).toMatch(/Ask a question about your data/);
    expect(help?.response.shouldEndSession).toBe(false);
    for (const name of ['AMAZON.StopIntent', 'AMAZON.CancelIntent']) {
      const bye = await s.handle(envelope(intent(name)));
      expect(bye?.response.outputSpeech?.ssml).toBe('<speak>Goodbye.</speak>');
      expect(bye?.response.shouldEndSession).toBe(true);
    }
    const fallback = await s.handle(envelope(intent('AMAZON.FallbackIntent')));
    expect(fallback?.response.outputSpeech?.ssml).toMatch(/didn&apos;t catch/);
    expect(await s.handle(envelope({ type: 'SessionEndedRequest', reason: 'USER_INITIATED' }))).toBeNull();
  });

  it('speaks an answer with a Standard card and its chart link', async () => {
    const { s, asked } = skill(async (phrase) => ({ responses: [{ phrase, card, question_id: 'q-1' }] }));
    const res = await s.handle(
      envelope(intent('AskIntent', { question: 'revenue by region' }), 'good-token'),
    );
    expect(asked.map((b) => b.phrase)).toEqual(['revenue by region']);
    expect(res?.response.outputSpeech?.ssml).toBe(
      '<speak>Revenue came to 3 million dollars. EMEA leads with 2 million dollars, followed by APAC.</speak>',
    );
    expect(res?.response.card).toEqual({
      type: 'Standard',
      title: 'Revenue by Region',
      text: 'Revenue came to 3 million dollars. EMEA leads with 2 million dollars, followed by APAC.',
      image: {
        smallImageUrl: 'https://parley.test/assistants/charts/q-1.png',
        largeImageUrl: 'https://parley.test/assistants/charts/q-1.png',
      },
    });
    expect(res?.response.shouldEndSession).toBe(false);
  });

  it('asks back with its choices, keeps them in the session and maps "the second one" to a choice', async () => {
    const prompt = {
      title: 'Which did you mean',
      items: [
        { title: 'Revenue', phrase: 'revenue last month' },
        { title: 'Orders', phrase: 'orders last month' },
      ],
    };
    const { s, asked } = skill(async (phrase) =>
      phrase === 'sales last month'
        ? { responses: [{ phrase, text: 'I am not sure what sales means.', prompt }] }
        : { responses: [{ phrase, card, question_id: 'q-2' }] },
    );
    const back = await s.handle(
      envelope(intent('AskIntent', { question: 'sales last month' }), 'good-token'),
    );
    expect(back?.response.outputSpeech?.ssml).toBe(
      '<speak>I am not sure what sales means. Which did you mean? You can say Revenue or Orders.</speak>',
    );
    expect(back?.response.shouldEndSession).toBe(false);
    expect(back?.sessionAttributes).toEqual({ choices: prompt.items });
    const picked = await s.handle(
      envelope(intent('AskIntent', { question: 'the second one' }), 'good-token', back?.sessionAttributes),
    );
    expect(asked.map((b) => b.phrase)).toEqual(['sales last month', 'orders last month']);
    expect(picked?.response.card?.type).toBe('Standard');
    expect(picked?.sessionAttributes).toBeUndefined();
  });

  it('says a quota refusal in its own words', async () => {
    const { s } = skill(async () => {
      throw new QuotaExceeded('You have asked all 50 questions of your Free plan this month.');
    });
    const res = await s.handle(envelope(intent('AskIntent', { question: 'revenue' }), 'good-token'));
    expect(res?.response.outputSpeech?.ssml).toBe(
      '<speak>You have asked all 50 questions of your Free plan this month.</speak>',
    );
  });

  it('says it is still working when the answer takes longer than its budget', async () => {
    const { s } = skill(
      (phrase) => new Promise((resolve) => setTimeout(() => resolve({ responses: [{ phrase, card }] }), 300)),
      accessDouble(),
      50,
    );
    const started = Date.now();
    const res = await s.handle(envelope(intent('AskIntent', { question: 'revenue' }), 'good-token'));
    expect(Date.now() - started).toBeLessThan(250);
    expect(res?.response.outputSpeech?.ssml).toMatch(/ask me again/);
    expect(res?.response.shouldEndSession).toBe(false);
  });
});
