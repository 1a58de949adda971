import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasources } from '../../src/db/schema';
import { buildTestApp, type Client, signIn, type TestApp } from '../helpers';
import { createUser } from '../peers/factories';

/** A loopback listener that records every connection and the first bytes each sent (a token would be in them). */
async function startListener(): Promise<{
  server: Server;
  port: number;
  seen: string[];
  close(): Promise<void>;
}> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    const index = seen.push('') - 1;
    socket.on('data', (chunk) => {
      seen[index] += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    setTimeout(() => socket.destroy(), 200);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    server,
    port,
    seen,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Every spelling of this machine a user might type, and private ranges beside it. */
const LOOPBACK_HOSTS = [
  '127.0.0.1',
  'localhost',
  '127.1',
  '2130706433',
  '0x7f000001',
  '::1',
  '::ffff:127.0.0.1',
  '0.0.0.0',
];

function configs(port: number) {
  const token = 'secret-token-of-the-user';
  return [
    ...LOOPBACK_HOSTS.map((host) => ({
      type: 'POSTGRESQL',
      field: 'host',
      config: { host, port, database: 'x', user: 'u', password: token, ssl: false },
    })),
    ...['127.0.0.1', 'localhost', '[::1]'].flatMap((host) => [
      {
        type: 'CLOUDFLARE_D1',
        field: 'base_url',
        config: { account_id: 'acct', api_token: token, base_url: `http://${host}:${port}/client/v4` },
      },
      {
        type: 'FORMBRICKS',
        field: 'api_host',
        config: { api_host: `http://${host}:${port}`, api_key: token },
      },
    ]),
  ];
}

// Issue 27, finding 6: with the embedded defaults any signed-up user could aim a source at the server's
// own network. Private addresses are allowed by default only while sign-up is closed.
describe('private and loopback hosts', () => {
  let listener: Awaited<ReturnType<typeof startListener>>;
  beforeAll(async () => {
    listener = await startListener();
  });
  afterAll(() => listener.close());

  describe('with the embedded defaults (sign-up open)', () => {
    let t: TestApp;
    let user: Client;
    beforeAll(async () => {
      t = await buildTestApp('pglite');
      const row = await createUser(t.app);
      user = await signIn(t.app, row.email, row.password);
    });
    afterAll(() => t.close());

    it('refuses every spelling of loopback, reaching nothing and sending no token', async () => {
      for (const c of configs(listener.port)) {
        const res = await user.inject({
          method: 'POST',
          url: '/api/v1/datasource',
          payload: { type: c.type, name: 'Internal', config: c.config },
        });
        const label = `${c.type} ${JSON.stringify(c.config)}`;
        expect(res.statusCode, label).toBe(400);
        expect(res.json().message, label).toMatch(/private or reserved address/);
      }
      expect(listener.seen).toEqual([]);
      expect(await t.app.database.db.select().from(datasources)).toEqual([]);
    });
  });

  describe('with sign-up closed', () => {
    let t: TestApp;
    let user: Client;
    beforeAll(async () => {
      t = await buildTestApp('pglite', { SIGNUP_ENABLED: 'false' });
      const row = await createUser(t.app);
      user = await signIn(t.app, row.email, row.password);
    });
    afterAll(() => t.close());

    it('lets the install reach its own network (a self-hosted database beside it)', async () => {
      const before = listener.seen.length;
      const res = await user.inject({
        method: 'POST',
        url: '/api/v1/datasource',
        payload: { type: 'POSTGRESQL', name: 'Local', config: configs(listener.port)[0]!.config },
      });
      // The listener is not PostgreSQL: the connection test fails, but it was allowed to connect.
      expect(res.statusCode).toBe(400);
      expect(res.json().message).not.toMatch(/private or reserved address/);
      expect(listener.seen.length).toBeGreaterThan(before);
    });
  });
});
