import { CONTACT_MESSAGES_PER_HOUR } from '@parley/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/db/schema';
import { CONTACT_RATE_MESSAGE } from '../../src/modules/contact/contact.service';
import { buildTestApp, type Client, signIn, TEST_DATABASES, type TestApp } from '../helpers';
import { createUser } from '../peers/factories';
import { type SmtpPeer, startSmtpPeer } from '../peers/smtp';

const SUPPORT = 'support@parley.test';
/** The stored messages of a user. */
const storedFor = (t: TestApp, userId: string) =>
  t.app.database.db.select().from(contactMessages).where(eq(contactMessages.userId, userId));

const message = (comment = 'The export button does nothing on my phone.') => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  comment,
  consent: true,
});

describe.each(TEST_DATABASES)('the contact form on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let user: Client;
  let userId: string;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await buildTestApp(kind, { SMTP_URL: smtp.url, SUPPORT_EMAIL: SUPPORT });
    const u = await createUser(t.app);
    userId = u.id;
    user = await signIn(t.app, u.email, u.password);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const send = (client: Client, payload: unknown) =>
    client.inject({ method: 'POST', url: '/api/v1/contact', payload });

  it('stores the message and mails it (HTML and text) to the support address', async () => {
    const mailP = smtp.nextTo(SUPPORT);
    const res = await send(user, message());
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mail = await mailP;
    expect(mail.subject).toBe('Parley contact form: Ada Lovelace');
    expect(mail.text).toContain('ada@example.com');
    expect(mail.text).toContain('The export button does nothing on my phone.');
    expect(mail.html).toContain('Ada Lovelace');
    const [row] = await storedFor(t, userId);
    expect(row).toMatchObject({ id, name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(row!.mailedAt).toBeInstanceOf(Date);
  });

  it('escapes what the sender typed in the HTML part', async () => {
    const mailP = smtp.nextTo(SUPPORT);
    expect((await send(user, message('<img src=x onerror=alert(1)> hi'))).statusCode).toBe(200);
    const mail = await mailP;
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x');
  });

  it('refuses a form without consent, a bad e-mail or an empty comment, naming the field', async () => {
    const noConsent = await send(user, { ...message(), consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().message).toMatch(/consent/);
    const badEmail = await send(user, { ...message(), email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toMatch(/email/);
    const empty = await send(user, { ...message(), comment: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/comment/);
  });

  it('limits each user to a few messages an hour, counted per user', async () => {
    // Two were sent above; the limit is per user, so another user is not affected.
    for (let i = 2; i < CONTACT_MESSAGES_PER_HOUR; i++)
      expect((await send(user, message())).statusCode).toBe(200);
    const refused = await send(user, message());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: CONTACT_RATE_MESSAGE });
    const other = await createUser(t.app);
    const otherClient = await signIn(t.app, other.email, other.password);
    expect((await send(otherClient, message())).statusCode).toBe(200);
    await t.app.services.mail.flush();
  });

  it('needs a session and the XSRF header', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: message() });
    expect(anon.statusCode).toBe(401);
    const noXsrf = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: message(),
      headers: { cookie: user.cookie },
    });
    expect(noXsrf.statusCode).toBe(403);
  });
});

describe('the contact form without SUPPORT_EMAIL', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await buildTestApp('pglite', { SMTP_URL: smtp.url });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('stores the message and mails nothing', async () => {
    const u = await createUser(t.app);
    const client = await signIn(t.app, u.email, u.password);
    const res = await client.inject({ method: 'POST', url: '/api/v1/contact', payload: message() });
    expect(res.statusCode).toBe(200);
    await t.app.services.mail.flush();
    expect(smtp.messages).toHaveLength(0);
    const [row] = await storedFor(t, u.id);
    expect(row!.mailedAt).toBeNull();
  });
});
