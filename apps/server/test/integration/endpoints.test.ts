import { endpoints } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers';

/** The server serves exactly the endpoints the contract declares: none missing, none undeclared. */
describe('routes and the contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('registers every descriptor and nothing else under the API prefixes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const served = Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    expect(served.sort()).toEqual(Object.keys(endpoints).sort());
  });

  it('answers public endpoints without a session and the rest with 401', async () => {
    for (const [key, e] of Object.entries(endpoints)) {
      const [method, path] = key.split(' ') as [string, string];
      if ('public' in e || method !== 'GET') continue;
      const res = await t.app.inject({ method: 'GET', url: path.replace(':file', 'x') });
      expect(res.statusCode, key).toBe(401);
    }
  });
});
