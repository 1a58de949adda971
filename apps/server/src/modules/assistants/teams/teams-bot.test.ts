import type { TCard, TConversationQueryBody, TConversationResponse } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../lib/access';
import { QuotaExceeded } from '../../../lib/errors';
import type { AssistantAccess, AssistantPrincipal } from '../assistant-access';
import type { TeamsActivity, TeamsOutgoing } from './activity';
import type { ConversationAddress } from './bot-connector';
import { TeamsBot } from './teams-bot';

const CARD: TCard = {
  title: 'Revenue last month',
  text: '<p>Revenue was <b>$1,234</b> &amp; rising.</p>',
  date: '2026-11-20T12:00:00Z',
  table: [{ Revenue: 1234.5 }],
  columns: [{ key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' }],
  chart: [],
  insights: [],
  period: { from: '2026-10-01', to: '2026-10-31', label: 'last month', partial: false },
};

const activity = (partial: Partial<TeamsActivity> = {}): TeamsActivity => ({
  type: 'message',
  id: 'act-1',
  channelId: 'msteams',
  serviceUrl: 'https://smba.example/teams/',
  from: { id: '29:u1' },
  recipient: { id: '28:bot' },
  conversation: { id: 'a:chat', conversationType: 'personal' },
  text: 'revenue last month',
  ...partial,
});

/** A bot over doubles: the token service holds `tokens`; only `good` verifies; replies are recorded. */
function harness(
  answer: (body: TConversationQueryBody) => TConversationResponse[] | Error = () => [
    { phrase: 'x', card: CARD, question_id: 'q-1' },
  ],
) {
  const tokens = new Map<string, string>([['29:u1', 'good']]);
  const replies: TeamsOutgoing[] = [];
  const asked: string[] = [];
  const chats: { userId: string; address: ConversationAddress }[] = [];
  const signOuts: string[] = [];
  const principal: AssistantPrincipal = {
    userId: 'user-1',
    clientId: 'msbot',
    kind: 'msbot',
    grantId: 'grant-1',
    scopes: ['email'],
    resource: 'http://parley.test/assistants',
  };
  const access: AssistantAccess = {
    verify: async (token, need) =>
      token === 'good' && need.resource === 'http://parley.test/assistants'
        ? principal
        : { refused: 'invalid' },
    actor: async (p) => ({ userId: p.userId, projectId: 'default' }) as Actor,
  };
  const bot = new TeamsBot({
    connector: {
      reply: async (_a, message) => void replies.push(message),
      getToken: async (userId, _channel, code) => (code === '654321' ? 'good' : (tokens.get(userId) ?? null)),
      signInResource: async () => ({ signInLink: 'https://token.example/signin?x=1' }),
      signOut: async (userId) => {
        signOuts.push(userId);
        tokens.delete(userId);
      },
    },
    access,
    conversations: {
      query: async (_actor, body) => {
        asked.push(body.phrase);
        const out = answer(body);
        if (out instanceof Error) throw out;
        return { responses: out };
      },
    },
    chats: {
      upsert: async (chat) => void chats.push(chat),
      remove: async () => undefined,
    },
    options: {
      appId: 'bot',
      connectionName: 'parley',
      publicUrl: 'http://parley.test',
      resource: 'http://parley.test/assistants',
    },
    chartImageUrl: (_actor, questionId) => `http://parley.test/chart/${questionId}.png`,
    log: { warn: () => undefined } as never,
    clock: () => new Date('2026-11-20T12:00:00Z'),
  });
  const turn = async (a: TeamsActivity) => {
    const answered = await bot.receive(a);
    await bot.settled();
    return answered;
  };
  return { bot, turn, replies, asked, chats, signOuts, tokens };
}

const content = (m: TeamsOutgoing | undefined) => m?.attachments?.[0]?.content as Record<string, any>;

describe('TeamsBot', () => {
  it('answers a signed-in user with an Adaptive Card and records the chat', async () => {
    const h = harness();
    expect(await h.turn(activity())).toEqual({ status: 202 });
    expect(h.asked).toEqual(['revenue last month']);
    const card = content(h.replies[0]);
    expect(card.version).toBe('1.5');
    expect(card.body[0].text).toBe('Revenue last month');
    expect(card.body[1].text).toContain('last month (2026-10-01 – 2026-10-31)');
    expect(card.body[2]).toMatchObject({
      type: 'Image',
      url: 'http://parley.test/chart/q-1.png',
    });
    expect(card.body[3]).toEqual({ type: 'FactSet', facts: [{ title: 'Revenue', value: '$1,235' }] });
    expect(card.body[4].text).toBe('Revenue was $1,234 & rising.');
    expect(card.actions[0]).toMatchObject({
      type: 'Action.OpenUrl',
      url: 'http://parley.test/conversation?q=x',
    });
    expect(h.chats).toEqual([
      {
        userId: 'user-1',
        grantId: 'grant-1',
        address: expect.objectContaining({ conversation: { id: 'a:chat', conversationType: 'personal' } }),
      },
    ]);
  });

  it('asks back with one Action.Submit per choice, and answers the chosen one', async () => {
    const h = harness((body) =>
      body.phrase === 'haul by region'
        ? [
            {
              phrase: body.phrase,
              text: 'What do you mean by “haul”?',
              prompt: {
                title: 'Did you mean',
                items: [
                  { title: 'Revenue by region', phrase: 'revenue by region' },
                  { title: 'Orders by region', phrase: 'orders by region' },
                ],
              },
            },
          ]
        : [{ phrase: body.phrase, card: CARD }],
    );
    await h.turn(activity({ text: 'haul by region' }));
    expect(h.replies).toHaveLength(1);
    expect(content(h.replies[0]).body[0].text).toBe('What do you mean by “haul”?');
    const actions = content(h.replies[0]).actions;
    expect(actions.map((a: { data: unknown }) => a.data)).toEqual([
      { parley: 'choice', phrase: 'revenue by region' },
      { parley: 'choice', phrase: 'orders by region' },
    ]);
    await h.turn(activity({ text: undefined, value: actions[0].data }));
    expect(h.asked).toEqual(['haul by region', 'revenue by region']);
    expect(content(h.replies[1]).body[0].text).toBe('Revenue last month');
  });

  it('sends the OAuthCard when the token service has no token, and signs in through verifyState', async () => {
    const h = harness();
    h.tokens.clear();
    await h.turn(activity());
    expect(h.asked).toEqual([]);
    expect(h.replies[0]?.attachments?.[0]?.contentType).toBe('application/vnd.microsoft.card.oauth');
    expect(content(h.replies[0]).buttons[0]).toEqual({
      type: 'signin',
      title: 'Sign in to Parley',
      value: 'https://token.example/signin?x=1',
    });
    const verify = activity({
      type: 'invoke',
      name: 'signin/verifyState',
      value: { state: '654321' },
      text: undefined,
    });
    expect(await h.turn(verify)).toEqual({ status: 200 });
    expect(h.replies[1]?.text).toMatch(/^You're signed in to Parley/);
  });

  it('signs a dead token out at the token service and asks to sign in again', async () => {
    const h = harness();
    h.tokens.set('29:u1', 'revoked');
    await h.turn(activity());
    expect(h.signOuts).toEqual(['29:u1']);
    expect(h.asked).toEqual([]);
    expect(content(h.replies[0]).text).toMatch(/expired or was revoked/);
  });

  it('signs out on "sign out" and "logout"', async () => {
    for (const word of ['sign out', 'Logout']) {
      const h = harness();
      await h.turn(activity({ text: word }));
      expect(h.signOuts).toEqual(['29:u1']);
      expect(h.replies.map((r) => r.text)).toEqual(["You're signed out of Parley in Teams."]);
      expect(h.asked).toEqual([]);
    }
  });

  it('says why when the app refuses (a quota), without failing the turn', async () => {
    const h = harness(() => new QuotaExceeded('You have used all 100 questions of this month.'));
    await h.turn(activity());
    expect(h.replies.map((r) => r.text)).toEqual(['You have used all 100 questions of this month.']);
  });

  it('strips its own mention in a channel and ignores messages to others', async () => {
    const h = harness();
    const channel = { id: '19:c@thread', conversationType: 'channel' };
    await h.turn(activity({ conversation: channel, text: 'revenue last month' }));
    await h.turn(
      activity({
        conversation: channel,
        text: '<at>Parley</at> revenue   last month',
        entities: [{ type: 'mention', text: '<at>Parley</at>', mentioned: { id: '28:bot' } }],
      }),
    );
    expect(h.asked).toEqual(['revenue last month']);
  });
});
