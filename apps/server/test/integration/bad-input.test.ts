import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, DEMO, signIn, type TestApp } from '../helpers';

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
];

const HOSTILE_QUERIES = [
  '?limit=-1',
  '?limit=abc&before=xyz',
  '?id=../../etc/passwd',
  `?id=${'z'.repeat(5000)}`,
  '?before=1e400',
];

describe('bad input on every route', () => {
  let t: TestApp;
  let demo: Client;
  let routes: { method: string; path: string; body: boolean; query: boolean }[];

  beforeAll(async () => {
    t = await buildTestApp();
    demo = await signIn(t.app, DEMO.email, DEMO.password);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    routes = [];
    for (const [path, ops] of Object.entries<
      Record<string, { requestBody?: unknown; parameters?: { in: string }[] }>
    >(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        routes.push({
          method: method.toUpperCase(),
          path: path.replace(/\{[^}]+\}/g, 'x'),
          body: Boolean(op.requestBody),
          query: Boolean(op.parameters?.some((p) => p.in === 'query')),
        });
      }
    }
  }, 120_000);
  afterAll(() => t.close());

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
        const ok =
          accepted ||
          (res.statusCode >= 400 && res.statusCode < 500 && typeof res.json().message === 'string');
        if (!ok)
          failures.push(
            `${route.method} ${route.path} with ${name}: ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers hostile query strings with 4xx or a normal answer, never 500', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.query && r.method === 'GET')) {
      for (const q of HOSTILE_QUERIES) {
        const res = await demo.inject({ method: 'GET', url: `${route.path}${q}` });
        if (res.statusCode >= 500) failures.push(`${route.path}${q.slice(0, 40)}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('still works for the demo user afterwards: nothing was changed by bad input', async () => {
    const tenant = await demo.inject({ method: 'GET', url: '/auth/tenant' });
    expect(tenant.statusCode).toBe(200);
    expect(tenant.json()).toMatchObject({ email: DEMO.email, name: 'Demo User' });
  });
});
