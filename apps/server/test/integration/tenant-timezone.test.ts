import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../helpers';
import { clientOf, send, sessionCookieOf, uniqueEmail } from '../peers/factories';
import { linkIn, type SmtpPeer, startSmtpPeer } from '../peers/smtp';

const PUBLIC_URL = 'http://localhost:8080';

describe.each(TEST_DATABASES)('the time zone of a just-registered account on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await buildTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Signs up by e-mail and follows the link: the session and token a first visit has. */
  async function newAccount() {
    const email = uniqueEmail('tz');
    const mail = smtp.nextTo(email);
    expect((await send(t.app, '/auth/signup', { email, token: 'x' })).statusCode).toBe(200);
    const link = linkIn(await mail, '/auth/link');
    const used = await t.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      headers: { host: link.host },
    });
    expect(used.statusCode).toBe(302);
    const xsrf = new URL(String(used.headers.location), PUBLIC_URL).searchParams.get('xsrfToken');
    const cookie = sessionCookieOf(used);
    expect(xsrf && cookie).toBeTruthy();
    return { cookie: cookie!, call: clientOf(t.app, cookie!, xsrf!) };
  }

  it('stores the browser time zone sent with the token of the sign-up link, before onboarding', async () => {
    const { call } = await newAccount();
    const before = (await call('GET', '/auth/tenant')).json();
    expect(before.timezone).toBeNull();
    expect(before.flags).toEqual({ oc: false, rc: false });

    const put = await call('PUT', '/auth/tenant/timezone', { timezone: 'Europe/Istanbul' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({});
    expect((await call('GET', '/auth/tenant')).json().timezone).toBe('Europe/Istanbul');
  });

  it('refuses the same update without the token with 403 and a message, storing nothing', async () => {
    const { cookie, call } = await newAccount();
    const bare = await t.app.inject({
      method: 'PUT',
      url: '/auth/tenant/timezone',
      payload: { timezone: 'Europe/Istanbul' },
      headers: { cookie },
    });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().message).toMatch(/X-XSRF-TOKEN/);
    expect((await call('GET', '/auth/tenant')).json().timezone).toBeNull();
  });
});
