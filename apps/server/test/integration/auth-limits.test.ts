/**
 * Sign-in and send limits that hold under concurrency and behind a proxy:
 * attempts are taken before the password is checked, a stranger cannot lock the owner out of
 * their own address, and TRUST_PROXY reads the client address only from trusted proxies.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { ConfigError, loadConfig } from '../../src/config';
import { authTokens, loginAttempts } from '../../src/db/schema';
import {
  LOGIN_PER_ADDRESS,
  LOGIN_PER_EMAIL,
  SENDS_PER_ADDRESS,
  SENDS_PER_EMAIL,
} from '../../src/modules/auth/attempts.repository';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../helpers';
import { createUser, passwordLogin, send, uniqueEmail, uniqueIp } from '../peers/factories';

/** How many answers had each status: a 401 is a password that was checked, a 429 one that was not. */
function statuses(results: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

const times = <T>(n: number, f: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe('TRUST_PROXY configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-trust-'));
  const trust = (v: string) => loadConfig({ DATA_DIR: dir, TRUST_PROXY: v }).TRUST_PROXY;

  it('accepts false, true, a hop count and a list of proxy addresses and ranges', () => {
    expect(loadConfig({ DATA_DIR: dir }).TRUST_PROXY).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 10.1.0.0/16,::1, fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['yes', '10.0.0', '10.0.0.1/33', 'proxy.example.com', '10.0.0.1,,', '-1'])('refuses %j', (v) => {
    expect(() => trust(v)).toThrow(ConfigError);
    expect(() => trust(v)).toThrow(/TRUST_PROXY/);
  });
});

describe.each(TEST_DATABASES)('sign-in and send limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('under concurrency', () => {
    it('checks at most the per-account limit of 100 simultaneous guesses from one address', async () => {
      const user = await createUser(t.app);
      const ip = uniqueIp();
      const results = await times(100, (i) => passwordLogin(t.app, user.email, `Wrong-pass-${i}!`, { ip }));
      expect(statuses(results)).toEqual({ 401: LOGIN_PER_EMAIL.max, 429: 100 - LOGIN_PER_EMAIL.max });
      expect((await passwordLogin(t.app, user.email, user.password, { ip: uniqueIp() })).statusCode).toBe(
        429,
      );
    });

    it('checks at most the per-account limit of 100 simultaneous guesses from 100 addresses', async () => {
      const user = await createUser(t.app);
      const results = await times(100, (i) =>
        passwordLogin(t.app, user.email, `Wrong-pass-${i}!`, { ip: uniqueIp() }),
      );
      expect(statuses(results)).toEqual({ 401: LOGIN_PER_EMAIL.max, 429: 100 - LOGIN_PER_EMAIL.max });
    });

    it('checks at most the per-address limit of 100 simultaneous guesses at 100 accounts', async () => {
      const ip = uniqueIp();
      const results = await times(100, () =>
        passwordLogin(t.app, uniqueEmail('stuff'), 'Guess-pass-1!', { ip }),
      );
      expect(statuses(results)).toEqual({ 401: LOGIN_PER_ADDRESS.max, 429: 100 - LOGIN_PER_ADDRESS.max });
    });

    it('sends at most the per-e-mail limit of 100 simultaneous link requests', async () => {
      const user = await createUser(t.app);
      const results = await times(100, (i) =>
        send(t.app, i % 2 ? '/auth/loginwithemail' : '/auth/forgotpassword', { email: user.email }),
      );
      expect(statuses(results)).toEqual({ 200: SENDS_PER_EMAIL.max, 429: 100 - SENDS_PER_EMAIL.max });
      const links = await t.app.database.db.select().from(authTokens).where(eq(authTokens.email, user.email));
      expect(links).toHaveLength(SENDS_PER_EMAIL.max);
      await t.app.services.mail.flush();
    });

    it('sends at most the per-address limit of 100 simultaneous link requests for 100 e-mails', async () => {
      const ip = uniqueIp();
      const emails = Array.from({ length: 100 }, () => uniqueEmail('spray'));
      const results = await times(100, (i) => send(t.app, '/auth/loginwithemail', { email: emails[i] }, ip));
      expect(statuses(results)).toEqual({ 200: SENDS_PER_ADDRESS.max, 429: 100 - SENDS_PER_ADDRESS.max });
      const links = await t.app.database.db
        .select()
        .from(authTokens)
        .where(inArray(authTokens.email, emails));
      expect(links).toHaveLength(SENDS_PER_ADDRESS.max);
      await t.app.services.mail.flush();
    });
  });

  describe('lockout per account and per (account, address)', () => {
    it('keeps the owner signing in from their own address while strangers are locked out', async () => {
      const owner = await createUser(t.app);
      const home = uniqueIp();
      expect((await passwordLogin(t.app, owner.email, owner.password, { ip: home })).statusCode).toBe(200);
      const stranger = uniqueIp();
      const tries = [];
      for (let i = 0; i < LOGIN_PER_EMAIL.max + 3; i++)
        tries.push(await passwordLogin(t.app, owner.email, `Wrong-pass-${i}!`, { ip: stranger }));
      expect(statuses(tries)).toEqual({ 401: LOGIN_PER_EMAIL.max, 429: 3 });
      // Guessing the account is bounded across addresses: a fresh address gets no check either.
      const others = await times(10, () =>
        passwordLogin(t.app, owner.email, 'Wrong-pass-x!', { ip: uniqueIp() }),
      );
      expect(statuses(others)).toEqual({ 429: 10 });
      expect((await passwordLogin(t.app, owner.email, owner.password, { ip: uniqueIp() })).statusCode).toBe(
        429,
      );
      // The owner's own address is not locked by the stranger.
      expect((await passwordLogin(t.app, owner.email, owner.password, { ip: home })).statusCode).toBe(200);
    });

    it('still bounds guesses from the owner’s address', async () => {
      const owner = await createUser(t.app);
      const home = uniqueIp();
      expect((await passwordLogin(t.app, owner.email, owner.password, { ip: home })).statusCode).toBe(200);
      const results = await times(50, (i) =>
        passwordLogin(t.app, owner.email, `Wrong-pass-${i}!`, { ip: home }),
      );
      expect(statuses(results)).toEqual({ 401: LOGIN_PER_EMAIL.max, 429: 50 - LOGIN_PER_EMAIL.max });
      const locked = await passwordLogin(t.app, owner.email, owner.password, { ip: home });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toMatch(/Too many failed sign-in attempts.*15 minutes/);
    });

    it('lifts the owner’s own lock when the password is reset', async () => {
      const owner = await createUser(t.app);
      const home = uniqueIp();
      for (let i = 0; i < LOGIN_PER_EMAIL.max; i++)
        expect((await passwordLogin(t.app, owner.email, `Wrong-pass-${i}!`, { ip: home })).statusCode).toBe(
          401,
        );
      expect((await passwordLogin(t.app, owner.email, owner.password, { ip: home })).statusCode).toBe(429);
      await t.app.services.auth.setPassword(owner.id, 'N3w-password!');
      expect((await passwordLogin(t.app, owner.email, 'N3w-password!', { ip: home })).statusCode).toBe(200);
    });

    it('behind one shared address, a stranger stuffing many accounts does not lock out returning users', async () => {
      // Without TRUST_PROXY behind a proxy, every request comes from the proxy's address.
      const proxy = uniqueIp();
      const returning = await createUser(t.app);
      expect(
        (await passwordLogin(t.app, returning.email, returning.password, { ip: proxy })).statusCode,
      ).toBe(200);
      for (let i = 0; i < LOGIN_PER_ADDRESS.max; i++)
        expect(
          (await passwordLogin(t.app, uniqueEmail('stuff'), 'Guess-pass-1!', { ip: proxy })).statusCode,
        ).toBe(401);
      expect(
        (await passwordLogin(t.app, uniqueEmail('stuff'), 'Guess-pass-1!', { ip: proxy })).statusCode,
      ).toBe(429);
      expect(
        (await passwordLogin(t.app, returning.email, returning.password, { ip: proxy })).statusCode,
      ).toBe(200);
      const newcomer = await createUser(t.app);
      expect((await passwordLogin(t.app, newcomer.email, newcomer.password, { ip: proxy })).statusCode).toBe(
        429,
      );
    });
  });

  describe('behind a proxy (TRUST_PROXY)', () => {
    /** The real app with TRUST_PROXY set, on the suite's database; its log shows the address it read. */
    async function appTrusting(value: string) {
      const lines: string[] = [];
      const app = await buildApp({
        config: {
          ...t.config,
          TRUST_PROXY: loadConfig({ DATA_DIR: t.config.DATA_DIR, TRUST_PROXY: value }).TRUST_PROXY,
        },
        database: t.app.database,
        webRoot: '/nonexistent',
        logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
      });
      /** The client address the app read for a request from `peer` carrying X-Forwarded-For `xff`. */
      const clientOf = async (peer: string, xff?: string) => {
        lines.length = 0;
        await app.inject({
          method: 'GET',
          url: '/auth/providers',
          remoteAddress: peer,
          headers: xff ? { 'x-forwarded-for': xff } : {},
        });
        const logged = lines.map((l) => JSON.parse(l)).find((l) => l.req?.remoteAddress);
        return logged.req.remoteAddress as string;
      };
      return { app, clientOf };
    }

    it('reads the client address only through trusted hops', async () => {
      const cases: [string, string, string | undefined, string][] = [
        ['false', '10.0.0.1', '198.51.100.7', '10.0.0.1'],
        // One hop: the proxy appended the client; whatever the client wrote before it is ignored.
        ['1', '10.0.0.1', '6.6.6.6, 198.51.100.7', '198.51.100.7'],
        ['1', '10.0.0.1', undefined, '10.0.0.1'],
        ['2', '10.0.0.1', '6.6.6.6, 198.51.100.7, 10.0.0.2', '198.51.100.7'],
        ['10.0.0.1,10.1.0.0/16', '10.0.0.1', '6.6.6.6, 198.51.100.7', '198.51.100.7'],
        ['10.0.0.1,10.1.0.0/16', '10.1.5.5', '6.6.6.6, 198.51.100.7, 10.0.0.1', '198.51.100.7'],
        // A peer that is not a listed proxy: its X-Forwarded-For is not believed.
        ['10.0.0.1,10.1.0.0/16', '203.0.113.9', '198.51.100.7', '203.0.113.9'],
        // `true` believes every hop, so the client's own first entry wins: spoofable.
        ['true', '10.0.0.1', '6.6.6.6, 198.51.100.7', '6.6.6.6'],
      ];
      for (const [value, peer, xff, expected] of cases) {
        const { app, clientOf } = await appTrusting(value);
        try {
          expect(await clientOf(peer, xff), `TRUST_PROXY=${value} peer ${peer} XFF ${xff}`).toBe(expected);
        } finally {
          await app.close();
        }
      }
    });

    it('limits each client behind a one-hop proxy on its own, and a forged X-Forwarded-For does not dodge it', async () => {
      const { app } = await appTrusting('1');
      try {
        const proxy = uniqueIp();
        const [attacker, user] = [uniqueIp(), await createUser(t.app)];
        const via = (email: string, password: string, xff: string) =>
          app.inject({
            method: 'POST',
            url: '/auth/loginwithpassword',
            payload: { email, password },
            remoteAddress: proxy,
            headers: { 'x-forwarded-for': xff },
          });
        for (let i = 0; i < LOGIN_PER_ADDRESS.max; i++)
          expect((await via(uniqueEmail('stuff'), 'Guess-pass-1!', attacker)).statusCode).toBe(401);
        // The attacker's own address is refused, even when it writes another one in front.
        expect((await via(uniqueEmail('stuff'), 'Guess-pass-1!', attacker)).statusCode).toBe(429);
        expect(
          (await via(uniqueEmail('stuff'), 'Guess-pass-1!', `${uniqueIp()}, ${attacker}`)).statusCode,
        ).toBe(429);
        // Another client behind the same proxy signs in for the first time.
        expect((await via(user.email, user.password, uniqueIp())).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });
  });
  describe('clean-up', () => {
    it('prunes counters no rule reads any more and keeps the live ones', async () => {
      const { db } = t.app.database;
      const now = new Date('2026-11-20T12:00:00Z');
      const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
      const tag = uniqueEmail('prune');
      const rows = [
        { key: `login:email:${tag}`, failures: 3, windowStart: hoursAgo(30), lockedUntil: null, gone: true },
        {
          key: `login:pair:${tag}|10.0.0.1`,
          failures: 5,
          windowStart: hoursAgo(30),
          lockedUntil: hoursAgo(-1),
          gone: false,
        },
        { key: `send:email:${tag}`, failures: 1, windowStart: hoursAgo(2), lockedUntil: null, gone: false },
        {
          key: `login:known:${tag}|10.0.0.2`,
          failures: 0,
          windowStart: hoursAgo(24 * 31),
          lockedUntil: null,
          gone: true,
        },
        {
          key: `login:known:${tag}|10.0.0.3`,
          failures: 0,
          windowStart: hoursAgo(24 * 29),
          lockedUntil: null,
          gone: false,
        },
      ];
      await db.insert(loginAttempts).values(rows.map(({ gone: _, ...r }) => r));
      expect(await t.app.services.auth.pruneAttempts(now)).toBeGreaterThanOrEqual(2);
      const left = await db
        .select({ key: loginAttempts.key })
        .from(loginAttempts)
        .where(
          inArray(
            loginAttempts.key,
            rows.map((r) => r.key),
          ),
        );
      expect(left.map((r) => r.key).sort()).toEqual(
        rows
          .filter((r) => !r.gone)
          .map((r) => r.key)
          .sort(),
      );
    });
  });
});
