import type { TReportsResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  type Client,
  signIn,
  TEST_DATABASES,
  TEST_NOW,
  type TestApp,
  uploadFile,
} from '../helpers';
import { createUser } from '../peers/factories';

const CSV = 'region,amount,sold_on\nNorth,10.5,2026-01-03\nSouth,25.25,2026-02-10\n';

/** The credentials of the tenant answer: which source carries the "default" badge. */
type Credentials = Record<string, { default: boolean }>;

describe.each(TEST_DATABASES)('the default data source, on %s', (kind) => {
  let t: TestApp;
  const newUser = async () => {
    const user = await createUser(t.app);
    return signIn(t.app, user.email, user.password);
  };
  const upload = (c: Client, name: string) => uploadFile(c, name, CSV);
  const badged = async (c: Client): Promise<string[]> => {
    const credentials: Credentials = (await c.inject({ method: 'GET', url: '/auth/tenant' })).json()
      .credentials;
    return Object.entries(credentials)
      .filter(([, cred]) => cred.default)
      .map(([id]) => id);
  };
  /** The source a typed question without one went to, as its card names it. */
  const askedSource = async (c: Client, phrase: string): Promise<string> => {
    const res = await c.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase, created: Date.now() },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().responses[0]?.card?.source?.id;
  };
  const starters = async (c: Client) =>
    (await c.inject({ method: 'GET', url: '/features/suggestions' })).json().datasource?.id;
  const reportDefault = async (c: Client) =>
    ((await c.inject({ method: 'GET', url: '/features/deep-research-reports' })).json() as TReportsResponse)
      .default_datasource_id;
  const setDefault = (c: Client, datasource_id: string) =>
    c.inject({ method: 'POST', url: '/api/v1/datasource/default', payload: { datasource_id } });
  /** Every place that reads "the default" names the same source. */
  const expectDefault = async (c: Client, id: string) => {
    expect(await badged(c)).toEqual([id]);
    expect(await askedSource(c, id === 'demo' ? 'orders last month' : 'total amount')).toBe(id);
    expect(await starters(c)).toBe(id);
    expect(await reportDefault(c)).toBe(id);
  };

  beforeAll(async () => {
    // A clock that moves: each upload is newer than the one before, as in real use.
    let tick = 0;
    const clock = () => new Date(Date.parse(TEST_NOW) + tick++ * 1000);
    t = await buildTestApp(kind, {}, clock, { worker: false });
  }, 120_000);
  afterAll(() => t?.close());

  it('is the demo for a user with nothing of their own', async () => {
    await expectDefault(await newUser(), 'demo');
  });

  it('is the newest upload when the user chose none: badge, typed question, starters and report agree', async () => {
    const c = await newUser();
    const first = await upload(c, 'Kestrel Sales.csv');
    await expectDefault(c, first);
    const second = await upload(c, 'Harbour Sales.csv');
    await expectDefault(c, second);
    // The newest one deactivated: the one before it, not the demo.
    const ref = { type: 'FILE', datasource_id: second };
    const off = await c.inject({ method: 'POST', url: '/api/v1/datasource/deactivate', payload: ref });
    expect(off.statusCode, off.body).toBe(200);
    await expectDefault(c, first);
  });

  it('is the demo when the user chose it explicitly, although they have a source of their own', async () => {
    const c = await newUser();
    const own = await upload(c, 'Kestrel Sales.csv');
    expect((await setDefault(c, 'demo')).statusCode).toBe(200);
    await expectDefault(c, 'demo');
    // A newer upload does not override an explicit choice.
    await upload(c, 'Harbour Sales.csv');
    await expectDefault(c, 'demo');
    expect((await setDefault(c, own)).statusCode).toBe(200);
    await expectDefault(c, own);
  });

  it('falls back to the newest source when the chosen one is removed', async () => {
    const c = await newUser();
    const first = await upload(c, 'Kestrel Sales.csv');
    const second = await upload(c, 'Harbour Sales.csv');
    expect((await setDefault(c, first)).statusCode).toBe(200);
    await expectDefault(c, first);
    const gone = await c.inject({ method: 'DELETE', url: `/api/v1/datasource?id=${first}` });
    expect(gone.statusCode, gone.body).toBe(200);
    await expectDefault(c, second);
  });
});
