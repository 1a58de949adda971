import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DATABASES, type TestApp } from '../helpers';
import { createProject, createUser, login, type TestUser } from '../peers/factories';

const PUBLIC_URL = 'http://localhost:8080';

describe.each(TEST_DATABASES)('projects and isolation on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser; // acme and default
  let bob: TestUser; // default only
  beforeAll(async () => {
    t = await buildTestApp(kind, { PUBLIC_URL });
    await createProject(t.app, 'acme', 'Acme Corp', 'https://acme.example.com/favicon.ico');
    alice = await createUser(t.app, { projects: ['acme', 'default'], name: 'Alice' });
    bob = await createUser(t.app, { projects: ['default'], name: 'Bob' });
  });
  afterAll(() => t.close());

  it('chooses the project by the first host label, falling back to default', async () => {
    const acme = await t.app.inject({
      method: 'GET',
      url: '/auth/config',
      headers: { host: 'acme.localhost:8080' },
    });
    expect(acme.json().project_id).toBe('acme');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/auth/config',
      headers: { host: 'nope.localhost' },
    });
    expect(unknown.json().project_id).toBe('default');
    const bare = await t.app.inject({
      method: 'GET',
      url: '/auth/config',
      headers: { host: '127.0.0.1:8080' },
    });
    expect(bare.json().project_id).toBe('default');
  });

  it("lists only the user's projects, with favicons (own or the product's) and addresses", async () => {
    const { call } = await login(t.app, alice, { host: 'acme.localhost:8080' });
    const res = await call('GET', '/features/projects');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      current: 'acme',
      projects: [
        {
          id: 'acme',
          name: 'Acme Corp',
          favicon: 'https://acme.example.com/favicon.ico',
          url: 'http://acme.localhost:8080',
        },
        { id: 'default', name: 'Demo', favicon: '/favicon.svg', url: PUBLIC_URL },
      ],
    });
    const tenant = (await call('GET', '/auth/tenant')).json();
    expect(tenant.projects).toEqual({ acme: { name: 'Acme Corp' }, default: { name: 'Demo' } });
    const bobs = await login(t.app, bob);
    expect(
      (await bobs.call('GET', '/features/projects')).json().projects.map((p: { id: string }) => p.id),
    ).toEqual(['default']);
  });

  it('refuses a non-member on the project host with 403 on every call, reads and writes alike', async () => {
    const b = await login(t.app, bob, { host: 'acme.localhost' }); // signing in is allowed…
    for (const [method, url, payload] of [
      ['GET', '/auth/tenant', undefined],
      ['GET', '/features/projects', undefined],
      ['PUT', '/auth/tenant/timezone', { timezone: 'UTC' }],
      ['PUT', '/features/profile', { name: 'x', country: 'GB', timezone: 'UTC', language: 'en-US' }],
      ['POST', '/auth/register', { name: 'x', country: 'GB', timezone: 'UTC' }],
      ['DELETE', '/api/v1/auth/account', undefined],
    ] as const) {
      const res = await b.call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/not a member/);
    }
    // …and nothing changed: Bob still exists with his own name.
    const home = await login(t.app, bob);
    expect((await home.call('GET', '/auth/tenant')).json()).toMatchObject({ email: bob.email, name: 'Bob' });
  });

  it("never shows one user's data to another", async () => {
    const a = await login(t.app, alice, { host: 'acme.localhost' });
    const b = await login(t.app, bob);
    await a.call('PUT', '/features/profile', {
      name: 'Alice Secret',
      country: 'GB',
      timezone: 'Europe/London',
      organisation: 'Acme Hidden Org',
      language: 'en-GB',
    });
    const seenByBob = await b.call('GET', '/auth/tenant');
    expect(seenByBob.json().email).toBe(bob.email);
    expect(seenByBob.body).not.toContain('Alice');
    expect(seenByBob.body).not.toContain('Acme Hidden Org');
    expect(seenByBob.headers['x-current-user']).toBe(bob.email);
    // A session is only ever its own user's, whatever host or body it is sent with.
    const demo = await login(t.app, DEMO);
    const tenant = (await demo.call('GET', '/auth/tenant')).json();
    expect(tenant.email).toBe(DEMO.email);
    expect(tenant.projects).toEqual({ default: { name: 'Demo' } });
  });
});
