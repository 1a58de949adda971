import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PaddlePeer, startPaddlePeer } from '@parley/testing/standins/paddle-standin';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { billingEvents } from '../../src/db/schema';
import { BILLING_EVENT_JOB } from '../../src/modules/billing/billing-webhooks.service';
import {
  buildTestApp,
  type Client,
  DEMO,
  openTestDatabase,
  paddleEnv,
  signIn,
  TEST_DATABASES,
  TEST_DEMO_DATASET,
  TEST_NOW,
  type TestApp,
} from '../helpers';

/**
 * Every route that takes a body or a query string, found in the OpenAPI document generated from
 * the contract, gets hostile input: each answer must be a clear 4xx `{ message }`, never a 500.
 */
const HOSTILE_BODIES: [string, string][] = [
  ['malformed JSON', '{"a": '],
  ['a JSON array', '[1,2,3]'],
  ['a JSON string', '"hello"'],
  ['null', 'null'],
  [
    'wrong types everywhere',
    JSON.stringify({ email: 1, password: {}, phrase: [], name: 5, timezone: true, token: 7 }),
  ],
  ['prototype pollution', '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}'],
  ['a 600 KB string field', JSON.stringify({ phrase: 'x'.repeat(600_000), name: 'y'.repeat(600_000) })],
  [
    'SQL and HTML',
    JSON.stringify({ phrase: "'; DROP TABLE users; --", name: '<script>alert(1)</script>', email: "a'@b.c" }),
  ],
  ['a NUL in a key', '{"a\\u0000b": 1, "phrase": "x"}'],
  ['10,000 levels of arrays', `{"phrase":"x","data":${'['.repeat(10_000)}${']'.repeat(10_000)}}`],
  ['100,000 levels of objects', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`],
];

const HOSTILE_QUERIES = [
  '?limit=-1',
  '?limit=abc&before=xyz',
  '?id=../../etc/passwd',
  `?id=${'z'.repeat(5000)}`,
  '?before=1e400',
  '?x=a%00b',
  '?id=%00&datasource_id=%00&token=%00&collection_id=%00&type=%00&report=%00&file=%00',
  '?id=%E0%A4%A',
];

const UNKNOWN_ID = randomUUID();

/** Values sent wherever an id goes: none may reach the database as one. */
const BAD_IDS = [
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  "1' OR '1'='1",
  '../../../etc/passwd',
  'a\u0000b',
  '-1',
  '1e400',
  '\ud800',
  UNKNOWN_ID,
];

/** Ids another system gives out (payment addresses, a source's accounts): ours only to pass on. */
const FOREIGN_IDS = new Set(['address_id', 'account_id', 'account.id']);

/** Routes the generic sweeps skip: they end the demo session or delete the demo account. */
const DESTRUCTIVE = new Set(['POST /auth/logout', 'DELETE /api/v1/auth/account']);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
}

interface Route {
  method: string;
  path: string;
  body: JsonSchema | null;
  query: { name: string; schema: JsonSchema }[];
}

const isIdKey = (key: string) => key === 'id' || key.endsWith('_id') || key === 'data_adapter' || key === 'i';

/**
 * A value shaped like `schema` that passes the contract where it can; `text` gives every free
 * string (by its key), so a variant can put a NUL or a bad id exactly where the contract takes text.
 */
function sample(schema: JsonSchema | undefined, text: (key: string) => unknown, key = ''): unknown {
  if (!schema) return text(key);
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative) return sample(alternative.find((s) => s.type !== 'null') ?? alternative[0], text, key);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'uuid' || isIdKey(key)) return text(key);
      return text(key);
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, text, key));
    case 'object':
    case undefined:
      if (!schema.properties) return type === 'object' ? {} : text(key);
      return Object.fromEntries(
        Object.entries(schema.properties).map(([k, s]) => [k, sample(s, text, k)] as const),
      );
    default:
      return text(key);
  }
}

/** Every path `(key, schema)` of an id field in a body schema. */
function idPaths(schema: JsonSchema | null, at: string[] = []): string[][] {
  if (!schema) return [];
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative) return idPaths(alternative.find((s) => s.type !== 'null') ?? null, at);
  if (schema.items) return idPaths(schema.items, [...at, '0']);
  if (!schema.properties) return [];
  return Object.entries(schema.properties).flatMap(([k, s]) =>
    s.properties || s.items || s.anyOf ? idPaths(s, [...at, k]) : isIdKey(k) && !s.enum ? [[...at, k]] : [],
  );
}

function setAt(value: unknown, path: string[], to: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string, unknown>;
  node[path.at(-1)!] = to;
  return copy;
}

/** A refusal as DESIGN §4 wants it: 4xx with a JSON `{ message }`; anything below 400 passes. */
function problem(res: LightMyRequestResponse, method = 'GET'): string | null {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 160)}`;
  if (res.statusCode < 400) return null;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json'))
    return `${res.statusCode} as ${res.headers['content-type'] ?? 'no type'}: ${res.body.slice(0, 80)}`;
  if (method === 'HEAD') return null;
  try {
    const body = res.json();
    return typeof body?.message === 'string' && body.message ? null : `${res.statusCode} without a message`;
  } catch {
    return `${res.statusCode} not JSON: ${res.body.slice(0, 80)}`;
  }
}

/** A multipart body by hand: `parts` are joined with `boundary`; `close` adds the final boundary. */
function multipart(boundary: string, parts: string[], close = true): string {
  const body = parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('');
  return close ? `${body}--${boundary}--\r\n` : body;
}
const filePart = (name: string, content: string) =>
  `Content-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${content}`;
const CSV = 'day,amount\n2026-01-01,3\n2026-01-02,4\n';

/**
 * Uploads the sweep sends: [name, content-type, body]. Each must be a 4xx with a message, except
 * those in MAY_UPLOAD, which carry one readable CSV file (the first file is the upload).
 */
const MAY_UPLOAD = new Set([
  'an empty boundary',
  'two files',
  'a NUL in the file name',
  'a file with no name',
]);
const BROKEN_UPLOADS: [string, string, string | Buffer][] = [
  [
    'a boundary that is not in the body',
    'multipart/form-data; boundary=abc',
    multipart('xyz', [filePart('a.csv', CSV)]),
  ],
  ['no boundary', 'multipart/form-data', multipart('xyz', [filePart('a.csv', CSV)])],
  ['an empty boundary', 'multipart/form-data; boundary=', multipart('', [filePart('a.csv', CSV)])],
  [
    'a truncated body',
    'multipart/form-data; boundary=xyz',
    multipart('xyz', [filePart('a.csv', CSV)], false).slice(0, 90),
  ],
  [
    'no closing boundary',
    'multipart/form-data; boundary=xyz',
    multipart('xyz', [filePart('a.csv', CSV)], false),
  ],
  [
    'no file part',
    'multipart/form-data; boundary=xyz',
    multipart('xyz', ['Content-Disposition: form-data; name="note"\r\n\r\nhello']),
  ],
  ['an empty body', 'multipart/form-data; boundary=xyz', ''],
  ['a part without headers', 'multipart/form-data; boundary=xyz', multipart('xyz', [`\r\n${CSV}`])],
  [
    'two files',
    'multipart/form-data; boundary=xyz',
    multipart('xyz', [filePart('a.csv', CSV), filePart('b.csv', CSV)]),
  ],
  [
    'a NUL in the file name',
    'multipart/form-data; boundary=xyz',
    multipart('xyz', [filePart('a\u0000b.csv', CSV)]),
  ],
  ['a file with no name', 'multipart/form-data; boundary=xyz', multipart('xyz', [filePart('', CSV)])],
  ['JSON instead', 'application/json', '{"file":"day,amount"}'],
  ['plain text instead', 'text/plain', CSV],
  ['bytes instead', 'application/octet-stream', Buffer.from(CSV)],
  ['a form instead', 'application/x-www-form-urlencoded', 'file=day%2Camount'],
  [
    'a binary file named .csv',
    'multipart/form-data; boundary=xyz',
    multipart('xyz', [filePart('x.csv', '\u0000\u0001\u0002\u0003'.repeat(64))]),
  ],
  ['an empty file', 'multipart/form-data; boundary=xyz', multipart('xyz', [filePart('x.csv', '')])],
  [
    'a file over the limit',
    'multipart/form-data; boundary=xyz',
    multipart('xyz', [filePart('big.csv', `a,b\n${'1,2\n'.repeat(400_000)}`)]),
  ],
];

/** Paths no route serves, under every API prefix, and the methods sent to them. */
const UNKNOWN_PATHS = [
  '/api/nope',
  '/api/v1/nope',
  '/auth/nope',
  '/features/nope',
  '/api',
  '/auth',
  '/features',
  '/api/',
  '/help/nope.md',
  '/help/..%2F..%2Fpackage.json.md',
  '/api/openapi.json/x',
  '/api/v1/datasource/upload/x',
  '/api/%00',
  '/api/v1/%E0%A4%A',
  '/auth/..%2F..%2Fetc/passwd',
  '/assets/nope.js',
  '/favicon-nope.png',
];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/** The OpenAPI document's routes, with their body schema and query parameters. */
function routesOf(doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: { in: string; name: string; schema: JsonSchema }[];
      }
    >
  >;
}): Route[] {
  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      routes.push({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, 'x'),
        body: op.requestBody ? (op.requestBody.content?.['application/json']?.schema ?? {}) : null,
        query: (op.parameters ?? []).filter((p) => p.in === 'query'),
      });
    }
  }
  return routes;
}

describe.each(TEST_DATABASES)('bad input on every route (%s)', (kind) => {
  let t: TestApp;
  let demo: Client;
  let routes: Route[];

  beforeAll(async () => {
    t = await buildTestApp(kind, { UPLOAD_LIMIT_MB: '1' });
    demo = await signIn(t.app, DEMO.email, DEMO.password);
    routes = routesOf((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
  }, 120_000);
  afterAll(() => t.close());

  const send = (route: Route, payload: unknown, query = '') =>
    t.app.inject({
      method: route.method as 'POST',
      url: `${route.path}${query}`,
      payload: payload === undefined ? undefined : JSON.stringify(payload),
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: demo.cookie,
        'x-xsrf-token': demo.xsrf,
      },
    });
  const queryOf = (route: Route, text: (key: string) => unknown) => {
    const params = new URLSearchParams();
    for (const p of route.query) params.set(p.name, String(sample(p.schema, text, p.name)));
    const s = params.toString();
    return s ? `?${s}` : '';
  };
  const plain = (key: string) => (isIdKey(key) ? randomUUID() : 'text');

  it('finds the routes from the OpenAPI document', () => {
    expect(routes.filter((r) => r.body).length).toBeGreaterThan(3);
  });

  it('answers hostile bodies with 4xx and a message', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.body)) {
      for (const [name, payload] of HOSTILE_BODIES) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: route.path,
          payload,
          headers: { 'content-type': 'application/json', cookie: demo.cookie, 'x-xsrf-token': demo.xsrf },
        });
        // The SQL-and-HTML body is well typed: a route whose only required field is a name or a
        // phrase (a collection, a preview) may take it as the text it is; it must never 500.
        const accepted = name === 'SQL and HTML' && res.statusCode === 200;
        const wrong = accepted ? null : res.statusCode < 400 ? `${res.statusCode}` : problem(res);
        if (wrong) failures.push(`${route.method} ${route.path} with ${name}: ${wrong}`);
      }
    }
    expect(failures.join('\n')).toBe('');
  }, 240_000);

  it('refuses a NUL in any text of a body with 400 and a message', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.body?.properties)) {
      const body = sample(route.body!, (key) => (isIdKey(key) ? randomUUID() : 'a\u0000b'));
      if (!JSON.stringify(body).includes('\\u0000')) continue;
      const res = await send(route, body);
      if (res.statusCode !== 400 || problem(res))
        failures.push(`${route.method} ${route.path}: ${problem(res) ?? res.statusCode}`);
    }
    expect(failures.join('\n')).toBe('');
  }, 120_000);

  it('refuses feedback data nested 10,000 levels deep with 400', async () => {
    for (const data of [
      `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
      `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
    ]) {
      const res = await demo.inject({
        method: 'POST',
        url: '/api/v1/feedback',
        payload: `{"sentiment":"positive","message":"deep","data":${data}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/nested/i);
    }
    // A shallow one is still taken.
    const ok = await demo.inject({
      method: 'POST',
      url: '/api/v1/feedback',
      payload: { sentiment: 'positive', message: 'shallow', data: { a: [1, { b: 2 }] } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('answers hostile query strings with 4xx and a message or a normal answer, never 500', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => !DESTRUCTIVE.has(`${r.method} ${r.path}`))) {
      for (const q of HOSTILE_QUERIES) {
        const res = await send(route, route.body ? sample(route.body, plain) : undefined, q);
        const wrong = problem(res, route.method);
        if (wrong) failures.push(`${route.method} ${route.path}${q.slice(0, 40)}: ${wrong}`);
      }
    }
    expect(failures.join('\n')).toBe('');
  }, 240_000);

  it('refuses a NUL in each query parameter with 4xx and a message', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.query.length > 0)) {
      for (const p of route.query) {
        const q = queryOf(route, plain).replace(
          new RegExp(`([?&]${p.name}=)[^&]*`),
          `$1${encodeURIComponent('a\u0000b')}`,
        );
        const res = await send(route, undefined, q);
        if (res.statusCode < 300 || problem(res))
          failures.push(`${route.method} ${route.path} ${p.name}: ${problem(res) ?? res.statusCode}`);
      }
    }
    expect(failures.join('\n')).toBe('');
  }, 120_000);

  it('answers ids that are not ours with 4xx and a message wherever an id goes', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => !DESTRUCTIVE.has(`${r.method} ${r.path}`))) {
      const base = route.body ? sample(route.body, plain) : undefined;
      for (const bad of BAD_IDS) {
        // A well-formed id that is nobody's may be a filter with no match (200); a malformed one
        // of ours is refused. The provider's ids (addresses, accounts) are the provider's to judge.
        const check = (res: LightMyRequestResponse, field: string) => {
          const lenient = bad === UNKNOWN_ID || FOREIGN_IDS.has(field);
          return res.statusCode < 400 && !lenient ? `${res.statusCode}` : problem(res, route.method);
        };
        for (const path of idPaths(route.body)) {
          const wrong = check(await send(route, setAt(base, path, bad)), path.join('.'));
          if (wrong)
            failures.push(`${route.method} ${route.path} ${path.join('.')}=${JSON.stringify(bad)}: ${wrong}`);
        }
        for (const p of route.query.filter((q) => isIdKey(q.name))) {
          const q = queryOf(route, (key) => (key === p.name ? bad : plain(key)));
          const wrong = check(await send(route, base, q), p.name);
          if (wrong)
            failures.push(`${route.method} ${route.path} ${p.name}=${JSON.stringify(bad)}: ${wrong}`);
        }
      }
    }
    expect(failures.join('\n')).toBe('');
  }, 240_000);

  it('refuses the OAuth redirect for a source id that is not a UUID', async () => {
    for (const bad of BAD_IDS) {
      const res = await demo.inject({
        method: 'GET',
        url: `/api/v1/datasourceredirect?${new URLSearchParams({ type: 'GOOGLE_ANALYTICS', datasource_id: bad })}`,
      });
      expect(res.statusCode, `${JSON.stringify(bad)}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(problem(res), JSON.stringify(bad)).toBeNull();
    }
  });

  it('answers broken multipart on the upload route with 4xx and a message', async () => {
    const upload = routes.find((r) => r.path === '/api/v1/datasource/upload')!;
    expect(upload).toBeDefined();
    const failures: string[] = [];
    for (const [name, type, payload] of BROKEN_UPLOADS) {
      const res = await t.app.inject({
        method: 'POST',
        url: upload.path,
        payload,
        headers: { 'content-type': type, cookie: demo.cookie, 'x-xsrf-token': demo.xsrf },
      });
      const wrong = res.statusCode < 400 && !MAY_UPLOAD.has(name) ? `${res.statusCode}` : problem(res);
      if (wrong) failures.push(`${name}: ${wrong}`);
      if (name === 'a file over the limit' && res.statusCode !== 413)
        failures.push(`${name}: ${res.statusCode}`);
      if (/instead$/.test(name) && res.statusCode !== 415 && res.statusCode !== 400)
        failures.push(`${name}: ${res.statusCode}`);
    }
    expect(failures.join('\n')).toBe('');
  }, 120_000);

  it('answers multipart, text and oversized bodies on JSON routes with 413 / 415 and a message', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.body && r.path !== '/api/v1/datasource/upload')) {
      const cases: [string, string, string, number][] = [
        ['multipart', 'multipart/form-data; boundary=xyz', multipart('xyz', [filePart('a.csv', CSV)]), 415],
        ['text', 'text/plain', 'hello', 415],
        ['XML', 'application/xml', '<a/>', 415],
        ['5 MiB of JSON', 'application/json', JSON.stringify({ phrase: 'x'.repeat(5 * 1024 * 1024) }), 413],
      ];
      for (const [name, type, payload, status] of cases) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: route.path,
          payload,
          headers: { 'content-type': type, cookie: demo.cookie, 'x-xsrf-token': demo.xsrf },
        });
        // The webhook reads any body raw and refuses it unsigned (401).
        // Rate-limited routes may answer 429 first (the limit is checked before the body is read).
        const expected =
          route.path === '/api/v1/billing/webhook' || res.statusCode === 429 ? res.statusCode : status;
        const wrong = res.statusCode !== expected ? `${res.statusCode}` : problem(res);
        if (wrong) failures.push(`${route.method} ${route.path} with ${name}: ${wrong}`);
      }
    }
    expect(failures.join('\n')).toBe('');
  }, 240_000);

  it('answers unknown paths and methods with a JSON { message }, signed in or not', async () => {
    const failures: string[] = [];
    const known = routes.map((r) => r.path).filter((p) => !p.includes('/x'));
    const cases: [string, string][] = [
      ...UNKNOWN_PATHS.flatMap((p) => METHODS.map((m) => [m, p] as [string, string])),
      // Methods a known path does not take.
      ...known.flatMap((p) =>
        METHODS.filter(
          (m) =>
            !routes.some((r) => r.path === p && (r.method === m || (m === 'HEAD' && r.method === 'GET'))),
        ).map((m) => [m, p] as [string, string]),
      ),
    ];
    for (const [method, url] of cases) {
      if (DESTRUCTIVE.has(`${method} ${url}`)) continue;
      for (const headers of [{ cookie: demo.cookie, 'x-xsrf-token': demo.xsrf }, {}]) {
        const res = await t.app.inject({ method: method as 'GET', url, headers });
        const wrong =
          res.statusCode < 400 && method !== 'OPTIONS' ? `${res.statusCode}` : problem(res, method);
        if (wrong) failures.push(`${method} ${url}${headers.cookie ? '' : ' (signed out)'}: ${wrong}`);
      }
    }
    expect(failures.join('\n')).toBe('');
  }, 240_000);

  it('still works for the demo user afterwards: nothing was changed by bad input', async () => {
    const tenant = await demo.inject({ method: 'GET', url: '/auth/tenant' });
    expect(tenant.statusCode).toBe(200);
    expect(tenant.json()).toMatchObject({ email: DEMO.email, name: 'Demo User' });
  });
});

describe('refusals beside the built web app', () => {
  let t: { close(): Promise<void>; inject: (method: string, url: string) => Promise<LightMyRequestResponse> };

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-test-'));
    const webRoot = join(dataDir, 'web');
    mkdirSync(join(webRoot, 'assets'), { recursive: true });
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Parley</title>');
    writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
    const config = loadConfig({ DATA_DIR: dataDir, DEMO: 'false', DEMO_PASSWORD: DEMO.password });
    const db = await openTestDatabase();
    const app = await buildApp({ config, database: db.database, webRoot, demoDataset: TEST_DEMO_DATASET });
    await app.ready();
    t = {
      inject: (method, url) => app.inject({ method: method as 'GET', url }),
      close: async () => {
        await app.close();
        await db.close();
      },
    };
  }, 120_000);
  afterAll(() => t.close());

  it('serves the app and its files, and a JSON { message } for every API or file miss', async () => {
    expect((await t.inject('GET', '/')).headers['content-type']).toMatch(/html/);
    expect((await t.inject('GET', '/user/datasources')).headers['content-type']).toMatch(/html/);
    expect((await t.inject('GET', '/assets/app-1234.js')).statusCode).toBe(200);
    const failures: string[] = [];
    for (const url of UNKNOWN_PATHS) {
      for (const method of METHODS) {
        const res = await t.inject(method, url);
        const wrong =
          res.statusCode < 400 && method !== 'OPTIONS' ? `${res.statusCode}` : problem(res, method);
        if (wrong) failures.push(`${method} ${url}: ${wrong}`);
      }
    }
    expect(failures.join('\n')).toBe('');
  });
});

describe.each(TEST_DATABASES)('a signed billing webhook carrying a NUL (%s)', (kind) => {
  let t: TestApp;
  let paddle: PaddlePeer;
  const clock = () => new Date(TEST_NOW);

  beforeAll(async () => {
    paddle = await startPaddlePeer(clock);
    t = await buildTestApp(kind, paddleEnv(paddle), clock, { worker: false });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await paddle.close();
  });

  // Paddle retries every answer but a 2xx for days: an authentic event is taken, its text made storable.
  it('is taken once with 200 and stored with the NUL replaced, never a 500', async () => {
    const event = {
      event_id: 'evt_01nul\u0000id',
      event_type: 'customer.updated',
      occurred_at: TEST_NOW,
      notification_id: 'ntf_01nul',
      data: { id: 'ctm_01', name: 'Nul\u0000Name', 'key\u0000': ['a\u0000', { deep: '\ud800' }] },
    };
    for (let i = 0; i < 2; i++) {
      const { body, signature } = paddle.signed(event);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/billing/webhook',
        payload: body,
        headers: { 'content-type': 'application/json', 'paddle-signature': signature },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const find = async () =>
      (
        await t.app.database.db
          .select()
          .from(billingEvents)
          .where(eq(billingEvents.eventId, 'evt_01nul\ufffdid'))
      )[0];
    const stored = await find();
    expect(stored).not.toBeNull();
    expect(JSON.stringify(stored!.payload)).not.toContain('\\u0000');
    expect(stored!.payload).toMatchObject({
      data: { name: 'Nul\ufffdName', 'key\ufffd': ['a\ufffd', { deep: '\ufffd' }] },
    });
    await t.app.services.queue.drain(BILLING_EVENT_JOB);
    expect((await find())!.appliedAt).not.toBeNull();
  });

  it('still refuses an unsigned one with 401 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      payload: '{"event_id":"evt\\u0000"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
    expect(typeof res.json().message).toBe('string');
  });
});
