import type { TCredential } from '@parley/contract';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATASOURCE_TYPES_RESPONSE } from '../../../../../packages/contract/test/datasource-types.fixture';
import {
  addableTypes,
  configOf,
  connectedCounts,
  connectMethod,
  connectUrl,
  DEMO_ID,
  defaultSourceId,
  failureText,
  formatBytes,
  initialValues,
  isBuiltin,
  isSelectedAccount,
  isUploadable,
  logoOf,
  percentOf,
  sourcesOf,
  statusOf,
  usableSources,
} from '../../../src/features/datasources/datasources';
import { ApiError } from '../../../src/lib/api';

function credential(over: Partial<TCredential> = {}): TCredential {
  return {
    type: 'POSTGRESQL',
    name: 'Warehouse',
    logo: '/logos/postgresql.svg',
    auth_type: 'basic',
    active: true,
    revoked: false,
    selected_account: null,
    accounts: {},
    user: 'ada@example.com',
    default: false,
    created: '2026-01-02T00:00:00.000Z',
    ...over,
  };
}

let t: TFunction<'datasources'>;
beforeAll(async () => {
  await i18next.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('../../../src/features/datasources/i18n');
  t = i18next.getFixedT('en-US', 'datasources');
});

describe('data source status (spec 2 §4)', () => {
  it('is revoked before anything else, then inactive, else active', () => {
    expect(statusOf({ active: true, revoked: true })).toBe('revoked');
    expect(statusOf({ active: false, revoked: true })).toBe('revoked');
    expect(statusOf({ active: false, revoked: false })).toBe('inactive');
    expect(statusOf({ active: true, revoked: false })).toBe('active');
  });
});

describe('sources', () => {
  const credentials = {
    b: credential({ name: 'B', created: '2026-03-01T00:00:00.000Z' }),
    [DEMO_ID]: credential({
      type: 'DEMO',
      auth_type: 'builtin',
      name: 'Demo',
      created: '2026-05-01T00:00:00Z',
    }),
    a: credential({ name: 'A', created: '2026-02-01T00:00:00.000Z', active: false }),
    c: credential({ name: 'C', created: '2026-04-01T00:00:00.000Z', revoked: true, auth_type: 'oauth2' }),
  };

  it('lists the demo first, then the rest oldest first, each with its id', () => {
    expect(sourcesOf(credentials).map((s) => s.id)).toEqual([DEMO_ID, 'a', 'b', 'c']);
    expect(sourcesOf(null)).toEqual([]);
  });

  it('offers only active, unrevoked sources to ask', () => {
    expect(usableSources(sourcesOf(credentials)).map((s) => s.id)).toEqual([DEMO_ID, 'b']);
  });

  it('preselects the default, else the demo, else the first usable one', () => {
    const list = sourcesOf(credentials);
    expect(defaultSourceId(list)).toBe(DEMO_ID);
    expect(defaultSourceId(sourcesOf({ ...credentials, b: { ...credentials.b, default: true } }))).toBe('b');
    // An inactive default is not offered.
    expect(defaultSourceId(sourcesOf({ ...credentials, a: { ...credentials.a, default: true } }))).toBe(
      DEMO_ID,
    );
    expect(defaultSourceId(sourcesOf({ b: credentials.b, c: credentials.c }))).toBe('b');
    expect(defaultSourceId([])).toBeNull();
  });

  it('counts connections per type and hides the built-in type from the add dialog', () => {
    expect(connectedCounts(sourcesOf(credentials))).toEqual({ POSTGRESQL: 3, DEMO: 1 });
    const types = [
      { type: 'POSTGRESQL', name: 'PostgreSQL', logo: '', auth_type: 'basic', supports_accounts: true },
      { type: 'DEMO', name: 'Demo', logo: '', auth_type: 'builtin', supports_accounts: false },
      { type: 'FILE', name: 'File', logo: '', auth_type: 'builtin', supports_accounts: false },
    ] as const;
    // FILE is 'builtin' too (no sign-in) but users add it.
    expect(addableTypes([...types]).map((x) => x.type)).toEqual(['POSTGRESQL', 'FILE']);
    expect(isBuiltin({ id: DEMO_ID, type: 'DEMO' })).toBe(true);
    expect(isBuiltin({ id: 'f1', type: 'FILE' })).toBe(false);
  });

  it('knows the selected account by either of its ids', () => {
    const account = { id: 'row-1', account_id: 'public' };
    expect(isSelectedAccount({ selected_account: 'public' }, account)).toBe(true);
    expect(isSelectedAccount({ selected_account: 'row-1' }, account)).toBe(true);
    expect(isSelectedAccount({ selected_account: 'sales' }, account)).toBe(false);
    expect(isSelectedAccount({ selected_account: null }, account)).toBe(false);
  });

  it('falls back to the shipped logo of a type', () => {
    expect(logoOf('/x.svg', 'POSTGRESQL')).toBe('/x.svg');
    expect(logoOf('', 'CLOUDFLARE_D1')).toBe('/logos/cloudflare_d1.svg');
  });
});

describe('connection forms', () => {
  // Each type as GET /api/v1/datasource/types?connect=true describes it.
  const typeNamed = (type: string) => DATASOURCE_TYPES_RESPONSE.find((x) => x.type === type)!;
  const postgres = connectMethod(typeNamed('POSTGRESQL'));

  it('has the PostgreSQL fields of DESIGN §4 with port 5432 and SSL off', () => {
    if (postgres.kind !== 'form') throw new Error('PostgreSQL connects with a form');
    expect(postgres.fields.map((f) => f.key)).toEqual([
      'host',
      'port',
      'database',
      'user',
      'password',
      'ssl',
    ]);
    expect(initialValues(postgres.fields)).toEqual({
      name: '',
      host: '',
      port: '5432',
      database: '',
      user: '',
      password: '',
      ssl: false,
    });
  });

  it('sends the port as a number, text trimmed and the password as typed', () => {
    if (postgres.kind !== 'form') throw new Error('PostgreSQL connects with a form');
    const config = configOf(postgres.fields, {
      name: 'Pagila',
      host: ' 127.0.0.1 ',
      port: '5433',
      database: 'pagila',
      user: 'postgres',
      password: ' secret ',
      ssl: true,
    });
    expect(config).toEqual({
      host: '127.0.0.1',
      port: 5433,
      database: 'pagila',
      user: 'postgres',
      password: ' secret ',
      ssl: true,
    });
    expect(configOf(postgres.fields, initialValues(postgres.fields))).toEqual({ port: 5432, ssl: false });
  });

  it('has the API-key forms of Cloudflare D1 and Formbricks, each field labelled and explained', () => {
    for (const [type, keys] of [
      ['CLOUDFLARE_D1', ['account_id', 'api_token', 'base_url']],
      ['FORMBRICKS', ['api_host', 'api_key']],
    ] as const) {
      const method = connectMethod(typeNamed(type));
      if (method.kind !== 'form') throw new Error(`${type} has no form`);
      expect(method.fields.map((f) => f.key)).toEqual(keys);
      for (const f of method.fields) {
        expect(t(`form.${f.key}`)).not.toBe(`form.${f.key}`);
        expect(f.hintKey && t(f.hintKey)).toMatch(/\w+/);
      }
      // Secrets are typed into password fields.
      expect(method.fields.filter((f) => f.kind === 'password').map((f) => f.key)).toEqual([keys[1]]);
    }
  });

  it('uploads files and redirects oauth2 sources', () => {
    expect(connectMethod(typeNamed('FILE')).kind).toBe('upload');
    expect(connectMethod(typeNamed('GOOGLE_ANALYTICS')).kind).toBe('oauth');
    expect(connectUrl('GOOGLE_ANALYTICS', 'localhost')).toBe(
      '/api/v1/datasourceredirect?type=GOOGLE_ANALYTICS&local=true',
    );
    expect(connectUrl('GOOGLE_ANALYTICS', 'acme.parley.app')).toBe(
      '/api/v1/datasourceredirect?type=GOOGLE_ANALYTICS',
    );
  });
});

describe('uploads', () => {
  it('takes CSV and Parquet files only', () => {
    expect(isUploadable({ name: 'sales.csv' })).toBe(true);
    expect(isUploadable({ name: 'SALES.PARQUET' })).toBe(true);
    expect(isUploadable({ name: 'sales.xlsx' })).toBe(false);
    expect(isUploadable({ name: 'csv' })).toBe(false);
  });

  it('reports progress as a whole percentage and sizes for people', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(512, 1024)).toBe(50);
    expect(percentOf(2000, 1024)).toBe(100);
    expect(formatBytes(12, 'en-US')).toBe('12 B');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024, 'en-US')).toBe('25 MB');
  });
});

describe('failure messages', () => {
  it('translates the fixed server messages, prefers any other server message, else the fallback', async () => {
    const invalid = new ApiError('status', 400, 'Invalid configuration provided.', true);
    expect(failureText(invalid, t, 'messages.failed_to_connect')).toBe('Invalid configuration provided.');
    const tr = i18next.getFixedT('tr', 'datasources');
    expect(failureText(invalid, tr, 'messages.failed_to_connect')).toBe('Geçersiz yapılandırma girildi.');
    const other = new ApiError('status', 403, 'Your Free plan allows 1 data source.', true);
    expect(failureText(other, t, 'messages.failed_to_connect')).toBe('Your Free plan allows 1 data source.');
    const network = new ApiError('network', 0, 'Failed to fetch');
    expect(failureText(network, t, 'messages.failed_to_connect')).toBe('Failed to connect data source!');
  });
});
