import type { BotFrameworkPeer, SignOverrides } from '@parley/testing/standins/botframework-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantChats } from '../../src/db/schema';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../helpers';
import { post, startTeamsPeer, TEAMS_BOT, teamsEnv } from '../teams';

describe.each(TEST_DATABASES)('Teams messaging endpoint on %s', (kind) => {
  let t: TestApp;
  let bf: BotFrameworkPeer;
  beforeAll(async () => {
    bf = await startTeamsPeer(() => t);
    t = await buildTestApp(kind, teamsEnv(), undefined, { worker: false, build: { teams: bf.endpoints } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await bf?.close();
  });

  const chats = async () => (await t.app.database.db.select().from(assistantChats)).length;

  const refusals: [string, SignOverrides, number, RegExp][] = [
    ['a wrong aud', { aud: 'another-bot' }, 403, /not meant for this bot/],
    ['a wrong iss', { iss: 'https://sts.windows.net/evil/' }, 403, /not issued by the Bot Connector/],
    ["a key without the channel's endorsement", { unendorsedKey: true }, 403, /not endorsed/],
    ['a serviceUrl mismatch', { serviceUrl: 'https://evil.example/connector/' }, 403, /serviceUrl/],
    ['an expired token (past the 5 minutes of skew)', { expiresIn: -360 }, 403, /expired/],
    ['a key the metadata does not publish', { unknownKey: true }, 401, /not signed by a Bot Connector key/],
  ];
  it.each(refusals)(
    'refuses %s, and nothing is sent or recorded',
    async (_name, overrides, status, message) => {
      const res = await post(t, bf, bf.activity({ text: 'revenue last month' }), overrides);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toMatch(message);
      expect(res.body).not.toContain(TEAMS_BOT.appPassword);
      expect(bf.sent).toHaveLength(0);
      expect(await chats()).toBe(0);
    },
  );

  it('refuses a missing or malformed token with 401', async () => {
    const activity = bf.activity({ text: 'hi' });
    for (const authorization of [undefined, 'Basic abc', 'Bearer not-a-jwt', 'Bearer a.b.c']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/assistants/teams/messages',
        headers: authorization ? { authorization } : {},
        payload: activity,
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    expect(bf.sent).toHaveLength(0);
  });

  it('accepts a token that expired within the 5 minutes of skew', async () => {
    const res = await post(t, bf, bf.activity({ type: 'typing' }), { expiresIn: -120 });
    expect(res.statusCode).toBe(200);
  });

  it('answers a valid but malformed activity with 400 and does nothing', async () => {
    const activity = { ...bf.activity(), from: 'nobody' };
    const res = await post(t, bf, activity);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/from/);
    expect(bf.sent).toHaveLength(0);
  });

  it('asks a user who is not signed in to sign in with an OAuthCard from the token service', async () => {
    const activity = bf.activity({ text: 'revenue last month' });
    const res = await post(t, bf, activity);
    expect(res.statusCode).toBe(202);
    expect(bf.sent).toHaveLength(1);
    const [reply] = bf.sent.splice(0);
    expect(reply!.replyToId).toBe(activity.id);
    expect(reply!.conversationId).toBe('a:personal-chat-1');
    const card = reply!.activity.attachments[0];
    expect(card.contentType).toBe('application/vnd.microsoft.card.oauth');
    expect(card.content.connectionName).toBe('parley');
    expect(card.content.buttons[0].value).toMatch(new RegExp(`^${bf.url}/api/oauth/signin\\?signin=`));
    const signIn = await bf.beginSignIn(card.content.buttons[0].value);
    expect(signIn.state).toMatch(/^[0-9a-f]{24}$/);
    expect(await chats()).toBe(0);
  });

  it('ignores channel messages that do not @mention the bot', async () => {
    const conversation = { id: '19:channel@thread.tacv2', conversationType: 'channel', tenantId: 'tenant-1' };
    const res = await post(t, bf, bf.activity({ conversation, text: 'revenue last month' }));
    expect(res.statusCode).toBe(202);
    expect(bf.sent).toHaveLength(0);
    const mentioned = bf.activity({
      conversation,
      text: '<at>Parley</at> revenue last month',
      entities: [
        {
          type: 'mention',
          text: '<at>Parley</at>',
          mentioned: { id: `28:${TEAMS_BOT.appId}`, name: 'Parley' },
        },
      ],
    });
    await post(t, bf, mentioned);
    expect(bf.sent.splice(0).map((s) => s.activity.attachments[0].contentType)).toEqual([
      'application/vnd.microsoft.card.oauth',
    ]);
  });

  it('welcomes the chat when the bot is added', async () => {
    const res = await post(
      t,
      bf,
      bf.activity({ type: 'conversationUpdate', membersAdded: [{ id: `28:${TEAMS_BOT.appId}` }] }),
    );
    expect(res.statusCode).toBe(202);
    expect(bf.sent.splice(0).map((s) => s.activity.text)).toEqual([expect.stringMatching(/^Hi, I'm Parley/)]);
  });

  it('answers signin/tokenExchange with 412 (no SSO) and an unknown verifyState code with 404', async () => {
    const exchange = await post(
      t,
      bf,
      bf.activity({
        type: 'invoke',
        name: 'signin/tokenExchange',
        value: { id: 'x1', connectionName: 'parley', token: 'sso' },
      }),
    );
    expect(exchange.statusCode).toBe(412);
    expect(exchange.json()).toMatchObject({ id: 'x1', connectionName: 'parley' });
    const verify = await post(
      t,
      bf,
      bf.activity({ type: 'invoke', name: 'signin/verifyState', value: { state: '123456' } }),
    );
    expect(verify.statusCode).toBe(404);
    expect(bf.sent).toHaveLength(0);
  });
});
