import type { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TCollection } from '@parley/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationItems } from '../../src/db/schema';
import type { TMcpAnswer } from '../../src/modules/assistants/mcp/mcp-card';
import { assistantEnv } from '../assistants';
import { buildTestApp, type Client, DEMO, signIn, TEST_DATABASES, type TestApp } from '../helpers';
import { accessDouble, mcpClient, textOf } from '../mcp';
import { createUser, fileUpload } from '../peers/factories';

const PUBLIC_URL = 'http://localhost:8080';

/**
 * The MCP tools through the SDK's own client against the real app and services; tokens come from
 * an AssistantAccess double (mcp-oauth.test.ts links for real through the OAuth server).
 */
describe.each(TEST_DATABASES)('MCP tools on %s', (kind) => {
  let t: TestApp;
  let demo: Client;
  let tokens: ReturnType<typeof accessDouble>;
  let mcp: McpClient;
  let bobEmail: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { ...assistantEnv(PUBLIC_URL), ASK_RATE_LIMIT: '0' });
    tokens = accessDouble(t.app, PUBLIC_URL);
    t.app.services.assistantAccess = tokens.access;
    demo = await signIn(t.app, DEMO.email, DEMO.password);
    bobEmail = (await createUser(t.app, { name: 'Bob' })).email;
    mcp = await mcpClient(t.app, await tokens.issue(DEMO.email, ['ask', 'collections:read']), PUBLIC_URL);
  }, 120_000);
  afterAll(async () => {
    await mcp?.close();
    await t.close();
  });

  const call = async (name: string, args: Record<string, unknown> = {}, client = mcp) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const askScreen = async (phrase: string) => {
    const res = await demo.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase, created: Date.now() },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().responses[0];
  };

  it('lists its five read-only tools with input and output schemas', async () => {
    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ['ask', 'get_collection', 'list_collections', 'list_measures', 'list_sources'].sort(),
    );
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.inputSchema.type, tool.name).toBe('object');
    }
    const ask = tools.find((tool) => tool.name === 'ask')!;
    expect(ask.inputSchema.required).toEqual(['question']);
    expect(Object.keys(ask.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['question', 'datasource_id']),
    );
  });

  it.each(['revenue by region last month', 'revenue by region last month vs last year'])(
    'answers “%s” with the conversation screen’s numbers, recorded in history',
    async (phrase) => {
      const before = await itemsOf(t, phrase);
      const result = await call('ask', { question: phrase });
      expect(result.isError, textOf(result)).toBeFalsy();
      const answer = result.structuredContent as TMcpAnswer;
      expect(answer.kind).toBe('card');
      const card = answer.card!;
      const screen = (await askScreen(phrase)).card;
      expect(card.title).toBe(screen.title);
      expect(card.rows).toEqual(screen.table);
      expect(card.columns).toEqual(screen.columns);
      expect(card.period).toEqual(screen.period);
      expect(card.understood).toEqual(screen.query.semantic);
      expect(card.sql).toBe(screen.query.sql);
      expect(card.link).toBe(`${PUBLIC_URL}/conversation?q=${encodeURIComponent(phrase)}`);
      expect(card.rows.length).toBeGreaterThan(0);
      // The readable summary names the title and the figures of the first row.
      const text = textOf(result);
      expect(text).toContain(screen.title);
      expect(text).toContain(String(screen.table[0].Region));
      // The MCP question and the screen's each leave one history item.
      expect(await itemsOf(t, phrase)).toBe(before + 2);
    },
  );

  it('carries a comparison period for a “vs last year” question', async () => {
    const result = await call('ask', { question: 'revenue by region last month vs last year' });
    const card = (result.structuredContent as TMcpAnswer).card!;
    expect(card.period?.comparison).toEqual({ from: '2025-10-01', to: '2025-10-31' });
    expect(card.rows[0]).toHaveProperty('Previous_Revenue');
    expect(card.understood?.compare).toBeDefined();
  });

  it('keeps the follow-up context of the previous question', async () => {
    await call('ask', { question: 'revenue by region last month' });
    const result = await call('ask', { question: 'only EMEA' });
    const card = (result.structuredContent as TMcpAnswer).card!;
    expect(card.rows.length).toBeGreaterThan(0);
    expect(card.rows.every((r) => r.Region === undefined || r.Region === 'EMEA')).toBe(true);
    expect(JSON.stringify(card.understood?.filters)).toContain('EMEA');
  });

  it('asks back with choices, and a choice’s phrase answers it', async () => {
    const back = await call('ask', { question: 'haul by region' });
    expect(back.isError).toBeFalsy();
    const answer = back.structuredContent as TMcpAnswer;
    expect(answer.kind).toBe('question');
    expect(answer.card).toBeNull();
    expect(answer.ask_back!.question).toContain('haul');
    const choice = answer.ask_back!.choices.find((c) => c.phrase === 'revenue by region');
    expect(choice, JSON.stringify(answer.ask_back)).toBeDefined();
    expect(answer.ask_back!.how_to_choose).toMatch(/phrase/);
    expect(textOf(back)).toContain('revenue by region');
    const picked = await call('ask', { question: choice!.phrase });
    const card = (picked.structuredContent as TMcpAnswer).card!;
    expect(card.understood?.measures).toEqual(['revenue']);
    expect(card.understood?.dimensions).toEqual(['region']);
  });

  it('refuses bad input as a tool error, nothing asked', async () => {
    const before = await countItems(t);
    for (const args of [
      { question: '' },
      { question: 'x'.repeat(501) },
      {},
      { question: 'revenue', datasource_id: 'nope' },
    ]) {
      const result = await call('ask', args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(textOf(result)).toMatch(/question|invalid|datasource_id/i);
    }
    expect(await countItems(t)).toBe(before);
  });

  it('lists the user’s sources and the demo’s measures and dimensions', async () => {
    const sources = (await call('list_sources')).structuredContent as {
      sources: { id: string; name: string; type: string; default: boolean }[];
    };
    const screen = (await demo.inject({ method: 'GET', url: '/api/v1/datasource/demo/model' })).json();
    expect(sources.sources.find((s) => s.id === 'demo')).toMatchObject({ id: 'demo', default: true });
    const measures = (await call('list_measures', { datasource_id: 'demo' })).structuredContent as {
      measures: { name: string }[];
      dimensions: { name: string }[];
      time_dimensions: { name: string }[];
    };
    expect(measures.measures.map((m) => m.name)).toEqual(
      screen.measures.map((m: { name: string }) => m.name),
    );
    expect(measures.measures.map((m) => m.name)).toContain('revenue');
    expect(measures.dimensions.map((d) => d.name)).toContain('region');
    expect(measures.time_dimensions.length).toBeGreaterThan(0);
  });

  it('reads a collection’s cards with their current results', async () => {
    const created = await demo.inject({
      method: 'POST',
      url: '/features/collection',
      payload: {
        name: 'Board',
        questions: [{ phrase: 'revenue by region last month' }, { phrase: 'weekly sessions last 8 weeks' }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const collection: TCollection = created.json();
    const list = (await call('list_collections')).structuredContent as {
      collections: { id: string; name: string; cards: unknown[] }[];
    };
    expect(list.collections.find((c) => c.id === collection.id)).toMatchObject({ name: 'Board' });
    const got = (await call('get_collection', { id: collection.id })).structuredContent as {
      name: string;
      cards: { id: string; phrase: string; card: { rows: unknown[]; link: string } | null }[];
    };
    const screen = (
      await demo.inject({
        method: 'POST',
        url: '/features/collections/query',
        payload: { collection_id: collection.id },
      })
    ).json();
    expect(got.name).toBe('Board');
    expect(got.cards.map((c) => c.id)).toEqual(collection.questions.map((q) => q.id));
    got.cards.forEach((c, i) => {
      expect(c.card?.rows).toEqual(screen.responses[i].card.table);
      expect(c.card?.link).toBe(`${PUBLIC_URL}/collection/${collection.id}/${c.id}`);
    });
  });

  it('refuses another user’s source and collection as not found, telling nothing', async () => {
    const bob = await mcpClient(t.app, await tokens.issue(bobEmail, ['ask', 'collections:read']), PUBLIC_URL);
    try {
      const upload = await demo.inject({ method: 'GET', url: '/features/collections' });
      const demoCollection = (upload.json() as TCollection[])[0];
      expect(demoCollection).toBeDefined();
      const theirs = await call('get_collection', { id: demoCollection!.id }, bob);
      expect(theirs.isError).toBe(true);
      expect(textOf(theirs)).toMatch(/not found/i);
      expect(textOf(theirs)).not.toContain(demoCollection!.name);
      const unknown = await call('get_collection', { id: '00000000-0000-4000-8000-000000000000' }, bob);
      expect(textOf(unknown)).toBe(textOf(theirs));
      const sourceId = await ownSource(demo);
      const source = await call('list_measures', { datasource_id: sourceId }, bob);
      expect(source.isError).toBe(true);
      expect(textOf(source)).toMatch(/not found/i);
      const asked = await call('ask', { question: 'revenue by region', datasource_id: sourceId }, bob);
      expect(asked.isError).toBe(true);
      expect(textOf(asked)).toMatch(/not found/i);
      const own = (await call('list_collections', {}, bob)).structuredContent as { collections: unknown[] };
      expect(own.collections).toEqual([]);
    } finally {
      await bob.close();
    }
  });
});

async function countItems(t: TestApp): Promise<number> {
  await t.app.services.conversations.historySettled();
  return Number((await t.app.database.db.select({ n: count() }).from(conversationItems))[0]!.n);
}

async function itemsOf(t: TestApp, phrase: string): Promise<number> {
  await t.app.services.conversations.historySettled();
  const rows = await t.app.database.db
    .select({ n: count() })
    .from(conversationItems)
    .where(eq(conversationItems.phrase, phrase));
  return Number(rows[0]!.n);
}

/** A source of the demo user's own (an uploaded CSV): its id is what another user must not reach. */
async function ownSource(demo: Client): Promise<string> {
  const upload = fileUpload(
    'sales.csv',
    'region,amount,sold_on\nNorth,10.50,2026-10-01\nSouth,20.25,2026-10-02\n',
  );
  const res = await demo.inject({ method: 'POST', url: '/api/v1/datasource/upload', ...upload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().datasource_id as string;
}
