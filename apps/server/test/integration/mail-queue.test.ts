import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_JOB } from '../../src/mail/mail-message';
import { buildTestApp, type Client, DEMO, signIn, TEST_DATABASES, type TestApp } from '../helpers';
import { type SmtpPeer, startSmtpPeer } from '../peers/smtp';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Mail goes through the job queue (DESIGN §7): the caller waits for the queue, the worker delivers. */
describe.each(TEST_DATABASES)('mail through the queue on %s', (kind) => {
  let smtp: SmtpPeer;
  let t: TestApp;
  let demo: Client;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    // The app runs its worker, as the server does.
    t = await buildTestApp(kind, { SMTP_URL: smtp.url, ASK_RATE_LIMIT: '0' });
    demo = await signIn(t.app, DEMO.email, DEMO.password);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('queues an e-mailed card, which the worker delivers with its chart by cid', async () => {
    const asked = await demo.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase: 'revenue by region last month', created: 1 },
    });
    const questionId = asked.json().responses[0].question_id as string;
    const arrived = smtp.nextTo(DEMO.email);
    const res = await demo.inject({
      method: 'POST',
      url: '/api/v1/email_card',
      payload: {
        question_id: questionId,
        selected_chart: 'bar',
        image: `data:image/png;base64,${PNG.toString('base64')}`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await arrived;
    expect(mail.subject).toBe('Parley: Revenue by Region, last month');
    expect(mail.html).toContain('cid:card-chart');
    expect(mail.attachments[0]!.content.equals(PNG)).toBe(true);
    // The time the data was read as the user reads it, not a UTC ISO string.
    expect(mail.html).toMatch(/Source: [^<]+ · Data read [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(mail.html).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });

  it('keeps a mail through an SMTP outage and delivers it once when the server is back', async () => {
    const down = await startSmtpPeer();
    const port = Number(new URL(down.url).port);
    await down.close();
    const app = await buildTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${port}` }, undefined, {
      worker: false,
    });
    try {
      await app.app.services.mail.enqueue({
        to: 'reader@example.com',
        subject: 'Patience',
        html: '<p>Hi</p>',
        text: 'Hi',
      });
      // The delivery fails: the job waits for its retry instead of being lost.
      await app.app.services.mail.flush();
      const retry = await app.app.database.db.execute(
        sql`select state, retry_count from pgboss.job where name = ${MAIL_JOB}`,
      );
      expect(retry.rows).toEqual([{ state: 'retry', retry_count: 0 }]);

      const back = await startSmtpPeer(port);
      try {
        await app.app.database.db.execute(
          sql`update pgboss.job set start_after = now() where name = ${MAIL_JOB}`,
        );
        await app.app.services.mail.flush();
        await app.app.services.mail.flush();
        expect(back.messages.map((m) => m.subject)).toEqual(['Patience']);
      } finally {
        await back.close();
      }
    } finally {
      await app.close();
    }
  });
});
