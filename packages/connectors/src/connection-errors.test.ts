import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { CONNECTION_FAILURES } from '@parley/contract';
import { type PgAuthPeer, startPgAuthPeer } from '@parley/testing/standins/pg-auth-peer';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpFailure, networkFailure, pgConnectionFailure } from './connection-errors';
import { ConnectorError } from './connector';
import { PostgresConnector } from './postgres/postgres.connector';

const PG_URL = process.env.TEST_DATABASE_URL;
const PASSWORD = 'Pa55-never-shown';

/** A wire-protocol peer that answers the startup packet with one FATAL error (a pg_hba.conf refusal). */
async function startRefusingPeer(sqlstate: string, text: string): Promise<{ port: number; server: Server }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.once('data', (chunk) => {
      // An SSLRequest is answered "N"; the startup packet that follows gets the error.
      if (chunk.length === 8 && chunk.readInt32BE(4) === 80877103) {
        socket.write('N');
        socket.once('data', () => refuse(socket));
      } else refuse(socket);
    });
  });
  const refuse = (socket: Socket) => {
    const fields = Buffer.from(`SFATAL\0VFATAL\0C${sqlstate}\0M${text}\0\0`, 'utf8');
    const head = Buffer.alloc(5);
    head.write('E', 0);
    head.writeInt32BE(fields.length + 4, 1);
    socket.end(Buffer.concat([head, fields]));
  };
  server.on('close', () => {
    for (const s of sockets) s.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

/** The error pg itself raises for this connection (captured, not built by hand). */
async function driverError(config: pg.ClientConfig): Promise<unknown> {
  const client = new pg.Client({ connectionTimeoutMillis: 3_000, ...config });
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    return error;
  }
}

const sentence = (error: ConnectorError | null) => error?.failure ?? null;

describe('pgConnectionFailure, from errors the driver raised', () => {
  let authPeer: PgAuthPeer;
  let hbaPeer: { port: number; server: Server };
  let hbaOtherPeer: { port: number; server: Server };
  let silent: Server;
  beforeAll(async () => {
    authPeer = await startPgAuthPeer();
    hbaPeer = await startRefusingPeer(
      '28000',
      'no pg_hba.conf entry for host "10.1.2.3", user "reader", database "shop", no encryption',
    );
    hbaOtherPeer = await startRefusingPeer(
      '28000',
      'no pg_hba.conf entry for host "10.1.2.3", user "reader", database "shop", SSL encryption',
    );
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await authPeer.close();
    for (const s of [hbaPeer.server, hbaOtherPeer.server, silent]) s.close();
  });

  const target = { host: '127.0.0.1', port: 5432, database: 'shop', user: 'reader' };

  it('a wrong password (28P01) is an authentication failure naming the user', async () => {
    const error = await driverError({ ...target, port: authPeer.port, password: PASSWORD });
    expect((error as { code: string }).code).toBe('28P01');
    const mapped = pgConnectionFailure(error, { ...target, port: authPeer.port });
    expect(mapped).toMatchObject({ code: 'invalid_config', failure: { reason: 'auth_failed' } });
    expect(mapped?.message).toBe(
      'Authentication failed: the server refused the user name or password of “reader”.',
    );
  });

  it('a pg_hba.conf refusal of an unencrypted client says TLS is required, without the address', async () => {
    const error = await driverError({ ...target, port: hbaPeer.port });
    expect((error as { code: string }).code).toBe('28000');
    const mapped = pgConnectionFailure(error, target);
    expect(mapped).toMatchObject({ failure: { reason: 'tls_required' } });
    expect(mapped?.message).toBe(CONNECTION_FAILURES.tls_required);
    expect(mapped?.message).not.toContain('10.1.2.3');
  });

  it('a pg_hba.conf refusal for another reason says the user may not connect', async () => {
    const error = await driverError({ ...target, port: hbaOtherPeer.port });
    const mapped = pgConnectionFailure(error, target);
    expect(mapped).toMatchObject({ failure: { reason: 'not_allowed' } });
    expect(sentence(mapped)?.params).toEqual({ user: 'reader', database: 'shop' });
  });

  it('a server that never answers is a timeout on the host and port typed', async () => {
    const port = (silent.address() as AddressInfo).port;
    const pool = new pg.Pool({ ...target, port, connectionTimeoutMillis: 300 });
    const error = await pool.connect().then(
      () => null,
      (e: unknown) => e,
    );
    await pool.end();
    const mapped = pgConnectionFailure(error, { ...target, port });
    expect(mapped).toMatchObject({ code: 'unreachable', failure: { reason: 'timeout' } });
    expect(mapped?.message).toBe(`Host unreachable: 127.0.0.1 did not answer on port ${port} in time.`);
  });

  it('a closed port (ECONNREFUSED) and an unknown name (ENOTFOUND) are unreachable hosts', async () => {
    const refused = pgConnectionFailure(await driverError({ ...target, port: 1 }), { ...target, port: 1 });
    expect(refused).toMatchObject({ code: 'unreachable', failure: { reason: 'connection_refused' } });
    expect(refused?.message).toBe('Host unreachable: 127.0.0.1 refused the connection on port 1.');
    const host = 'no-such-host.invalid';
    const unknown = pgConnectionFailure(await driverError({ ...target, host }), { ...target, host });
    expect(unknown).toMatchObject({ failure: { reason: 'host_not_found' } });
    expect(unknown?.message).toBe('Host unreachable: no host named “no-such-host.invalid” could be found.');
  });

  describe.skipIf(!PG_URL)('against the local PostgreSQL server', () => {
    const local = () => {
      const url = new URL(PG_URL!);
      return { host: url.hostname, port: Number(url.port || 5432), user: decodeURIComponent(url.username) };
    };

    it('a database that does not exist (3D000) is named', async () => {
      const t = { ...local(), database: 'parley_missing_db' };
      const error = await driverError(t);
      expect((error as { code: string }).code).toBe('3D000');
      expect(pgConnectionFailure(error, t)?.message).toBe('The database “parley_missing_db” does not exist.');
    });

    it('a role that does not exist (28000) is an authentication failure', async () => {
      const t = { ...local(), database: 'postgres', user: 'parley_no_such_role' };
      const mapped = pgConnectionFailure(await driverError(t), t);
      expect(mapped).toMatchObject({ failure: { reason: 'auth_failed' } });
    });

    it('TLS asked of a server without it says TLS is not supported', async () => {
      const t = { ...local(), database: 'postgres' };
      const error = await driverError({ ...t, ssl: { rejectUnauthorized: true } });
      // The local server runs without TLS; where it has TLS this case cannot be produced.
      if (error === null) return;
      expect(pgConnectionFailure(error, t)).toMatchObject({ failure: { reason: 'tls_unsupported' } });
    });
  });

  it('leaves errors it cannot explain to the caller', () => {
    expect(pgConnectionFailure(new Error('something else'), target)).toBeNull();
    expect(pgConnectionFailure({ code: '53300', message: 'too many connections' }, target)).toBeNull();
  });
});

describe('PostgresConnector.test', () => {
  let authPeer: PgAuthPeer;
  beforeAll(async () => {
    authPeer = await startPgAuthPeer({ echoPassword: () => true });
  });
  afterAll(() => authPeer.close());

  it('answers the catalogue sentence, never the password the server echoed', async () => {
    const config = {
      host: '127.0.0.1',
      port: authPeer.port,
      database: 'shop',
      user: 'reader',
      password: PASSWORD,
      ssl: false,
    };
    const connector = new PostgresConnector(config, { account: null, allowPrivateHosts: true });
    const error = await connector.test().catch((e: unknown) => e as ConnectorError);
    await connector.close();
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ code: 'invalid_config', failure: { reason: 'auth_failed' } });
    expect(error?.message).not.toContain(PASSWORD);
  });

  it('names an unknown host from the host check, before any connection', async () => {
    const connector = new PostgresConnector(
      {
        host: 'no-such-host.invalid',
        port: 5432,
        database: 'd',
        user: 'u',
        password: '',
        ssl: false,
      },
      { account: null, allowPrivateHosts: true },
    );
    const error = await connector.test().catch((e: unknown) => e as ConnectorError);
    await connector.close();
    expect(error).toMatchObject({ code: 'unreachable', failure: { reason: 'host_not_found' } });
  });
});

describe('networkFailure and httpFailure', () => {
  it('maps socket and TLS certificate codes, and nothing else', () => {
    const where = { host: 'api.example.com', port: 443 };
    expect(networkFailure({ code: 'ETIMEDOUT' }, where)?.message).toBe(
      'Host unreachable: api.example.com did not answer on port 443 in time.',
    );
    expect(networkFailure({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' }, where)?.failure?.reason).toBe(
      'tls_certificate',
    );
    expect(networkFailure({ code: 'EHOSTUNREACH' }, where)?.failure?.reason).toBe('unreachable');
    expect(networkFailure({ code: 'EWHATEVER' }, where)).toBeNull();
  });

  it('maps 401 and 403 to a refused key, 404 to an unknown address, others to null', () => {
    expect(httpFailure(401, 'Formbricks')?.message).toBe(
      'Authentication failed: Formbricks refused the API key or token. Check that it is valid and may read this data.',
    );
    expect(httpFailure(403, 'Cloudflare D1')?.failure?.reason).toBe('key_refused');
    expect(httpFailure(404, 'Cloudflare D1')?.message).toBe(
      'Cloudflare D1 does not know this account ID or API address.',
    );
    expect(httpFailure(500, 'Formbricks')).toBeNull();
  });

  it('carries its reason and blanks beside the sentence', () => {
    const mapped = httpFailure(404, 'Cloudflare D1');
    expect(sentence(mapped)).toEqual({ reason: 'address_unknown', params: { source: 'Cloudflare D1' } });
    expect(mapped?.message).toBe(CONNECTION_FAILURES.address_unknown.replace('{{source}}', 'Cloudflare D1'));
  });
});
