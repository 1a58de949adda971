import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { ConfigError, loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { buildTestApp, type Client, DEMO, signIn, TEST_DATABASES, type TestApp } from '../helpers';

describe.each(TEST_DATABASES)('platform on %s', (kind) => {
  let t: TestApp;
  let demo: Client;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    demo = await signIn(t.app, DEMO.email, DEMO.password);
  });
  afterAll(() => t.close());

  it('serves the public configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ brand_name: 'Parley', theme: 'default', project_id: 'default' });
    expect(res.json().features).toEqual({
      collections: true,
      conversations: true,
      deep_research_reports: true,
      profile: true,
      data_sources: true,
    });
  });

  it('lists the sign-in providers; google only when configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/providers' });
    expect(res.json()).toEqual({ providers: ['password', 'magiclink'], signup: true });
  });

  it('answers the tenant with X-Current-User for a signed-in user', async () => {
    const res = await demo.inject({ method: 'GET', url: '/auth/tenant' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-current-user']).toBe(DEMO.email);
    const tenant = res.json();
    expect(tenant.email).toBe(DEMO.email);
    expect(tenant.features).toContain('CONVERSATIONS');
    expect(tenant.features).not.toContain('ADMIN_DASHBOARD');
    expect(tenant.flags).toEqual({ oc: true, rc: true });
    expect(tenant.projects).toEqual({ default: { name: 'Demo' } });
  });

  it('refuses the API without a session (401) and a change without the XSRF header (403)', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/auth/tenant' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: expect.any(String) });
    const noXsrf = await t.app.inject({
      method: 'PUT',
      url: '/auth/tenant/timezone',
      payload: { timezone: 'Europe/London' },
      headers: { cookie: demo.cookie },
    });
    expect(noXsrf.statusCode).toBe(403);
    const wrongXsrf = await demo.inject({
      method: 'PUT',
      url: '/auth/tenant/timezone',
      payload: { timezone: 'Europe/London' },
      headers: { 'x-xsrf-token': 'nope' },
    });
    expect(wrongXsrf.statusCode).toBe(403);
  });

  it('updates the timezone and refuses a name that is not IANA', async () => {
    const ok = await demo.inject({
      method: 'PUT',
      url: '/auth/tenant/timezone',
      payload: { timezone: 'Europe/Istanbul' },
    });
    expect(ok.statusCode).toBe(200);
    const bad = await demo.inject({
      method: 'PUT',
      url: '/auth/tenant/timezone',
      payload: { timezone: 'Mars/Olympus' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/timezone/);
    const tenant = (await demo.inject({ method: 'GET', url: '/auth/tenant' })).json();
    expect(tenant.timezone).toBe('Europe/Istanbul');
  });

  it.each([
    ['a missing body', undefined, 'application/json'],
    ['malformed JSON', '{"email": ', 'application/json'],
    ['wrong types', { email: 42, password: ['x'] }, 'application/json'],
    ['an invalid e-mail', { email: 'not-an-email', password: 'x' }, 'application/json'],
    ['a JSON array', [1, 2], 'application/json'],
    ['plain text', 'hello', 'text/plain'],
  ])('answers %s with a clear 4xx, never 500', async (_name, payload, type) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/loginwithpassword',
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload ?? ''),
      headers: { 'content-type': type },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toEqual(expect.any(String));
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/loginwithpassword',
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });

  it('answers wrong credentials with 401 and the same message for unknown e-mails', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/auth/loginwithpassword',
      payload: { email: DEMO.email, password: 'wrong-password-1!' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/loginwithpassword',
      payload: { email: 'nobody@example.com', password: 'wrong-password-1!' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('serves help articles and the spec text for a missing one', async () => {
    const hit = await t.app.inject({ method: 'GET', url: '/help/1.md' });
    expect(hit.statusCode).toBe(200);
    expect(hit.headers['content-type']).toMatch(/markdown/);
    expect(hit.body.length).toBeGreaterThan(20);
    const miss = await t.app.inject({ method: 'GET', url: '/help/does-not-exist.md' });
    expect(miss.statusCode).toBe(404);
    expect(miss.json()).toEqual({ message: 'No Content Found!' });
    const traversal = await t.app.inject({ method: 'GET', url: '/help/..%2F..%2Fpackage.json.md' });
    expect(traversal.json()).toEqual({ message: 'No Content Found!' });
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/auth/loginwithpassword'].post.requestBody).toBeDefined();
    expect(doc.paths['/auth/tenant'].get).toBeDefined();
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await demo.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No such route/);
  });

  it('ends the session at logout', async () => {
    const other = await signIn(t.app, DEMO.email, DEMO.password);
    expect((await other.inject({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(200);
    expect((await other.inject({ method: 'GET', url: '/auth/tenant' })).statusCode).toBe(401);
    expect((await demo.inject({ method: 'GET', url: '/auth/tenant' })).statusCode).toBe(200);
  });
});

describe('single-page app serving', () => {
  it('serves files and falls back to index.html for history routes, not for the API', async () => {
    const t = await buildTestApp();
    const root = join(t.config.DATA_DIR, 'web');
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Parley</title>');
    writeFileSync(join(root, 'assets', 'app-abc.js'), 'console.log(1)');
    const database = await openDatabase({ dir: null });
    const app = await buildApp({ config: t.config, database, webRoot: root });
    try {
      const deep = await app.inject({ method: 'GET', url: '/collection/42/new' });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('<title>Parley</title>');
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const helpPage = await app.inject({ method: 'GET', url: '/help/1' });
      expect(helpPage.body).toContain('<title>Parley</title>');
      const api = await app.inject({ method: 'GET', url: '/features/nothing' });
      expect(api.statusCode).toBe(404);
      expect(api.json().message).toMatch(/No such route/);
    } finally {
      await app.close();
      await database.close();
      await t.close();
    }
  });
});

describe('configuration', () => {
  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: '/tmp/x' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: '/tmp/x' })).toThrow(/PORT/);
    expect(() => loadConfig({ SIGNUP_ENABLED: 'maybe', DATA_DIR: '/tmp/x' })).toThrow(/SIGNUP_ENABLED/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url', DATA_DIR: '/tmp/x' })).toThrow(/DATABASE_URL/);
  });

  it('generates secrets into DATA_DIR once and keeps them', async () => {
    const { mkdtempSync, statSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'parley-cfg-'));
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.SESSION_SECRET).toHaveLength(64);
    expect(a.SESSION_SECRET).toBe(b.SESSION_SECRET);
    expect(a.ENCRYPTION_KEY).toBe(b.ENCRYPTION_KEY);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    const other = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'parley-cfg-')) });
    expect(other.SESSION_SECRET).not.toBe(a.SESSION_SECRET);
  });

  it('offers google only with a client id and secret, and embedded defaults', () => {
    const dir = '/tmp/parley-cfg-google';
    const c = loadConfig({ DATA_DIR: dir, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' });
    expect(c.loginProviders).toContain('google');
    expect(c.embedded).toBe(true);
    expect(c.DEMO).toBe(true);
    // Private hosts: refused while anyone may sign up, allowed when sign-up is closed or the operator says so.
    expect(c.ALLOW_PRIVATE_HOSTS).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, SIGNUP_ENABLED: 'false' }).ALLOW_PRIVATE_HOSTS).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, ALLOW_PRIVATE_HOSTS: 'true' }).ALLOW_PRIVATE_HOSTS).toBe(true);
    expect(c.PUBLIC_URL).toBe('http://localhost:8080');
  });
});
