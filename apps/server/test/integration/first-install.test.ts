import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../../src/db/schema';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../helpers';
import {
  clientOf,
  passwordLogin,
  STRONG_PASSWORD,
  send,
  sessionCookieOf,
  uniqueEmail,
} from '../peers/factories';
import { linkIn, type SmtpPeer, startSmtpPeer } from '../peers/smtp';

const PUBLIC_URL = 'http://localhost:8080';

/** Follows the mailed link into the app and answers the session it started. */
async function useLink(app: FastifyInstance, link: URL) {
  const res = await app.inject({
    method: 'GET',
    url: `${link.pathname}${link.search}`,
    headers: { host: link.host },
  });
  expect(res.statusCode).toBe(302);
  expect(String(res.headers.location)).toMatch(/^\/authcallback\?xsrfToken=/);
  const xsrf = new URL(String(res.headers.location), PUBLIC_URL).searchParams.get('xsrfToken')!;
  return clientOf(app, sessionCookieOf(res)!, xsrf);
}

// A production install (DEMO=false) has no demo to create the default project: its first user must
// still be able to sign up, register and sign in.
describe.each(TEST_DATABASES)('the first sign-up of a fresh DEMO=false install on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    // Migrated from empty, as a first install is (other tests start on a migrated copy).
    t = await buildTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL, DEMO: 'false' }, undefined, {
      emptyDatabase: true,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('starts with no user at all', async () => {
    expect(await t.app.database.db.select().from(users)).toEqual([]);
  });

  it('signs the first user up through the link, registers them and lets them sign in', async () => {
    const email = uniqueEmail('first');
    const mail = smtp.nextTo(email);
    expect((await send(t.app, '/auth/signup', { email, token: 'x' })).statusCode).toBe(200);
    const call = await useLink(t.app, linkIn(await mail, '/auth/link'));
    const tenant = await call('GET', '/auth/tenant');
    expect(tenant.statusCode).toBe(200);
    expect(tenant.json().projects).toEqual({ default: { name: 'Default' } });
    const registered = await call('POST', '/auth/register', {
      name: 'First User',
      country: 'gb',
      timezone: 'Europe/London',
      organisation: 'Acme',
      position: 'Owner',
      language: 'en-GB',
      password: STRONG_PASSWORD,
      repeat: STRONG_PASSWORD,
    });
    expect(registered.statusCode).toBe(200);
    expect((await passwordLogin(t.app, email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('mends an account an earlier failed sign-up left without its project', async () => {
    const email = uniqueEmail('half-made');
    const [row] = await t.app.database.db
      .insert(users)
      .values({ email, name: '', features: [], registrationComplete: false, onboardingComplete: false })
      .returning({ id: users.id });
    const mail = smtp.nextTo(email);
    expect((await send(t.app, '/auth/signup', { email, token: 'x' })).statusCode).toBe(200);
    const call = await useLink(t.app, linkIn(await mail, '/auth/link'));
    expect((await call('GET', '/auth/tenant')).statusCode).toBe(200);
    const member = await t.app.database.db.select().from(memberships);
    expect(member.some((m) => m.userId === row!.id && m.projectId === 'default')).toBe(true);
  });
});
