import { type OidcPeer, startOidcPeer } from '@parley/testing/standins/oidc-standin';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, mailOutbox, sessions } from '../../src/db/schema';
import { NEW_USER_FEATURES } from '../../src/modules/auth/auth.service';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../src/modules/auth/sessions.service';
import { buildTestApp, DEMO, TEST_DATABASES, type TestApp } from '../helpers';
import { type CaptchaPeer, startCaptchaPeer } from '../peers/captcha';
import {
  clientOf,
  createUser,
  login,
  passwordLogin,
  STRONG_PASSWORD,
  send,
  sessionCookieOf,
  uniqueEmail,
  uniqueIp,
  userExists,
} from '../peers/factories';
import { linkIn, type SmtpPeer, startSmtpPeer } from '../peers/smtp';

const PUBLIC_URL = 'http://localhost:8080';

/** Follows a link from a mail into the app (the host is the link's own). */
const follow = (app: FastifyInstance, link: URL, cookie?: string) =>
  app.inject({
    method: 'GET',
    url: `${link.pathname}${link.search}`,
    headers: { host: link.host, ...(cookie ? { cookie } : {}) },
  });

/** The xsrf token and session cookie of a redirect to /authcallback. */
function callbackSession(
  res: { statusCode: number; headers: Record<string, unknown> },
  cookie: string | null,
) {
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  expect(location).toMatch(/^\/authcallback\?xsrfToken=/);
  const xsrf = new URL(location, PUBLIC_URL).searchParams.get('xsrfToken')!;
  expect(cookie).toBeTruthy();
  return { xsrf, cookie: cookie! };
}

describe.each(TEST_DATABASES)('e-mail sign-in, sign-up and recovery on %s', (kind) => {
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

  it('sends a magic link (HTML and text) that signs in once and then is refused', async () => {
    const user = await createUser(t.app);
    const mailP = smtp.nextTo(user.email);
    const res = await send(t.app, '/auth/loginwithemail', { email: user.email, token: '', local: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    const mail = await mailP;
    expect(mail.subject).toMatch(/sign-in link/);
    expect(mail.html).toContain('/auth/link?token=');
    expect(mail.text).toContain('expires in one hour');
    const link = linkIn(mail, '/auth/link');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.searchParams.get('token')!.length).toBeGreaterThanOrEqual(43); // 256 bits
    const first = await follow(t.app, link);
    const s = callbackSession(first, sessionCookieOf(first));
    const tenant = await clientOf(t.app, s.cookie, s.xsrf)('GET', '/auth/tenant');
    expect(tenant.statusCode).toBe(200);
    expect(tenant.json().email).toBe(user.email);
    const again = await follow(t.app, link);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/login?error=link_expired');
  });

  it('stores only the hash of a link token', async () => {
    const user = await createUser(t.app);
    const mailP = smtp.nextTo(user.email);
    await send(t.app, '/auth/loginwithemail', { email: user.email });
    const token = linkIn(await mailP, '/auth/link').searchParams.get('token')!;
    const rows = await t.app.database.db.select().from(authTokens).where(eq(authTokens.email, user.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(token);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.purpose).toBe('login');
    const ttl = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(61 * 60_000);
  });

  it('signs up by e-mail: the link creates the user, who must then register', async () => {
    const email = uniqueEmail('signup');
    const mailP = smtp.nextTo(email);
    const res = await send(t.app, '/auth/signup', { email, token: 'x' });
    expect(res.statusCode).toBe(200);
    expect(await userExists(t.app, email)).toBe(false); // nothing before the link is used
    const link = linkIn(await mailP, '/auth/link');
    const used = await follow(t.app, link);
    const s = callbackSession(used, sessionCookieOf(used));
    const call = clientOf(t.app, s.cookie, s.xsrf);
    const tenant = (await call('GET', '/auth/tenant')).json();
    expect(tenant.email).toBe(email);
    expect(tenant.flags).toEqual({ oc: false, rc: false });
    expect(tenant.features).toEqual(NEW_USER_FEATURES);
    expect(tenant.projects).toEqual({ default: { name: 'Demo' } });

    const registered = await call('POST', '/auth/register', {
      name: 'Ada Lovelace',
      country: 'gb',
      timezone: 'Europe/London',
      organisation: 'Analytical Engines',
      position: 'Analyst',
      language: 'en-GB',
      password: STRONG_PASSWORD,
      repeat: STRONG_PASSWORD,
    });
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toMatchObject({
      name: 'Ada Lovelace',
      country: 'GB',
      language: 'en-GB',
      flags: { oc: true, rc: true },
    });
    expect((await call('GET', '/auth/tenant')).json().flags).toEqual({ oc: true, rc: true });
    expect((await passwordLogin(t.app, email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('sends a magic link to an unknown address as a sign-up link when sign-up is on', async () => {
    const email = uniqueEmail('newcomer');
    const mailP = smtp.nextTo(email);
    expect((await send(t.app, '/auth/loginwithemail', { email })).statusCode).toBe(200);
    const mail = await mailP;
    expect(mail.subject).toMatch(/Finish creating/);
    const used = await follow(t.app, linkIn(mail, '/auth/link'));
    expect(used.headers.location).toMatch(/^\/authcallback/);
    expect(await userExists(t.app, email)).toBe(true);
  });

  it('sign-up for an existing address mails a sign-in link instead (same answer)', async () => {
    const user = await createUser(t.app);
    const mailP = smtp.nextTo(user.email);
    const res = await send(t.app, '/auth/signup', { email: user.email });
    expect(res.statusCode).toBe(200);
    expect((await mailP).subject).toMatch(/sign-in link/);
  });

  it('recovers a password: mail → /auth/recover → reset form → new password, other sessions end', async () => {
    const user = await createUser(t.app);
    const other = await login(t.app, user);
    const mailP = smtp.nextTo(user.email);
    expect((await send(t.app, '/auth/forgotpassword', { email: user.email, local: false })).statusCode).toBe(
      200,
    );
    const mail = await mailP;
    expect(mail.subject).toMatch(/Reset your/);
    const link = linkIn(mail, '/auth/recover');
    const recover = await follow(t.app, link);
    expect(recover.statusCode).toBe(302);
    const target = new URL(String(recover.headers.location), PUBLIC_URL);
    expect(target.pathname).toBe('/passwordreset');
    expect(target.searchParams.get('email')).toBe(user.email);
    const token = target.searchParams.get('token')!;

    const weak = await t.app.inject({
      method: 'POST',
      url: '/auth/passwordreset',
      payload: { email: user.email, token, password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/password.*8 characters/i);

    const wrongEmail = await t.app.inject({
      method: 'POST',
      url: '/auth/passwordreset',
      payload: { email: 'someone-else@example.com', token, password: 'N3w-password!' },
    });
    expect(wrongEmail.statusCode).toBe(400);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/passwordreset',
      payload: { email: user.email, token, password: 'N3w-password!' },
    });
    expect(reset.statusCode).toBe(200);
    const xsrf = reset.json().xsrfToken as string;
    const fresh = clientOf(t.app, sessionCookieOf(reset)!, xsrf);
    expect((await fresh('GET', '/auth/tenant')).statusCode).toBe(200);
    expect((await other.call('GET', '/auth/tenant')).statusCode).toBe(401);
    expect((await passwordLogin(t.app, user.email, user.password)).statusCode).toBe(401);
    expect((await passwordLogin(t.app, user.email, 'N3w-password!')).statusCode).toBe(200);

    const reused = await t.app.inject({
      method: 'POST',
      url: '/auth/passwordreset',
      payload: { email: user.email, token, password: 'An0ther-pass!' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/invalid or has expired/);
    expect((await follow(t.app, link)).headers.location).toBe('/login?error=link_expired');
  });

  it('sends no recovery mail to an unknown address, with the same answer', async () => {
    const email = uniqueEmail('ghost');
    const known = await createUser(t.app);
    const knownP = smtp.nextTo(known.email);
    const a = await send(t.app, '/auth/forgotpassword', { email });
    const b = await send(t.app, '/auth/forgotpassword', { email: known.email });
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    await knownP;
    await t.app.services.mail.flush();
    expect(smtp.to(email)).toHaveLength(0);
  });

  it('changes the password: every session of the user ends, the new password works', async () => {
    const user = await createUser(t.app);
    const a = await login(t.app, user);
    const b = await login(t.app, user);
    const weak = await a.call('POST', '/auth/changepassword', { password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/password/);
    const res = await a.call('POST', '/auth/changepassword', { password: 'Br4nd-new-pass!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect((await a.call('GET', '/auth/tenant')).statusCode).toBe(401);
    expect((await b.call('GET', '/auth/tenant')).statusCode).toBe(401);
    expect((await passwordLogin(t.app, user.email, user.password)).statusCode).toBe(401);
    expect((await passwordLogin(t.app, user.email, 'Br4nd-new-pass!')).statusCode).toBe(200);
  });

  it('validates the onboarding form: required fields, country, timezone, password rule and repeat', async () => {
    const user = await createUser(t.app);
    const { call } = await login(t.app, user);
    const base = { name: 'Grace', country: 'US', timezone: 'America/New_York' };
    const cases: [object, RegExp][] = [
      [{ ...base, name: '' }, /name/],
      [{ ...base, country: 'XX' }, /country/],
      [{ ...base, country: 'USA' }, /country/],
      [{ ...base, timezone: 'Mars/Base' }, /timezone/],
      [{ ...base, password: 'weakpass' }, /password/],
      [{ ...base, password: STRONG_PASSWORD, repeat: 'Different-1!' }, /do not match/],
      [{ country: 'US', timezone: 'UTC' }, /name/],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/auth/register', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const ok = await call('POST', '/auth/register', { ...base, password: '', repeat: '' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().flags).toEqual({ oc: true, rc: true });
    expect((await passwordLogin(t.app, user.email, user.password)).statusCode).toBe(200); // unchanged
  });

  it('ends a session after the idle timeout and after the absolute timeout', async () => {
    const user = await createUser(t.app);
    const idle = await login(t.app, user);
    const old = await login(t.app, user);
    const { db } = t.app.database;
    const all = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(all).toHaveLength(2);
    const now = Date.now();
    // The first session: unused for longer than the idle timeout.
    const [idleRow, oldRow] = all;
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now - SESSION_IDLE_MS - 60_000) })
      .where(eq(sessions.id, idleRow!.id));
    // The second: used a minute ago, but older than the absolute timeout.
    await db
      .update(sessions)
      .set({ createdAt: new Date(now - SESSION_MAX_MS - 60_000), lastSeenAt: new Date(now - 60_000) })
      .where(eq(sessions.id, oldRow!.id));
    expect((await idle.call('GET', '/auth/tenant')).statusCode).toBe(401);
    expect((await old.call('GET', '/auth/tenant')).statusCode).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    // A session just inside both limits still works.
    const live = await login(t.app, user);
    await db
      .update(sessions)
      .set({
        createdAt: new Date(now - SESSION_MAX_MS + 3_600_000),
        lastSeenAt: new Date(now - SESSION_IDLE_MS + 3_600_000),
      })
      .where(eq(sessions.userId, user.id));
    expect((await live.call('GET', '/auth/tenant')).statusCode).toBe(200);
  });

  it('sends mail with an inline image attachment through SMTP', async () => {
    const to = uniqueEmail('card');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const mailP = smtp.nextTo(to);
    const receipt = await t.app.services.mail.send({
      to,
      subject: 'Your card',
      html: '<p>Revenue</p><img src="cid:chart-1">',
      text: 'Revenue',
      attachments: [{ filename: 'chart.png', content: png, contentType: 'image/png', cid: 'chart-1' }],
    });
    expect(receipt.via).toBe('smtp');
    const mail = await mailP;
    expect(mail.text?.trim()).toBe('Revenue');
    expect(mail.html).toContain('cid:chart-1');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.cid).toBe('chart-1');
    expect(mail.attachments[0]!.content.equals(png)).toBe(true);
  });
});

describe.each(TEST_DATABASES)('mail without SMTP (outbox) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { PUBLIC_URL });
  });
  afterAll(() => t.close());

  it('stores mail in the outbox, with attachment metadata but no contents', async () => {
    const receipt = await t.app.services.mail.send({
      to: 'reader@example.com',
      subject: 'Hello',
      html: '<p>Hi</p>',
      text: 'Hi',
      attachments: [{ filename: 'a.png', content: Buffer.alloc(10), cid: 'a' }],
    });
    expect(receipt.via).toBe('outbox');
    const rows = await t.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, receipt.id));
    expect(rows[0]).toMatchObject({ to: 'reader@example.com', subject: 'Hello', text: 'Hi' });
    expect(rows[0]!.attachments).toEqual([{ filename: 'a.png', cid: 'a', size: 10 }]);
  });

  it('puts the magic link into the outbox in embedded mode', async () => {
    const res = await send(t.app, '/auth/loginwithemail', { email: DEMO.email });
    expect(res.statusCode).toBe(200);
    await t.app.services.mail.flush();
    const rows = await t.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, DEMO.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.text).toContain(`${PUBLIC_URL}/auth/link?token=`);
    expect(rows[0]!.html).toContain('<a href=');
  });
});

describe.each(TEST_DATABASES)('sign-up switched off on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await buildTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL, SIGNUP_ENABLED: 'false' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('refuses /auth/signup with 403 and a message, and mails nothing to unknown addresses', async () => {
    const email = uniqueEmail('closed');
    const res = await send(t.app, '/auth/signup', { email });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Sign-up is disabled/);
    const magic = await send(t.app, '/auth/loginwithemail', { email });
    expect(magic.statusCode).toBe(200);
    await t.app.services.mail.flush();
    expect(smtp.to(email)).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/auth/providers' })).json().signup).toBe(false);
  });
});

describe.each(TEST_DATABASES)('sign-in with Google (local OIDC provider) on %s', (kind) => {
  let t: TestApp;
  let idp: OidcPeer;
  beforeAll(async () => {
    idp = await startOidcPeer(`${PUBLIC_URL}/auth/callback`, {
      alice: { email: 'Alice@Example.com', email_verified: true, name: 'Alice Example' },
      mallory: { email: 'mallory@example.com', email_verified: false },
      demo: { email: DEMO.email, email_verified: true },
    });
    t = await buildTestApp(kind, {
      PUBLIC_URL,
      GOOGLE_ISSUER: idp.issuer,
      GOOGLE_CLIENT_ID: idp.clientId,
      GOOGLE_CLIENT_SECRET: idp.clientSecret,
    });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const start = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/loginredirect?provider=GOOGLE&client=WEB&local=true',
    });
    expect(res.statusCode).toBe(302);
    const state = res.cookies.find((c) => c.name === 'parley_oidc')!;
    expect(state.httpOnly).toBe(true);
    return { location: String(res.headers.location), stateCookie: `parley_oidc=${state.value}` };
  };
  const callback = (url: URL, cookie: string) =>
    t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie } });

  it('offers google and redirects with PKCE, state and nonce', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/auth/providers' })).json().providers).toContain(
      'google',
    );
    const { location } = await start();
    const url = new URL(location);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/callback`);
  });

  it('creates a user from a verified e-mail and starts a session', async () => {
    const { location, stateCookie } = await start();
    const back = await idp.authorize(location, 'alice');
    const res = await callback(back, stateCookie);
    const s = callbackSession(res, sessionCookieOf(res));
    const tenant = (await clientOf(t.app, s.cookie, s.xsrf)('GET', '/auth/tenant')).json();
    expect(tenant.email).toBe('alice@example.com');
    expect(tenant.name).toBe('Alice Example');
    expect(tenant.flags).toEqual({ oc: false, rc: false });
  });

  it('signs an existing user in by e-mail', async () => {
    const { location, stateCookie } = await start();
    const res = await callback(await idp.authorize(location, 'demo'), stateCookie);
    const s = callbackSession(res, sessionCookieOf(res));
    const tenant = (await clientOf(t.app, s.cookie, s.xsrf)('GET', '/auth/tenant')).json();
    expect(tenant.email).toBe(DEMO.email);
    expect(tenant.flags).toEqual({ oc: true, rc: true });
  });

  it('refuses an unverified e-mail, a missing state cookie and a state from another attempt', async () => {
    const a = await start();
    const res = await callback(await idp.authorize(a.location, 'mallory'), a.stateCookie);
    expect(res.headers.location).toBe('/login?error=oidc_failed');
    expect(await userExists(t.app, 'mallory@example.com')).toBe(false);

    const b = await start();
    const backB = await idp.authorize(b.location, 'alice');
    expect((await callback(backB, '')).headers.location).toBe('/login?error=oidc_failed');

    const c = await start();
    const d = await start();
    const backC = await idp.authorize(c.location, 'alice');
    const crossed = await callback(backC, d.stateCookie);
    expect(crossed.headers.location).toBe('/login?error=oidc_failed');
    expect(sessionCookieOf(crossed)).toBeNull();
  });

  it('answers 404 with a message when Google is not configured, 400 for another provider', async () => {
    const plain = await buildTestApp(kind, { PUBLIC_URL });
    try {
      const res = await plain.app.inject({
        method: 'GET',
        url: '/auth/loginredirect?provider=GOOGLE&client=WEB',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/not configured/);
    } finally {
      await plain.close();
    }
    const other = await t.app.inject({
      method: 'GET',
      url: '/auth/loginredirect?provider=FACEBOOK&client=WEB',
    });
    expect(other.statusCode).toBe(400);
  });
});

describe.each(TEST_DATABASES)('captcha on %s', (kind) => {
  let t: TestApp;
  let verifier: CaptchaPeer;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    verifier = await startCaptchaPeer('captcha-secret', ['good-token']);
    smtp = await startSmtpPeer();
    t = await buildTestApp(kind, {
      PUBLIC_URL,
      SMTP_URL: smtp.url,
      CAPTCHA_PROVIDER: 'turnstile',
      CAPTCHA_SITE_KEY: 'site-key',
      CAPTCHA_SECRET: 'captcha-secret',
      CAPTCHA_VERIFY_URL: verifier.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await verifier.close();
    await smtp.close();
  });

  it('publishes the provider and site key, never the secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/config' });
    expect(res.json().captcha).toEqual({ provider: 'turnstile', site_key: 'site-key' });
    expect(res.body).not.toContain('captcha-secret');
  });

  it('requires a verified token for password sign-in', async () => {
    const missing = await passwordLogin(t.app, DEMO.email, DEMO.password, { ip: uniqueIp() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/captcha/);
    const bad = await passwordLogin(t.app, DEMO.email, DEMO.password, { token: 'bad-token', ip: uniqueIp() });
    expect(bad.statusCode).toBe(400);
    const good = await passwordLogin(t.app, DEMO.email, DEMO.password, {
      token: 'good-token',
      ip: uniqueIp(),
    });
    expect(good.statusCode).toBe(200);
    const last = verifier.requests.at(-1)!;
    expect(last.get('secret')).toBe('captcha-secret');
    expect(last.get('response')).toBe('good-token');
  });

  it('requires it for magic-link, recovery and reset too', async () => {
    for (const url of ['/auth/loginwithemail', '/auth/forgotpassword', '/auth/signup']) {
      expect((await send(t.app, url, { email: DEMO.email })).statusCode, url).toBe(400);
      expect((await send(t.app, url, { email: DEMO.email, token: 'nope' })).statusCode, url).toBe(400);
    }
    const mailP = smtp.nextTo(DEMO.email);
    expect(
      (await send(t.app, '/auth/forgotpassword', { email: DEMO.email, token: 'good-token' })).statusCode,
    ).toBe(200);
    const link = linkIn(await mailP, '/auth/recover');
    const token = new URL(String((await follow(t.app, link)).headers.location), PUBLIC_URL).searchParams.get(
      'token',
    )!;
    const body = { email: DEMO.email, token, password: DEMO.password };
    const noCaptcha = await t.app.inject({ method: 'POST', url: '/auth/passwordreset', payload: body });
    expect(noCaptcha.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/auth/passwordreset',
      payload: { ...body, captcha: 'good-token' },
    });
    expect(ok.statusCode).toBe(200); // the refused attempt did not use the token up
  });

  it('fails closed with 503 when the verifier cannot be reached', async () => {
    const down = await buildTestApp(kind, {
      CAPTCHA_PROVIDER: 'hcaptcha',
      CAPTCHA_SECRET: 's',
      CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
    });
    try {
      const res = await passwordLogin(down.app, DEMO.email, DEMO.password, { token: 'x' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/captcha/);
    } finally {
      await down.close();
    }
  });
});
