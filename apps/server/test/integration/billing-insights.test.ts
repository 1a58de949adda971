import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/lib/access';
import { buildTestApp, type Client, signIn, TEST_DATABASES, TEST_NOW, type TestApp } from '../helpers';
import { createUser } from '../peers/factories';

const DAY = 86_400_000;

/**
 * A local OpenAI-compatible stand-in: answers `/chat/completions` in OpenAI's JSON shape. Insight
 * requests (they carry the result table) get one insight; everything else an unanswerable query.
 */
async function startLlm() {
  const insightRequests: string[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[] };
      const user = JSON.parse(body.messages.at(-1)!.content);
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404).end('{"error":{"message":"not found"}}');
        return;
      }
      if (user.rows) insightRequests.push(user.title);
      const content = user.rows
        ? JSON.stringify({ insights: [`${user.rows.length} rows: the first one leads.`] })
        : JSON.stringify({ unanswerable: true });
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1_700_000_000,
          model: 'stand-in',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    insightRequests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

type Insight = string | { context: string; text: string };
const aiInsights = (card: { insights: Insight[] }) => card.insights.filter((i) => typeof i === 'object');

describe.each(TEST_DATABASES)('the AI-insight quota on the LLM path on %s', (kind) => {
  let now = new Date(TEST_NOW);
  const clock = () => now;
  let t: TestApp;
  let llm: Awaited<ReturnType<typeof startLlm>>;

  beforeAll(async () => {
    llm = await startLlm();
    t = await buildTestApp(kind, { LLM_BASE_URL: llm.url, LLM_MODEL: 'stand-in' }, clock, { worker: false });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  interface User {
    client: Client;
    actor: Actor;
  }
  const newUser = async (): Promise<User> => {
    const u = await createUser(t.app);
    const actor: Actor = {
      userId: u.id,
      email: u.email,
      name: 'Test User',
      features: ['COLLECTIONS', 'CONVERSATIONS'],
      timezone: 'Europe/London',
      language: 'en-GB',
      projectId: 'default',
    };
    return { client: await signIn(t.app, u.email, u.password), actor };
  };
  const subscription = async (u: User) => {
    const res = await u.client.inject({ method: 'GET', url: '/api/v1/subscription' });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  /** A user whose trial ran out without payment: on Free, 10 AI-insight requests a month. */
  const freeUser = async (): Promise<User> => {
    const u = await newUser();
    await subscription(u);
    now = new Date(now.getTime() + 15 * DAY);
    expect(await subscription(u)).toMatchObject({ status: 'EXPIRED', plan: 'free' });
    now = new Date(TEST_NOW);
    return u;
  };
  const ask = async (u: User, phrase = 'revenue by channel last month') => {
    const res = await u.client.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase, created: Date.now() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json().responses[0].card;
    expect(card).toBeDefined();
    return card as { insights: Insight[] };
  };

  it('counts each model request on Free; past 10 the card keeps only its computed insights', async () => {
    const u = await freeUser();
    const before = llm.insightRequests.length;
    for (let i = 1; i <= 10; i++) {
      const card = await ask(u);
      expect(aiInsights(card)).toEqual([{ context: 'llm', text: expect.stringMatching(/rows/) }]);
      expect((await subscription(u)).usage.gpt_insights).toBe(i);
    }
    expect(llm.insightRequests.length - before).toBe(10);

    const eleventh = await ask(u);
    expect(aiInsights(eleventh)).toEqual([]);
    expect(eleventh.insights.length).toBeGreaterThan(0); // the computed ones
    // The model was not asked at all, and the refusal spent nothing.
    expect(llm.insightRequests.length - before).toBe(10);
    const s = await subscription(u);
    expect(s.limits.gpt_insights).toBe(10);
    expect(s.usage).toMatchObject({ gpt_insights: 10, conversations: 11 });
  });

  it('gives the last unit to exactly one of two questions asked at once', async () => {
    const u = await freeUser();
    await t.app.services.quotas.setUsage(u.actor, 'gpt_insights', 9);
    const before = llm.insightRequests.length;
    const cards = await Promise.all([ask(u), ask(u, 'orders by channel last month')]);
    expect(cards.map((c) => aiInsights(c).length).sort()).toEqual([0, 1]);
    expect(llm.insightRequests.length - before).toBe(1);
    expect((await subscription(u)).usage.gpt_insights).toBe(10);
  });

  it('counts the card editor’s preview and a collection’s cards too', async () => {
    const u = await freeUser();
    const preview = await u.client.inject({
      method: 'POST',
      url: '/features/collections/preview',
      payload: { phrase: 'revenue by channel last month' },
    });
    expect(preview.statusCode).toBe(200);
    expect(aiInsights(preview.json().responses[0].card)).toHaveLength(1);
    expect((await subscription(u)).usage.gpt_insights).toBe(1);

    const created = await u.client.inject({
      method: 'POST',
      url: '/features/collection',
      payload: {
        name: 'Sales',
        questions: [
          { phrase: 'revenue by channel last month', data_adapter: null },
          { phrase: 'orders by region last month', data_adapter: null },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    await t.app.services.quotas.setUsage(u.actor, 'gpt_insights', 9);
    const run = await u.client.inject({
      method: 'POST',
      url: '/features/collections/query',
      payload: { collection_id: created.json().id },
    });
    expect(run.statusCode).toBe(200);
    const cards = run.json().responses.map((r: { card: { insights: Insight[] } }) => r.card);
    expect(cards).toHaveLength(2);
    // One unit left for two cards: one gets the model's insight, the other its computed ones only.
    expect(cards.map((c: { insights: Insight[] }) => aiInsights(c).length).sort()).toEqual([0, 1]);
    expect((await subscription(u)).usage.gpt_insights).toBe(10);
  });

  it('counts on the Premium trial without a limit', async () => {
    const u = await newUser();
    await t.app.services.quotas.setUsage(u.actor, 'gpt_insights', 50);
    expect(aiInsights(await ask(u))).toHaveLength(1);
    const s = await subscription(u);
    expect(s).toMatchObject({ status: 'TRIAL', limits: { gpt_insights: null } });
    expect(s.usage.gpt_insights).toBe(51);
  });
});

describe('without LLM_BASE_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', {}, () => new Date(TEST_NOW), { worker: false });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('spends no AI-insight quota: the insights are all computed', async () => {
    const u = await createUser(t.app);
    const client = await signIn(t.app, u.email, u.password);
    const res = await client.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase: 'revenue by channel last month', created: Date.now() },
    });
    expect(res.statusCode).toBe(200);
    expect(aiInsights(res.json().responses[0].card)).toEqual([]);
    const s = (await client.inject({ method: 'GET', url: '/api/v1/subscription' })).json();
    expect(s.usage).toMatchObject({ gpt_insights: 0, conversations: 1 });
  });
});
