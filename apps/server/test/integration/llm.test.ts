import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, DEMO, signIn, type TestApp } from '../helpers';

/** A local stand-in for an OpenAI-compatible endpoint: answers by the question it is sent. */
function standIn(answers: Record<string, string>) {
  const requests: { auth: string | undefined; body: { messages: { role: string; content: string }[] } }[] =
    [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body = JSON.parse(raw);
      requests.push({ auth: req.headers.authorization, body });
      const user = JSON.parse(body.messages.at(-1).content);
      // Insight requests carry the result table; question requests carry the question.
      const content = user.rows
        ? JSON.stringify({ insights: [`<b>${user.rows[0].Channel}</b> leads; watch it.`] })
        : answers[user.question as string];
      if (content === undefined) {
        res.writeHead(500).end('{"error":"boom"}');
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  return { server, requests };
}

describe('with LLM_BASE_URL set', () => {
  let t: TestApp;
  let demo: Client;
  let llm: ReturnType<typeof standIn>;
  beforeAll(async () => {
    llm = standIn({
      'how did the money side look for emea in october 2026': JSON.stringify({
        measures: ['revenue'],
        dimensions: ['channel'],
        timeDimension: { field: 'order_date', range: { kind: 'month', year: 2026, month: 10 } },
        filters: [{ field: 'region', op: 'in', values: ['EMEA'] }],
      }),
      'gimme the zorblax figures': JSON.stringify({ measures: ['zorblax'], dimensions: [], filters: [] }),
      'write me some sql please': 'DROP TABLE orders;',
    });
    await new Promise<void>((r) => llm.server.listen(0, '127.0.0.1', r));
    const port = (llm.server.address() as AddressInfo).port;
    t = await buildTestApp('pglite', {
      LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
      LLM_API_KEY: 'sk-test-secret',
    });
    demo = await signIn(t.app, DEMO.email, DEMO.password);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await new Promise((r) => llm.server.close(r));
  });

  const ask = (phrase: string) =>
    demo.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase, created: Date.now() },
    });

  it('answers with the model’s SemanticQuery where the parser was unsure, validated and compiled by us', async () => {
    const res = await ask('how did the money side look for emea in october 2026');
    const card = res.json().responses[0].card;
    expect(card).toBeDefined();
    expect(card.columns.map((c: { key: string }) => c.key)).toEqual(
      expect.arrayContaining(['Channel', 'Revenue']),
    );
    expect(card.query.semantic.filters).toEqual([{ field: 'region', op: 'in', values: ['EMEA'] }]);
    const sent = llm.requests.at(-2)!;
    expect(sent.auth).toBe('Bearer sk-test-secret');
    // Only names go to the model, never data.
    expect(JSON.stringify(sent.body)).not.toMatch(/Germany|completed|unit_price/);
  });

  it('falls back to a clarification when the model invents fields, writes SQL or fails', async () => {
    for (const phrase of [
      'gimme the zorblax figures',
      'write me some sql please',
      'something the stand-in does not know',
    ]) {
      const res = await ask(phrase);
      expect(res.statusCode).toBe(200);
      const [r] = res.json().responses;
      expect(r.card).toBeUndefined();
      expect(r.prompt.items.length).toBeGreaterThan(0);
    }
  });

  it('adds the model’s insights as objects with a context, escaped, after the computed ones', async () => {
    const res = await ask('revenue by channel last month');
    const { insights } = res.json().responses[0].card;
    const ai = insights.filter((i: unknown) => typeof i === 'object');
    expect(ai).toHaveLength(1);
    expect(ai[0].context).toBe('llm');
    expect(ai[0].text).toMatch(/^&lt;b&gt;.+&lt;\/b&gt; leads; watch it\.$/);
    expect(typeof insights[0]).toBe('string');
  });

  it('asks the model for the query only when the parser was unsure', async () => {
    const before = llm.requests.length;
    const res = await ask('revenue by region last month');
    expect(res.json().responses[0].card).toBeDefined();
    const asked = llm.requests.slice(before).map((r) => JSON.parse(r.body.messages.at(-1)!.content));
    expect(asked.every((u) => u.rows !== undefined)).toBe(true); // insight requests only
  });
});
