import { DATASOURCE_TYPES, ZDatasourceTypes } from '@parley/contract';
import { getTestDemoPath } from '@parley/testing/fixtures/demo-fixture';
import { describe, expect, it } from 'vitest';
import type { TPostgresPublicConfig } from '../src/postgres/postgres.descriptor';
import {
  createConnector,
  DESCRIPTORS,
  findDescriptor,
  getDescriptor,
  listedTypes,
  parseConnectorConfig,
} from '../src/registry';

const CONTEXT = { account: null, allowPrivateHosts: false, dataDir: '/nonexistent' };

describe('registry', () => {
  it('describes each registered type as GET /api/v1/datasource/types answers it', () => {
    for (const d of DESCRIPTORS) expect(DATASOURCE_TYPES).toContain(d.type);
    const listed = DESCRIPTORS.filter((d) => d.listed).map(
      ({ type, name, logo, auth_type, supports_accounts }) => ({
        type,
        name,
        logo,
        auth_type,
        supports_accounts,
      }),
    );
    expect(ZDatasourceTypes.parse(listed)).toEqual(listed);
    expect(getDescriptor('POSTGRESQL')).toMatchObject({
      auth_type: 'basic',
      supports_accounts: true,
      secretFields: ['password'],
      logo: '/logos/postgresql.svg',
    });
    expect(getDescriptor('FILE')).toMatchObject({
      auth_type: 'builtin',
      supports_accounts: false,
      listed: true,
    });
    expect(getDescriptor('DEMO')).toMatchObject({ auth_type: 'builtin', listed: false });
  });

  it('names each type’s accounts, and only the types that have accounts', () => {
    const kinds = Object.fromEntries(DESCRIPTORS.map((d) => [d.type, d.accounts]));
    expect(kinds).toEqual({
      POSTGRESQL: 'schemas',
      FILE: null,
      CLOUDFLARE_D1: 'databases',
      FORMBRICKS: 'surveys',
      GOOGLE_ANALYTICS: 'properties',
      DEMO: null,
    });
    for (const d of DESCRIPTORS) expect(d.accounts !== null).toBe(d.supports_accounts);
    const listed = listedTypes({ connect: true });
    expect(listed.find((t) => t.type === 'POSTGRESQL')?.accounts).toBe('schemas');
    expect(listedTypes({ connect: false }).every((t) => !('accounts' in t))).toBe(true);
  });

  it('answers null or unsupported for types without a connector', () => {
    expect(findDescriptor('MYSQL')).toBeNull();
    expect(findDescriptor('toString')).toBeNull();
    expect(() => getDescriptor('MYSQL')).toThrow(expect.objectContaining({ code: 'unsupported' }));
  });

  it('parses PostgreSQL fields, never a connection string', () => {
    const config = parseConnectorConfig('POSTGRESQL', {
      host: 'db.example.com',
      database: 'shop',
      user: 'reader',
      connectionString: 'postgres://evil',
    });
    expect(config).toEqual({
      type: 'POSTGRESQL',
      host: 'db.example.com',
      port: 5432,
      database: 'shop',
      user: 'reader',
      password: '',
      ssl: false,
    });
    expect(() =>
      parseConnectorConfig('POSTGRESQL', { host: '/var/run/postgresql', database: 'x', user: 'y' }),
    ).toThrow(expect.objectContaining({ code: 'invalid_config', message: expect.stringMatching(/^host /) }));
    expect(() => parseConnectorConfig('FILE', { file: '../x.duckdb', table: 't' })).toThrow(
      expect.objectContaining({ code: 'invalid_config' }),
    );
  });

  it('creates connectors, keeping DUCKDB as the demo alias', async () => {
    const path = await getTestDemoPath();
    const demo = createConnector({ type: 'DEMO', path }, CONTEXT);
    const legacy = createConnector({ type: 'DUCKDB', path });
    try {
      expect(demo.type).toBe('DEMO');
      expect(legacy.type).toBe('DUCKDB');
      for (const c of [demo, legacy])
        await expect(
          c.query('SELECT count(*) AS n FROM products', [], { timeoutMs: 5_000, maxRows: 1 }),
        ).resolves.toMatchObject({
          rows: [{ n: expect.any(Number) }],
        });
    } finally {
      await demo.close();
      await legacy.close();
    }
    const pg = createConnector(
      {
        type: 'POSTGRESQL',
        host: '127.0.0.1',
        port: 5432,
        database: 'x',
        user: 'y',
        password: '',
        ssl: false,
      },
      CONTEXT,
    );
    expect(pg).toMatchObject({ type: 'POSTGRESQL', dialect: 'postgres', capabilities: { accounts: true } });
    await expect(pg.test()).rejects.toMatchObject({ code: 'forbidden_host' });
    await pg.close();
  });
});

describe('public config types', () => {
  it('cannot carry a secret field (checked by the compiler)', () => {
    const visible: TPostgresPublicConfig = {
      type: 'POSTGRESQL',
      host: 'db.example.com',
      port: 5432,
      database: 'shop',
      user: 'reader',
      ssl: true,
    };
    // @ts-expect-error the password is a secret field: the public type has no place for it
    const leaky: TPostgresPublicConfig = { ...visible, password: 'x' };
    expect(Object.keys(visible)).not.toContain('password');
    expect(leaky).toBeDefined();
  });
});
