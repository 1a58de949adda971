import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATASOURCE_MESSAGES } from '@parley/contract';
import { testDatabaseUrl } from '@parley/testing';
import { datasetDir } from '@parley/testing/datasets';
import { type PgAuthPeer, type PgRefusal, startPgAuthPeer } from '@parley/testing/standins/pg-auth-peer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, signIn, TEST_DATABASES, type TestApp } from '../helpers';
import { createUser, fileUpload } from '../peers/factories';

/**
 * The data-sources screen explains itself: connection failures say what is wrong, sources are
 * renamed, an upload says what was understood, and the cards that read a source are counted.
 */
const PG_URL = testDatabaseUrl();
const PASSWORD = `Pw-${randomBytes(8).toString('hex')}`;

/** A multipart/form-data body with one file part, built by hand. */

const ORDERS = readFileSync(join(datasetDir('northwind'), 'orders.csv'));

describe.each(TEST_DATABASES)('data sources that explain themselves on %s', (kind) => {
  let t: TestApp;
  let alice: Client;
  let bob: Client;
  let peer: PgAuthPeer;
  // How the wire peer refuses the next connection; each failure test sets it.
  let refusal: PgRefusal = 'password';
  let ordersId = '';
  const bodies: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind, { ALLOW_PRIVATE_HOSTS: 'true' });
    const a = await createUser(t.app, { name: 'Alice' });
    const b = await createUser(t.app, { name: 'Bob' });
    alice = await signIn(t.app, a.email, a.password);
    bob = await signIn(t.app, b.email, b.password);
    peer = await startPgAuthPeer({ echoPassword: () => true, refusal: () => refusal });
  }, 120_000);
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  const connect = async (config: Record<string, unknown>) => {
    const res = await alice.inject({
      method: 'POST',
      url: '/api/v1/datasource',
      payload: {
        type: 'POSTGRESQL',
        name: 'Broken',
        config: { user: 'reader', password: PASSWORD, ...config },
      },
    });
    bodies.push(res.body);
    expect(res.statusCode).toBe(400);
    // The contract's message stays fixed; the reason is answered beside it.
    expect(res.json().message).toBe(DATASOURCE_MESSAGES.invalidConfig);
    return `${prefix}${res.json().reason.text}`;
  };
  const local = () => {
    const url = new URL(PG_URL!);
    return { host: url.hostname, port: Number(url.port || 5432), user: decodeURIComponent(url.username) };
  };
  const tenant = async (c: Client) => (await c.inject({ method: 'GET', url: '/auth/tenant' })).json();
  const prefix = `${DATASOURCE_MESSAGES.invalidConfig} `;

  describe('connection failures', () => {
    it('a wrong password: authentication failed, the password never in the answer', async () => {
      refusal = 'password';
      const message = await connect({ host: '127.0.0.1', port: peer.port, database: 'shop' });
      expect(message).toBe(
        `${prefix}Authentication failed: the server refused the user name or password of “reader”.`,
      );
      expect(peer.received).toContain(PASSWORD);
    });

    it('a closed port and an unknown host: host unreachable, naming what was typed', async () => {
      expect(await connect({ host: '127.0.0.1', port: 1, database: 'shop' })).toBe(
        `${prefix}Host unreachable: 127.0.0.1 refused the connection on port 1.`,
      );
      expect(await connect({ host: 'no-such-host.invalid', port: 5432, database: 'shop' })).toBe(
        `${prefix}Host unreachable: no host named “no-such-host.invalid” could be found.`,
      );
    });

    it('a database that does not exist (3D000 after the password was accepted) is named', async () => {
      refusal = 'database';
      expect(await connect({ host: '127.0.0.1', port: peer.port, database: 'parley_day_missing' })).toBe(
        `${prefix}The database “parley_day_missing” does not exist.`,
      );
    });

    it.skipIf(!PG_URL)('a database missing on a real PostgreSQL server is named the same way', async () => {
      const { host, port, user } = local();
      expect(await connect({ host, port, user, database: 'parley_day_missing' })).toBe(
        `${prefix}The database “parley_day_missing” does not exist.`,
      );
    });

    it('a server that admits only encrypted connections, asked without TLS: TLS required', async () => {
      refusal = 'encryption';
      expect(await connect({ host: '127.0.0.1', port: peer.port, database: 'shop', ssl: false })).toBe(
        `${prefix}TLS required: the server only accepts encrypted connections. Turn on “Use SSL”.`,
      );
    });

    it('TLS asked of a server without it: TLS not supported', async () => {
      refusal = 'password';
      expect(await connect({ host: '127.0.0.1', port: peer.port, database: 'shop', ssl: true })).toBe(
        `${prefix}TLS not supported: the server does not accept encrypted connections. Turn off “Use SSL”.`,
      );
    });

    it('no answer carried the password or a stack', () => {
      for (const body of bodies) {
        expect(body).not.toContain(PASSWORD);
        expect(body).not.toMatch(/\bat .*\.(ts|js):\d+/);
      }
    });
  });

  describe('an upload', () => {
    it('answers what was understood: rows, typed columns, the date range and the measures', async () => {
      const res = await alice.inject({
        method: 'POST',
        url: '/api/v1/datasource/upload',
        ...fileUpload('orders.csv', ORDERS),
      });
      expect(res.statusCode, res.body).toBe(200);
      const { datasource_id, summary } = res.json();
      ordersId = datasource_id;
      expect(summary.rows).toBe(830);
      expect(summary.columns).toHaveLength(14);
      expect(summary.columns).toContainEqual(expect.objectContaining({ name: 'order_date', kind: 'date' }));
      expect(summary.columns).toContainEqual(expect.objectContaining({ name: 'freight', kind: 'float' }));
      expect(summary.dates).toEqual({ column: 'order_date', from: '1996-07-04', to: '1998-05-06' });
      expect(summary.measures.map((m: { label: string }) => m.label)).toEqual(
        expect.arrayContaining(['Orders', 'Freight', 'Average Freight']),
      );
    });
  });

  describe('renaming', () => {
    const rename = (c: Client, datasource_id: string, name: string) =>
      c.inject({ method: 'POST', url: '/api/v1/datasource/rename', payload: { datasource_id, name } });

    it('renames the source everywhere the tenant lists it', async () => {
      const res = await rename(alice, ordersId, '  Northwind orders  ');
      expect(res.statusCode, res.body).toBe(200);
      expect((await tenant(alice)).credentials[ordersId].name).toBe('Northwind orders');
    });

    it('refuses an empty or over-long name, and the demo, with 400', async () => {
      for (const name of ['   ', 'x'.repeat(201)]) {
        const res = await rename(alice, ordersId, name);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/name/);
      }
      expect((await rename(alice, 'demo', 'Mine')).statusCode).toBe(400);
      expect((await tenant(alice)).credentials[ordersId].name).toBe('Northwind orders');
    });

    it('answers 404 for another user’s source, leaving it as it was', async () => {
      const res = await rename(bob, ordersId, 'Stolen');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: DATASOURCE_MESSAGES.notFound });
      expect((await tenant(alice)).credentials[ordersId].name).toBe('Northwind orders');
    });
  });

  describe('usage by collection cards', () => {
    const usage = (c: Client, id: string) =>
      c.inject({ method: 'GET', url: `/api/v1/datasource/usage?datasource_id=${id}` });
    const collection = (name: string, questions: Record<string, unknown>[]) =>
      alice.inject({ method: 'POST', url: '/features/collection', payload: { name, questions } });

    it('counts nothing before any card reads the source', async () => {
      const res = await usage(alice, ordersId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ cards: 0, collections: [] });
    });

    it('counts the cards naming the source, by collection, and only those', async () => {
      const card = (phrase: string) => ({ phrase, data_adapter: ordersId });
      expect(
        (await collection('Shipping', [card('freight by month'), card('orders by ship country')])).statusCode,
      ).toBe(200);
      expect((await collection('Board', [card('total freight'), { phrase: 'revenue' }])).statusCode).toBe(
        200,
      );
      const res = await usage(alice, ordersId);
      expect(res.json()).toEqual({
        cards: 3,
        collections: [
          { id: expect.any(String), name: 'Board', cards: 1 },
          { id: expect.any(String), name: 'Shipping', cards: 2 },
        ],
      });
    });

    it('answers 404 to another user', async () => {
      expect((await usage(bob, ordersId)).statusCode).toBe(404);
    });
  });
});
