import { randomBytes } from 'node:crypto';
import { DATASOURCE_MESSAGES } from '@parley/contract';
import { type FormbricksStandIn, startFormbricksStandIn } from '@parley/testing/standins/formbricks-standin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasources } from '../../src/db/schema';
import { DATASOURCE_SYNC_JOB } from '../../src/modules/datasources/source-sync';
import { buildTestApp, type Client, signIn, type TestApp } from '../helpers';
import { createUser, type TestUser } from '../peers/factories';

const ENCRYPTION_KEY = randomBytes(32).toString('hex');

type TCard = { table: Record<string, unknown>[] };

describe('a Formbricks source (stand-in) through the API', () => {
  let standIn: FormbricksStandIn;
  let t: TestApp;
  let alice: Client;
  let aliceUser: TestUser;
  let sourceId: string;
  const bodies: string[] = [];

  beforeAll(async () => {
    standIn = await startFormbricksStandIn();
    t = await buildTestApp('pglite', { ALLOW_PRIVATE_HOSTS: 'true', ENCRYPTION_KEY });
    aliceUser = await createUser(t.app, { name: 'Alice' });
    const client = await signIn(t.app, aliceUser.email, aliceUser.password);
    alice = {
      ...client,
      inject: async (opts) => {
        const res = await client.inject(opts);
        bodies.push(res.body);
        return res;
      },
    };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const feedback = () => standIn.surveys[0].id;
  const create = (config: Record<string, unknown>) =>
    alice.inject({
      method: 'POST',
      url: '/api/v1/datasource',
      payload: { type: 'FORMBRICKS', name: 'Feedback', config },
    });
  const rows = () => t.app.database.db.select().from(datasources).where(eq(datasources.userId, aliceUser.id));
  const ask = async (phrase: string) => {
    const res = await alice.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase, created: Date.now(), datasource_id: sourceId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().responses[0]?.card as TCard;
  };
  const npsOf = (scores: number[]) =>
    (100 * (scores.filter((s) => s >= 9).length - scores.filter((s) => s <= 6).length)) / scores.length;

  it('refuses a wrong key with the fixed message and its reason, storing nothing', async () => {
    const res = await create({ api_host: standIn.apiHost, api_key: 'fbk_not-the-key' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: DATASOURCE_MESSAGES.invalidConfig,
      reason: {
        text: `Authentication failed: Formbricks refused the API key or token. Check that it is valid and may read this data.`,
      },
    });
    expect(await rows()).toEqual([]);
  });

  it('connects with the key sealed, lists the surveys and selects one', async () => {
    const res = await create({ api_host: standIn.apiHost, api_key: standIn.apiKey });
    expect(res.statusCode, res.body).toBe(200);
    sourceId = res.json().datasource_id;
    const [row] = await rows();
    expect(JSON.stringify(row)).not.toContain(standIn.apiKey);
    expect(row!.configPublic).toEqual({ api_host: standIn.apiHost });
    const list = await alice.inject({
      method: 'GET',
      url: `/api/v1/datasource/accounts?type=FORMBRICKS&datasource_id=${sourceId}`,
    });
    expect(list.json()).toEqual([
      { id: feedback(), name: 'Product feedback' },
      { id: standIn.surveys[1].id, name: 'Onboarding poll' },
    ]);
    const select = await alice.inject({
      method: 'POST',
      url: '/api/v1/datasource/account',
      payload: {
        type: 'FORMBRICKS',
        datasource_id: sourceId,
        account: { id: feedback(), name: 'Product feedback' },
      },
    });
    expect(select.statusCode).toBe(200);
    // The copy is made by the sync job on the queue: wait for it.
    await t.app.services.queue.drain(DATASOURCE_SYNC_JOB);
  });

  it('answers questions with the survey’s own numbers', async () => {
    const all = standIn.responses(feedback());
    expect(Object.values((await ask('number of responses')).table[0]!)).toContain(all.length);
    const nps = (await ask('NPS')).table[0]!.NPS as number;
    expect(nps).toBeCloseTo(npsOf(all.map((r) => Number(r.data.recommend))), 6);
    const ratings = all.filter((r) => r.data.plan === 'Pro' && typeof r.data.satisfaction === 'number');
    const pro = (await ask('average satisfaction by plan')).table.find((r) =>
      Object.values(r).includes('Pro'),
    );
    expect(pro?.['Average Satisfaction']).toBeCloseTo(
      ratings.reduce((s, r) => s + Number(r.data.satisfaction), 0) / ratings.length,
      6,
    );
  });

  it('answers a comparison of two months', async () => {
    const inMonth = (month: string) =>
      standIn
        .responses(feedback())
        .filter((r) => r.createdAt.startsWith(month))
        .map((r) => Number(r.data.recommend));
    const [row] = (await ask('NPS last month vs previous month')).table;
    expect(row?.NPS).toBeCloseTo(npsOf(inMonth('2026-10')), 6);
    expect(row?.Previous_NPS).toBeCloseTo(npsOf(inMonth('2026-09')), 6);
  });

  it('refuses a private API address unless ALLOW_PRIVATE_HOSTS, naming the field', async () => {
    const strict = await buildTestApp('pglite', { ALLOW_PRIVATE_HOSTS: 'false', ENCRYPTION_KEY });
    try {
      const user = await createUser(strict.app, { name: 'Carol' });
      const carol = await signIn(strict.app, user.email, user.password);
      const res = await carol.inject({
        method: 'POST',
        url: '/api/v1/datasource',
        payload: {
          type: 'FORMBRICKS',
          name: 'Local',
          config: { api_host: standIn.apiHost, api_key: standIn.apiKey },
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Invalid field config\.api_host: .*private or reserved address/);
      expect(standIn.requests.filter((r) => r.includes('/me')).length).toBe(2); // only Alice's two
    } finally {
      await strict.close();
    }
  }, 60_000);

  it('never answered with the API key', () => {
    expect(bodies.length).toBeGreaterThan(4);
    for (const body of bodies) expect(body).not.toContain(standIn.apiKey);
  });
});
