import { PHOTO_MAX_BYTES } from '@parley/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, loginAttempts, memberships, sessions, users } from '../../src/db/schema';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../helpers';
import { createUser, login, passwordLogin, uniqueIp } from '../peers/factories';

const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
const JPEG_HEAD = Buffer.from('ffd8ffe000104a464946', 'hex');
const GIF_HEAD = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const sized = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length, 7)]);

const profile = {
  name: 'Margaret Hamilton',
  country: 'US',
  timezone: 'America/New_York',
  organisation: 'MIT',
  position: 'Engineer',
  language: 'en-US',
};

describe.each(TEST_DATABASES)('profile and account on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('saves the profile and answers the updated tenant', async () => {
    const user = await createUser(t.app);
    const { call } = await login(t.app, user);
    const picture = dataUrl('image/png', sized(PNG_HEAD, 2000));
    const res = await call('PUT', '/features/profile', { ...profile, picture, language: 'tr' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...profile, language: 'tr', picture, email: user.email });
    const tenant = (await call('GET', '/auth/tenant')).json();
    expect(tenant).toMatchObject({ name: profile.name, organisation: 'MIT', picture });
    const removed = await call('PUT', '/features/profile', { ...profile, picture: '' });
    expect(removed.json().picture).toBeNull();
  });

  it('accepts a JPEG up to 256 KiB and relabels it by its real type', async () => {
    const user = await createUser(t.app);
    const { call } = await login(t.app, user);
    const bytes = sized(JPEG_HEAD, PHOTO_MAX_BYTES);
    const res = await call('PUT', '/features/profile', { ...profile, picture: dataUrl('image/png', bytes) });
    expect(res.statusCode).toBe(200);
    expect(res.json().picture).toBe(dataUrl('image/jpeg', bytes));
  });

  it.each([
    ['a GIF claiming to be a PNG', dataUrl('image/png', sized(GIF_HEAD, 100)), /valid extension/],
    [
      'an HTML file claiming to be a JPEG',
      dataUrl('image/jpeg', Buffer.from('<script>alert(1)</script>')),
      /valid extension/,
    ],
    ['a photo one byte over 256 KiB', dataUrl('image/jpeg', sized(JPEG_HEAD, PHOTO_MAX_BYTES + 1)), /256KB/],
    ['a remote URL', 'https://evil.example.com/a.png', /valid extension/],
    ['broken base64', 'data:image/png;base64,@@@@', /valid extension/],
  ])('refuses %s with a clear 400', async (_name, picture, message) => {
    const user = await createUser(t.app);
    const { call } = await login(t.app, user);
    const res = await call('PUT', '/features/profile', { ...profile, picture });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/picture/);
    expect(res.json().message).toMatch(message);
  });

  it('validates name, country, timezone and language', async () => {
    const user = await createUser(t.app);
    const { call } = await login(t.app, user);
    for (const [patch, field] of [
      [{ name: ' ' }, 'name'],
      [{ country: 'ZZ' }, 'country'],
      [{ timezone: 'Nowhere/Land' }, 'timezone'],
      [{ language: 'fr' }, 'language'],
      [{ name: 42 }, 'name'],
    ] as const) {
      const res = await call('PUT', '/features/profile', { ...profile, ...patch });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });

  it('needs the SETTINGS_PROFILE feature (403 otherwise)', async () => {
    const user = await createUser(t.app, { features: ['CONVERSATIONS', 'SETTINGS_DELETE_ACCOUNT'] });
    const { call } = await login(t.app, user);
    const res = await call('PUT', '/features/profile', profile);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/feature/);
  });

  it('deletes the account for real: 401 is the success answer, sessions and data are gone', async () => {
    const user = await createUser(t.app);
    const a = await login(t.app, user);
    const b = await login(t.app, user);
    // An open link token of the user, to prove rows keyed by e-mail go too.
    await t.app.inject({
      method: 'POST',
      url: '/auth/forgotpassword',
      payload: { email: user.email },
      remoteAddress: uniqueIp(),
    });
    await t.app.services.mail.flush();
    // Sign-in counters keyed by the e-mail, its (e-mail, address) pairs and its known addresses.
    await passwordLogin(t.app, user.email, 'Wrong-pass-1!', { ip: uniqueIp() });
    const attemptsOf = () =>
      t.app.database.db
        .select()
        .from(loginAttempts)
        .where(sql`strpos(${loginAttempts.key}, ${user.email}) > 0`);
    expect((await attemptsOf()).length).toBeGreaterThan(1);
    const noXsrf = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/account',
      headers: { cookie: a.cookie },
    });
    expect(noXsrf.statusCode).toBe(403);

    const res = await a.call('DELETE', '/api/v1/auth/account');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Your account has been deleted.' });
    expect(res.headers['x-current-user']).toBeUndefined();
    expect(await attemptsOf()).toEqual([]);
    expect((await b.call('GET', '/auth/tenant')).statusCode).toBe(401);
    expect((await passwordLogin(t.app, user.email, user.password, { ip: uniqueIp() })).statusCode).toBe(401);
    const { db } = t.app.database;
    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(memberships).where(eq(memberships.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(authTokens).where(eq(authTokens.email, user.email))).toHaveLength(0);
  });

  it('needs SETTINGS_DELETE_ACCOUNT to delete (403, account kept)', async () => {
    const user = await createUser(t.app, { features: ['SETTINGS_PROFILE'] });
    const { call } = await login(t.app, user);
    const res = await call('DELETE', '/api/v1/auth/account');
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/auth/tenant')).statusCode).toBe(200);
  });
});
