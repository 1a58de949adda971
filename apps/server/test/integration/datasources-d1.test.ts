import { randomBytes } from 'node:crypto';
import { D1Connector } from '@parley/connectors';
import { DATASOURCE_MESSAGES } from '@parley/contract';
import { type D1StandIn, startD1StandIn } from '@parley/testing/standins/d1-standin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasources } from '../../src/db/schema';
import { buildTestApp, type Client, signIn, type TestApp } from '../helpers';
import { createUser, type TestUser } from '../peers/factories';

const ENCRYPTION_KEY = randomBytes(32).toString('hex');
const OPTIONS = { timeoutMs: 10_000, maxRows: 1_000 };
const REV = 'SUM(od.unit_price * od.quantity * (1 - od.discount))';
const OD = 'FROM order_details od JOIN orders o ON o.order_id = od.order_id';

type TCard = { table: Record<string, unknown>[]; query?: { sql: string } };

describe('a Cloudflare D1 source (stand-in) through the API', () => {
  let standIn: D1StandIn;
  let t: TestApp;
  let alice: Client;
  let aliceUser: TestUser;
  let direct: D1Connector;
  let sourceId: string;
  const bodies: string[] = [];

  beforeAll(async () => {
    standIn = await startD1StandIn();
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
    direct = new D1Connector(
      { account_id: standIn.accountId, api_token: standIn.token, base_url: standIn.baseUrl },
      { account: standIn.uuid('northwind'), allowPrivateHosts: true },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const config = (over: Record<string, unknown> = {}) => ({
    account_id: standIn.accountId,
    api_token: standIn.token,
    base_url: standIn.baseUrl,
    ...over,
  });
  const create = (name: string, c: Record<string, unknown>) =>
    alice.inject({
      method: 'POST',
      url: '/api/v1/datasource',
      payload: { type: 'CLOUDFLARE_D1', name, config: c },
    });
  const rows = () => t.app.database.db.select().from(datasources).where(eq(datasources.userId, aliceUser.id));
  const tenant = async () => (await alice.inject({ method: 'GET', url: '/auth/tenant' })).json();
  const ask = async (phrase: string) => {
    const res = await alice.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase, created: Date.now(), datasource_id: sourceId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().responses[0]?.card as TCard;
  };
  const value = async (sql: string) => Object.values((await direct.query(sql, [], OPTIONS)).rows[0])[0];

  it('is offered as a source type with an API key', async () => {
    const types = (await alice.inject({ method: 'GET', url: '/api/v1/datasource/types' })).json();
    expect(types).toContainEqual({
      type: 'CLOUDFLARE_D1',
      name: 'Cloudflare D1',
      logo: '/logos/cloudflare_d1.svg',
      auth_type: 'apikey',
      supports_accounts: true,
    });
  });

  it('refuses a bad token or account with the fixed message and its reason, storing nothing', async () => {
    for (const over of [{ api_token: 'not-the-token' }, { account_id: 'f'.repeat(32) }]) {
      const res = await create('Broken', config(over));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: DATASOURCE_MESSAGES.invalidConfig,
        reason: {
          text: `Authentication failed: Cloudflare D1 refused the API key or token. Check that it is valid and may read this data.`,
        },
      });
    }
    expect(await rows()).toEqual([]);
  });

  it('connects, keeps the token sealed, lists the databases and selects one', async () => {
    const res = await create('Edge database', config());
    expect(res.statusCode, res.body).toBe(200);
    sourceId = res.json().datasource_id;
    const [row] = await rows();
    expect(JSON.stringify(row)).not.toContain(standIn.token);
    expect(row!.configPublic).toEqual({ account_id: standIn.accountId, base_url: standIn.baseUrl });
    const list = await alice.inject({
      method: 'GET',
      url: `/api/v1/datasource/accounts?type=CLOUDFLARE_D1&datasource_id=${sourceId}`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(
      expect.arrayContaining([{ id: standIn.uuid('northwind'), name: 'northwind' }]),
    );
    const add = (id: string) =>
      alice.inject({
        method: 'POST',
        url: '/api/v1/datasource/account',
        payload: { type: 'CLOUDFLARE_D1', datasource_id: sourceId, account: { id, name: 'northwind' } },
      });
    const refused = await add('99999999-9999-4999-8999-999999999999');
    expect(refused.json()).toEqual({ message: DATASOURCE_MESSAGES.invalidAccount });
    expect((await add(standIn.uuid('northwind'))).statusCode).toBe(200);
    expect((await tenant()).credentials[sourceId]).toMatchObject({
      type: 'CLOUDFLARE_D1',
      auth_type: 'apikey',
      active: true,
      selected_account: standIn.uuid('northwind'),
    });
  });

  it('answers questions with the numbers the database holds', async () => {
    const revenue = await ask('revenue in 1997');
    expect(revenue.table[0]?.Revenue).toBeCloseTo(
      Number(await value(`SELECT ${REV} ${OD} WHERE o.order_date BETWEEN '1997-01-01' AND '1997-12-31'`)),
      6,
    );
    const orders = await ask('how many orders in 1997');
    expect(Object.values(orders.table[0]!)).toContain(
      await value(`SELECT COUNT(*) FROM orders WHERE order_date BETWEEN '1997-01-01' AND '1997-12-31'`),
    );
    const byCountry = await ask('revenue by country');
    const germany = byCountry.table.find((r) => Object.values(r).includes('Germany'));
    expect(germany?.Revenue).toBeCloseTo(
      Number(
        await value(
          `SELECT ${REV} ${OD} JOIN customers c ON c.customer_id = o.customer_id WHERE c.country = 'Germany'`,
        ),
      ),
      6,
    );
  });

  it('answers a comparison with both periods from one statement', async () => {
    const card = await ask('revenue in 1997 vs previous year');
    const [row] = card.table;
    expect(row?.Revenue).toBeCloseTo(
      Number(await value(`SELECT ${REV} ${OD} WHERE o.order_date BETWEEN '1997-01-01' AND '1997-12-31'`)),
      6,
    );
    expect(row?.Previous_Revenue).toBeCloseTo(
      Number(await value(`SELECT ${REV} ${OD} WHERE o.order_date BETWEEN '1996-01-01' AND '1996-12-31'`)),
      6,
    );
  });

  it('never sends a batch to D1: a second statement is refused before any call', async () => {
    const source = await t.app.services.sources.resolve(
      {
        userId: aliceUser.id,
        email: aliceUser.email,
        name: 'Alice',
        features: (await import('../../src/modules/auth/auth.service')).NEW_USER_FEATURES,
        timezone: 'Europe/London',
        language: 'en-GB',
        projectId: 'default',
      },
      sourceId,
    );
    const before = (await standIn.requests()).length;
    await expect(
      source.connector.execute({ kind: 'sql', sql: 'SELECT 1; DELETE FROM orders', params: [] }, OPTIONS),
    ).rejects.toMatchObject({ code: 'invalid_sql' });
    expect((await standIn.requests()).length).toBe(before);
  });

  it('never answered with the API token', () => {
    expect(bodies.length).toBeGreaterThan(5);
    for (const body of bodies) expect(body).not.toContain(standIn.token);
  });
});
