import type { BotFrameworkPeer } from '@parley/testing/standins/botframework-standin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantChats, users } from '../../src/db/schema';
import { keyFigures } from '../../src/modules/assistants/teams/adaptive-cards';
import { addressOf } from '../../src/modules/assistants/teams/teams-bot';
import { authorize, TEST_ASSISTANT_CLIENTS } from '../assistants';
import { buildTestApp, type Client, DEMO, signIn, TEST_DATABASES, type TestApp } from '../helpers';
import { post, startTeamsPeer, teamsEnv } from '../teams';

describe.each(TEST_DATABASES)('Teams chats on %s', (kind) => {
  let t: TestApp;
  let bf: BotFrameworkPeer;
  let demo: Client;
  beforeAll(async () => {
    bf = await startTeamsPeer(() => t);
    t = await buildTestApp(kind, teamsEnv(), undefined, { worker: false, build: { teams: bf.endpoints } });
    demo = await signIn(t.app, DEMO.email, DEMO.password);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await bf?.close();
  });

  const demoUserId = async () =>
    (await t.app.database.db.select().from(users).where(eq(users.email, DEMO.email)))[0]!.id;
  const attachment = (i = 0) => bf.sent[i]?.activity.attachments?.[0];

  it('delivers a digest to a chat with digests on, and not to one with them off', async () => {
    const teams = t.app.services.teams!;
    const userId = await demoUserId();
    const on = bf.activity({ conversation: { id: 'a:digests-on', conversationType: 'personal' } });
    const off = bf.activity({ conversation: { id: 'a:digests-off', conversationType: 'personal' } });
    const now = new Date();
    await teams.chats.upsert({ userId, grantId: 'grant-on', address: addressOf(on as never) }, now);
    await teams.chats.upsert({ userId, grantId: 'grant-off', address: addressOf(off as never) }, now);
    expect(await teams.chats.setDigests(userId, 'grant-on', true, now)).toBe(1);
    const answer = await demo.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase: 'revenue by region last month', created: Date.now() },
    });
    const { card, phrase } = answer.json().responses[0];
    await teams.digests.deliver({
      userId,
      collectionName: 'Weekly numbers',
      responses: [{ card, phrase, question_id: 'q1' }],
      openUrl: 'http://localhost:8080/collection/c1',
      language: 'en',
    });
    expect(bf.sent.map((s) => s.conversationId)).toEqual(['a:digests-on', 'a:digests-on']);
    expect(bf.sent.every((s) => s.replyToId === null)).toBe(true);
    expect(bf.sent[0]!.activity.text).toContain('Weekly numbers');
    expect(attachment(1).content.body.find((b: { type: string }) => b.type === 'FactSet').facts).toEqual(
      keyFigures(card),
    );
    bf.sent.splice(0);
    await t.app.database.db.delete(assistantChats);
  });

  it('tells an alert that fires to the chats that take digests, through the alert runner', async () => {
    const teams = t.app.services.teams!;
    const userId = await demoUserId();
    const on = bf.activity({ conversation: { id: 'a:alerts-on', conversationType: 'personal' } });
    await teams.chats.upsert(
      { userId, grantId: 'grant-alerts', address: addressOf(on as never) },
      new Date(),
    );
    await teams.chats.setDigests(userId, 'grant-alerts', true, new Date());
    const created = await demo.inject({
      method: 'POST',
      url: '/features/alerts',
      payload: {
        phrase: 'revenue last month',
        datasource_id: 'demo',
        query: {
          measures: ['revenue'],
          dimensions: [],
          filters: [],
          timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
        },
        condition: { kind: 'threshold', op: 'above', value: 1 },
        schedule: 'monthly',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    await t.app.services.alertRunner.run(created.json().id);
    const sent = bf.sent.splice(0);
    expect(sent.map((s) => s.conversationId)).toEqual(['a:alerts-on']);
    expect(sent[0]!.activity.text).toContain('revenue last month');
    await t.app.database.db.delete(assistantChats);
  });

  describe('linked through the token service', () => {
    it('signs in through the OAuthCard, the token service and verifyState', async () => {
      await post(t, bf, bf.activity({ text: 'revenue by region last month' }));
      const link = attachment().content.buttons[0].value as string;
      bf.sent.splice(0);
      const start = await bf.beginSignIn(link);
      const { msbot } = TEST_ASSISTANT_CLIENTS;
      const { code } = await authorize(t.app, demo, msbot, {
        state: start.state,
        scope: start.scope,
        pkce: { verifier: start.verifier, challenge: start.challenge },
      });
      const magic = await bf.finishSignIn(code, start.state);
      const verify = await post(
        t,
        bf,
        bf.activity({ type: 'invoke', name: 'signin/verifyState', value: { state: magic } }),
      );
      expect(verify.statusCode).toBe(200);
      expect(bf.sent.splice(0).map((s) => s.activity.text)).toEqual([
        expect.stringMatching(/^You're signed in/),
      ]);
    });

    it('answers the demo question with the numbers of the conversation screen, and records the chat', async () => {
      await post(t, bf, bf.activity({ text: 'revenue by region last month' }));
      const web = await demo.inject({
        method: 'POST',
        url: '/features/conversations/query',
        payload: { phrase: 'revenue by region last month', created: Date.now() },
      });
      const facts = attachment().content.body.find((b: { type: string }) => b.type === 'FactSet').facts;
      expect(facts).toEqual(keyFigures(web.json().responses[0].card));
      bf.sent.splice(0);
      const rows = await t.app.database.db.select().from(assistantChats);
      expect(rows).toMatchObject([
        { userId: await demoUserId(), channel: 'teams', conversationId: 'a:personal-chat-1' },
      ]);
    });

    it('asks back with buttons and answers the chosen reading', async () => {
      await post(t, bf, bf.activity({ text: 'haul by region' }));
      const actions = attachment().content.actions as { data: { phrase: string } }[];
      const choice = actions.find((a) => a.data.phrase === 'revenue by region')!;
      bf.sent.splice(0);
      await post(t, bf, bf.activity({ text: '', value: choice.data }));
      expect(attachment().content.body[0].text).toMatch(/revenue/i);
      bf.sent.splice(0);
    });

    it('stops at once when the link is revoked, then signs out on request', async () => {
      const linked = (await demo.inject({ method: 'GET', url: '/api/v1/assistants' })).json();
      const grant = linked.find((a: { kind: string }) => a.kind === 'msbot');
      expect(
        (await demo.inject({ method: 'DELETE', url: `/api/v1/assistants/${grant.id}` })).statusCode,
      ).toBe(200);
      await post(t, bf, bf.activity({ text: 'revenue last month' }));
      expect(attachment().contentType).toBe('application/vnd.microsoft.card.oauth');
      expect(attachment().content.text).toMatch(/revoked/);
      expect(bf.userTokens.size).toBe(0);
      bf.sent.splice(0);
      await post(t, bf, bf.activity({ text: 'sign out' }));
      expect(bf.sent.splice(0).map((s) => s.activity.text)).toEqual([
        "You're signed out of Parley in Teams.",
      ]);
    });
  });
});
