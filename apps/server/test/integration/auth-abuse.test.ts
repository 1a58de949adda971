/**
 * Abuse cases in the spirit of Ory Kratos' and Keycloak's suites: links that are expired,
 * reused, tampered with or used for another purpose; brute force; CSRF; session fixation;
 * account enumeration; oversized and malformed bodies.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { authTokens } from '../../src/db/schema';
import {
  LOGIN_PER_ADDRESS,
  LOGIN_PER_EMAIL,
  SENDS_PER_EMAIL,
} from '../../src/modules/auth/attempts.repository';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../helpers';
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
} from '../peers/factories';
import { linkIn, type SmtpPeer, startSmtpPeer } from '../peers/smtp';

const PUBLIC_URL = 'https://parley.example.com';

const get = (app: FastifyInstance, url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const pathOf = (u: URL) => `${u.pathname}${u.search}`;

describe.each(TEST_DATABASES)('auth abuse on %s', (kind) => {
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

  /** Asks for a link of the given kind and answers the URL from the mail. */
  async function mailedLink(email: string, kind: 'magic' | 'recover'): Promise<URL> {
    const mailP = smtp.nextTo(email);
    const url = kind === 'magic' ? '/auth/loginwithemail' : '/auth/forgotpassword';
    expect((await send(t.app, url, { email })).statusCode).toBe(200);
    return linkIn(await mailP, kind === 'magic' ? '/auth/link' : '/auth/recover');
  }

  describe('links', () => {
    it('refuses an expired magic link and an expired recovery link', async () => {
      const user = await createUser(t.app);
      const magic = await mailedLink(user.email, 'magic');
      const recover = await mailedLink(user.email, 'recover');
      await t.app.database.db
        .update(authTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authTokens.email, user.email));
      const a = await get(t.app, pathOf(magic));
      expect(a.headers.location).toBe('/login?error=link_expired');
      expect(sessionCookieOf(a)).toBeNull();
      expect((await get(t.app, pathOf(recover))).headers.location).toBe('/login?error=link_expired');
      const reset = await t.app.inject({
        method: 'POST',
        url: '/auth/passwordreset',
        payload: { email: user.email, token: recover.searchParams.get('token'), password: 'N3w-password!' },
      });
      expect(reset.statusCode).toBe(400);
    });

    it('refuses a reused link', async () => {
      const user = await createUser(t.app);
      const link = await mailedLink(user.email, 'magic');
      expect((await get(t.app, pathOf(link))).headers.location).toMatch(/^\/authcallback/);
      const again = await get(t.app, pathOf(link));
      expect(again.headers.location).toBe('/login?error=link_expired');
      expect(sessionCookieOf(again)).toBeNull();
    });

    it('lets only one of many simultaneous uses of a link through', async () => {
      const user = await createUser(t.app);
      const link = await mailedLink(user.email, 'magic');
      const results = await Promise.all(Array.from({ length: 6 }, () => get(t.app, pathOf(link))));
      const ok = results.filter((r) => String(r.headers.location).startsWith('/authcallback'));
      expect(ok).toHaveLength(1);
    });

    it.each([
      ['one character changed', (tok: string) => `${tok.slice(0, -1)}${tok.endsWith('A') ? 'B' : 'A'}`],
      ['truncated', (tok: string) => tok.slice(0, 20)],
      ['extended', (tok: string) => `${tok}x`],
      ['empty', () => ''],
      ['very long', () => 'a'.repeat(5000)],
      ['with SQL in it', () => "' OR 1=1 --"],
    ])('refuses a tampered link token (%s)', async (_name, tamper) => {
      const user = await createUser(t.app);
      const link = await mailedLink(user.email, 'magic');
      const token = link.searchParams.get('token')!;
      const bad = await get(t.app, `/auth/link?token=${encodeURIComponent(tamper(token))}`);
      expect(bad.statusCode).toBe(302);
      expect(bad.headers.location).toBe('/login?error=link_expired');
      expect(sessionCookieOf(bad)).toBeNull();
      // The genuine link still works: a tampered try does not burn it.
      expect((await get(t.app, pathOf(link))).headers.location).toMatch(/^\/authcallback/);
    });

    it('binds tokens to their purpose: recovery tokens do not sign in, sign-in tokens do not reset', async () => {
      const user = await createUser(t.app);
      const recover = await mailedLink(user.email, 'recover');
      const magic = await mailedLink(user.email, 'magic');
      const recoverToken = recover.searchParams.get('token')!;
      const asLink = await get(t.app, `/auth/link?token=${recoverToken}`);
      expect(asLink.headers.location).toBe('/login?error=link_expired');
      const asReset = await t.app.inject({
        method: 'POST',
        url: '/auth/passwordreset',
        payload: { email: user.email, token: magic.searchParams.get('token'), password: 'N3w-password!' },
      });
      expect(asReset.statusCode).toBe(400);
      const asRecover = await get(t.app, `/auth/recover?token=${magic.searchParams.get('token')}`);
      expect(asRecover.headers.location).toBe('/login?error=link_expired');
      expect((await get(t.app, pathOf(magic))).headers.location).toMatch(/^\/authcallback/);
    });

    it('kills a recovery link once the password changed another way', async () => {
      const user = await createUser(t.app);
      const recover = await mailedLink(user.email, 'recover');
      const { call } = await login(t.app, user);
      expect((await call('POST', '/auth/changepassword', { password: 'Ch4nged-pass!' })).statusCode).toBe(
        200,
      );
      expect((await get(t.app, pathOf(recover))).headers.location).toBe('/login?error=link_expired');
    });
  });

  describe('brute force', () => {
    it(`locks an e-mail after ${LOGIN_PER_EMAIL.max} failures (429 even with the right password)`, async () => {
      const user = await createUser(t.app);
      for (let i = 0; i < LOGIN_PER_EMAIL.max; i++) {
        const res = await passwordLogin(t.app, user.email, `Wrong-pass-${i}!`, { ip: uniqueIp() });
        expect(res.statusCode).toBe(401);
      }
      const locked = await passwordLogin(t.app, user.email, user.password, { ip: uniqueIp() });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toMatch(/Too many failed sign-in attempts.*15 minutes/);
      expect(sessionCookieOf(locked)).toBeNull();
      // Unknown addresses lock the same way, with the same answer: no enumeration through lockout.
      const ghost = uniqueEmail('ghost');
      for (let i = 0; i < LOGIN_PER_EMAIL.max; i++)
        await passwordLogin(t.app, ghost, 'Wrong-pass-1!', { ip: uniqueIp() });
      const ghostLocked = await passwordLogin(t.app, ghost, 'Wrong-pass-1!', { ip: uniqueIp() });
      expect(ghostLocked.statusCode).toBe(429);
      expect(ghostLocked.json()).toEqual(locked.json());
    });

    it('keeps the lock in the database, so another server process sees it', async () => {
      const user = await createUser(t.app);
      for (let i = 0; i < LOGIN_PER_EMAIL.max; i++)
        await passwordLogin(t.app, user.email, 'Wrong-pass-1!', { ip: uniqueIp() });
      const second = await buildApp({ config: t.config, database: t.app.database, webRoot: '/nonexistent' });
      try {
        const res = await passwordLogin(second, user.email, user.password, { ip: uniqueIp() });
        expect(res.statusCode).toBe(429);
      } finally {
        await second.close();
      }
    });

    it('locks a client address that tries many e-mails (credential stuffing)', async () => {
      const ip = uniqueIp();
      for (let i = 0; i < LOGIN_PER_ADDRESS.max; i++) {
        expect((await passwordLogin(t.app, uniqueEmail('stuff'), 'Guess-pass-1!', { ip })).statusCode).toBe(
          401,
        );
      }
      const user = await createUser(t.app);
      expect((await passwordLogin(t.app, user.email, user.password, { ip })).statusCode).toBe(429);
      expect((await passwordLogin(t.app, user.email, user.password, { ip: uniqueIp() })).statusCode).toBe(
        200,
      );
    });

    it('clears the e-mail counter after a successful sign-in', async () => {
      const user = await createUser(t.app);
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < LOGIN_PER_EMAIL.max - 1; i++) {
          expect(
            (await passwordLogin(t.app, user.email, 'Wrong-pass-1!', { ip: uniqueIp() })).statusCode,
          ).toBe(401);
        }
        expect((await passwordLogin(t.app, user.email, user.password, { ip: uniqueIp() })).statusCode).toBe(
          200,
        );
      }
    });

    it('limits link and recovery sends per e-mail and per client address', async () => {
      const user = await createUser(t.app);
      for (let i = 0; i < SENDS_PER_EMAIL.max; i++) {
        expect((await send(t.app, '/auth/loginwithemail', { email: user.email })).statusCode).toBe(200);
      }
      const limited = await send(t.app, '/auth/forgotpassword', { email: user.email });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/Too many e-mails requested/);
      const ip = uniqueIp();
      let last = 0;
      for (let i = 0; i < 40 && last !== 429; i++) {
        last = (await send(t.app, '/auth/loginwithemail', { email: uniqueEmail('spray') }, ip)).statusCode;
      }
      expect(last).toBe(429);
      await t.app.services.mail.flush();
    });
  });

  describe('sessions and CSRF', () => {
    it('refuses changes without the X-XSRF-TOKEN header, with a wrong one, or with another session’s', async () => {
      const user = await createUser(t.app);
      const a = await login(t.app, user);
      const b = await login(t.app, user);
      const calls: [string, string, object | undefined][] = [
        ['POST', '/auth/changepassword', { password: 'Ch4nged-pass!' }],
        ['POST', '/auth/logout', undefined],
        ['POST', '/auth/register', { name: 'x', country: 'GB', timezone: 'UTC' }],
        ['PUT', '/features/profile', { name: 'x', country: 'GB', timezone: 'UTC', language: 'en-US' }],
        ['DELETE', '/api/v1/auth/account', undefined],
      ];
      for (const [method, url, payload] of calls) {
        for (const headers of [
          { cookie: a.cookie },
          { cookie: a.cookie, 'x-xsrf-token': 'forged' },
          { cookie: a.cookie, 'x-xsrf-token': b.xsrf },
        ]) {
          const res = await t.app.inject({ method: method as 'POST', url, payload, headers });
          expect(res.statusCode, `${method} ${url}`).toBe(403);
          expect(res.json().message).toMatch(/XSRF/);
        }
      }
      expect((await a.call('GET', '/auth/tenant')).statusCode).toBe(200);
      expect((await passwordLogin(t.app, user.email, user.password)).statusCode).toBe(200);
    });

    it('makes session fixation impossible: sign-in always issues a new session and kills the planted one', async () => {
      const user = await createUser(t.app);
      const attacker = await createUser(t.app);
      const planted = await login(t.app, attacker);
      const res = await passwordLogin(t.app, user.email, user.password, { cookie: planted.cookie });
      const fresh = sessionCookieOf(res)!;
      expect(fresh).toBeTruthy();
      expect(fresh).not.toBe(planted.cookie);
      expect((await planted.call('GET', '/auth/tenant')).statusCode).toBe(401);
      const tenant = await clientOf(t.app, fresh, res.json().xsrfToken)('GET', '/auth/tenant');
      expect(tenant.json().email).toBe(user.email);
      // A made-up cookie value never becomes a session either.
      const forged = 'parley_session=attacker-chosen-value';
      const viaForged = await passwordLogin(t.app, user.email, user.password, { cookie: forged });
      expect(sessionCookieOf(viaForged)).not.toBe(forged);
      expect((await get(t.app, '/auth/tenant', forged)).statusCode).toBe(401);
      // The magic link rotates too.
      const link = await mailedLink(user.email, 'magic');
      const viaLink = await get(t.app, pathOf(link), fresh);
      expect(sessionCookieOf(viaLink)).not.toBe(fresh);
      expect((await get(t.app, '/auth/tenant', fresh)).statusCode).toBe(401);
    });

    it('refuses a session cookie changed after its genuine one was seen, and the genuine one once signed out', async () => {
      const user = await createUser(t.app);
      const session = await login(t.app, user);
      // Seen and verified: the server now remembers this exact cookie's signature as good.
      expect((await get(t.app, '/auth/tenant', session.cookie)).statusCode).toBe(200);
      const dot = session.cookie.lastIndexOf('.');
      const flip = (c: string) => (c === 'A' ? 'B' : 'A');
      const badSignature = `${session.cookie.slice(0, -1)}${flip(session.cookie.at(-1)!)}`;
      const badValue = `${session.cookie.slice(0, dot - 1)}${flip(session.cookie[dot - 1]!)}${session.cookie.slice(dot)}`;
      expect((await get(t.app, '/auth/tenant', badSignature)).statusCode).toBe(401);
      expect((await get(t.app, '/auth/tenant', badValue)).statusCode).toBe(401);
      expect((await get(t.app, '/auth/tenant', session.cookie)).statusCode).toBe(200);
      expect((await session.call('POST', '/auth/logout')).statusCode).toBe(200);
      expect((await get(t.app, '/auth/tenant', session.cookie)).statusCode).toBe(401);
    });

    it('sets the session cookie httpOnly, SameSite=Lax, and Secure on an https PUBLIC_URL', async () => {
      const user = await createUser(t.app);
      const res = await passwordLogin(t.app, user.email, user.password);
      const c = res.cookies.find((x) => x.name === 'parley_session')!;
      expect(c.httpOnly).toBe(true);
      expect(c.sameSite).toBe('Lax');
      expect(c.secure).toBe(true);
      expect(c.path).toBe('/');
    });

    it('ends every session on a password change and on a password reset', async () => {
      const user = await createUser(t.app);
      const sessions = [await login(t.app, user), await login(t.app, user), await login(t.app, user)];
      await sessions[0]!.call('POST', '/auth/changepassword', { password: 'Ch4nged-pass!' });
      for (const s of sessions) expect((await s.call('GET', '/auth/tenant')).statusCode).toBe(401);
      const again = await login(t.app, { email: user.email, password: 'Ch4nged-pass!' });
      const link = await mailedLink(user.email, 'recover');
      const target = new URL(String((await get(t.app, pathOf(link))).headers.location), PUBLIC_URL);
      const reset = await t.app.inject({
        method: 'POST',
        url: '/auth/passwordreset',
        payload: { email: user.email, token: target.searchParams.get('token'), password: STRONG_PASSWORD },
      });
      expect(reset.statusCode).toBe(200);
      expect((await again.call('GET', '/auth/tenant')).statusCode).toBe(401);
    });
  });

  describe('secrets', () => {
    it('keeps link tokens, passwords and cookies out of the log and the answers', async () => {
      const lines: string[] = [];
      const logged = await buildApp({
        config: t.config,
        database: t.app.database,
        webRoot: '/nonexistent',
        logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
      });
      try {
        const user = await createUser(t.app);
        const res = await passwordLogin(logged, user.email, user.password, { ip: uniqueIp() });
        const cookie = sessionCookieOf(res)!;
        const xsrf = res.json().xsrfToken as string;
        const link = await mailedLink(user.email, 'magic');
        const token = link.searchParams.get('token')!;
        await logged.inject({ method: 'GET', url: pathOf(link) });
        await logged.inject({
          method: 'GET',
          url: '/auth/tenant',
          headers: { cookie, 'x-xsrf-token': xsrf },
        });
        const tenant = await logged.inject({ method: 'GET', url: '/auth/tenant', headers: { cookie } });
        expect(tenant.body).not.toMatch(/password|hash/i);
        const log = lines.join('\n');
        expect(log).toContain('/auth/link?token=[redacted]');
        for (const secret of [token, user.password, cookie.split('=')[1]!, xsrf]) {
          expect(log).not.toContain(secret);
        }
      } finally {
        await logged.close();
      }
    });
  });

  describe('enumeration', () => {
    it('answers unknown and known e-mails identically on every public call', async () => {
      const known = await createUser(t.app);
      const unknown = uniqueEmail('nobody');
      for (const url of ['/auth/loginwithemail', '/auth/forgotpassword', '/auth/signup']) {
        const a = await send(t.app, url, { email: known.email });
        const b = await send(t.app, url, { email: unknown });
        expect([a.statusCode, a.body], url).toEqual([b.statusCode, b.body]);
      }
      const a = await passwordLogin(t.app, known.email, 'Wrong-pass-1!', { ip: uniqueIp() });
      const b = await passwordLogin(t.app, unknown, 'Wrong-pass-1!', { ip: uniqueIp() });
      expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
      await t.app.services.mail.flush();
    });

    it('takes similar time for unknown and known e-mails at password sign-in', async () => {
      // Several accounts, so no e-mail reaches its lockout (a 429 would skip the hash).
      const known = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
      const time = async (email: string) => {
        const started = performance.now();
        await passwordLogin(t.app, email, 'Wrong-pass-1!', { ip: uniqueIp() });
        return performance.now() - started;
      };
      await time(uniqueEmail('warm')); // warms the dummy hash
      const knownTimes: number[] = [];
      const unknownTimes: number[] = [];
      for (let i = 0; i < 6; i++) {
        knownTimes.push(await time(known[i % known.length]!.email));
        unknownTimes.push(await time(uniqueEmail('nobody')));
      }
      // The fastest of several runs: least disturbed by other suites running in parallel.
      const ratio = Math.min(...unknownTimes) / Math.min(...knownTimes);
      expect(ratio).toBeGreaterThan(0.4);
      expect(ratio).toBeLessThan(2.5);
    });
  });

  describe('bodies', () => {
    const endpoints: [string, string][] = [
      ['POST', '/auth/loginwithpassword'],
      ['POST', '/auth/loginwithemail'],
      ['POST', '/auth/signup'],
      ['POST', '/auth/forgotpassword'],
      ['POST', '/auth/passwordreset'],
      ['POST', '/auth/changepassword'],
      ['POST', '/auth/register'],
      ['PUT', '/features/profile'],
    ];

    it('refuses bodies over 1 MiB with 413 on every auth and profile call', async () => {
      const user = await createUser(t.app);
      const s = await login(t.app, user);
      const big = JSON.stringify({ email: user.email, name: 'x'.repeat(1024 * 1024 + 1) });
      for (const [method, url] of endpoints) {
        const res = await t.app.inject({
          method: method as 'POST',
          url,
          payload: big,
          headers: { 'content-type': 'application/json', cookie: s.cookie, 'x-xsrf-token': s.xsrf },
          remoteAddress: uniqueIp(),
        });
        expect(res.statusCode, url).toBe(413);
        expect(res.json().message).toMatch(/too large/);
      }
    });

    it('answers malformed and hostile bodies with a 4xx and a message, never a 500', async () => {
      const user = await createUser(t.app);
      const s = await login(t.app, user);
      const bodies: [string, string][] = [
        ['application/json', '{"email": '],
        ['application/json', '[]'],
        ['application/json', 'null'],
        ['application/json', '"just a string"'],
        ['application/json', '{"email": {"$gt": ""}, "password": ["x"]}'],
        ['application/json', '{"__proto__": {"admin": true}, "email": "a@b.co"}'],
        ['application/json', `{"email": "${'a'.repeat(300)}@example.com"}`],
        [
          'application/json',
          '{"email": "a@b.co", "token": 12, "password": null, "name": 1, "country": true}',
        ],
        [
          'application/json',
          '{"name": "\\u0000", "country": "G\\u0000", "timezone": "../../etc/passwd", "picture": "data:"}',
        ],
        ['text/plain', 'email=a@b.co'],
        ['application/x-www-form-urlencoded', 'email=a%40b.co&password=x'],
      ];
      for (const [method, url] of endpoints) {
        for (const [type, payload] of bodies) {
          const res = await t.app.inject({
            method: method as 'POST',
            url,
            payload,
            headers: { 'content-type': type, cookie: s.cookie, 'x-xsrf-token': s.xsrf },
            remoteAddress: uniqueIp(),
          });
          expect(res.statusCode, `${url} ${payload}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${url} ${payload}`).toBeLessThan(500);
          expect(res.json().message, `${url} ${payload}`).toEqual(expect.any(String));
        }
      }
      expect((await s.call('GET', '/auth/tenant')).json().email).toBe(user.email);
    });

    it('answers hostile query strings on the link calls with a redirect, never a 500', async () => {
      for (const url of [
        '/auth/link',
        '/auth/link?token=',
        '/auth/link?token[]=a&token[]=b',
        '/auth/recover?token=%00%ff',
        '/auth/callback',
        '/auth/callback?code=x&state=y',
        '/auth/loginredirect',
      ]) {
        const res = await get(t.app, url);
        expect(res.statusCode, url).toBeLessThan(500);
      }
    });
  });
});
