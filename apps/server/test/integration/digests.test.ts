import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TCollection, TCollectionQueryResponse } from '@parley/contract';
import { cardTable, csvRows, toCsv } from '@parley/presenter';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/client';
import { digestSchedules, digestSends } from '../../src/db/schema';
import { PgBossQueue } from '../../src/jobs/pg-boss.queue';
import { DigestRepository } from '../../src/modules/digests/digest.repository';
import { DIGEST_JOB } from '../../src/modules/digests/digest.service';
import { buildServices, type Services } from '../../src/services';
import {
  buildTestApp,
  type Client,
  createPostgresDatabase,
  type DbKind,
  DEMO,
  signIn,
  TEST_DATABASES,
  TEST_DEMO_DATASET,
  TEST_NOW,
  type TestApp,
} from '../helpers';
import { linkIn, recipients, type SmtpPeer, startSmtpPeer } from '../peers/smtp';

const PUBLIC_URL = 'http://parley.test';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const digestsOf = (smtp: SmtpPeer, name: string): ParsedMail[] =>
  smtp.messages.filter((m) => recipients(m).includes(DEMO.email) && (m.subject ?? '').endsWith(`: ${name}`));

/** Runs what the worker would: due digest jobs, then the mail they queued. */
async function work(services: Services): Promise<void> {
  await services.queue.drain(DIGEST_JOB);
  await services.mail.flush();
}

async function createCollection(client: Client, payload: Record<string, unknown>): Promise<TCollection> {
  const res = await client.inject({ method: 'POST', url: '/features/collection', payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe.each(TEST_DATABASES)('collection digests on %s', (kind) => {
  let smtp: SmtpPeer;
  let t: TestApp;
  let demo: Client;
  /** The app's clock, moved by the tests of the schedule. */
  let now = new Date(TEST_NOW);

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    // No background worker: each test runs the queue itself, so what ran and when is certain.
    t = await buildTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL, ASK_RATE_LIMIT: '0' }, () => now, {
      worker: false,
    });
    demo = await signIn(t.app, DEMO.email, DEMO.password);
    const tz = await demo.inject({
      method: 'PUT',
      url: '/auth/tenant/timezone',
      payload: { timezone: 'Europe/London' },
    });
    expect(tz.statusCode, tz.body).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails every card over SMTP: a PNG chart by cid, the table, a CSV beyond 20 rows, the right numbers', async () => {
    now = new Date(TEST_NOW);
    const collection = await createCollection(demo, {
      name: 'Sales digest',
      notification_frequency: 'weekly',
      questions: [
        { phrase: 'revenue last month' },
        { phrase: 'revenue by region last month' },
        { phrase: 'orders by day last month' },
      ],
    });
    const answered = await demo.inject({
      method: 'POST',
      url: '/features/collections/query',
      payload: { collection_id: collection.id },
    });
    const cards = (answered.json() as TCollectionQueryResponse).responses.map((r) => r.card!);
    expect(cards.map((c) => c.title)).toEqual([
      'Revenue, last month',
      'Revenue by Region, last month',
      'Orders by day, last month',
    ]);

    const sent = await demo.inject({
      method: 'POST',
      url: '/features/collection/digest',
      payload: { id: collection.id },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({});
    await work(t.app.services);

    const [mail, ...more] = digestsOf(smtp, 'Sales digest');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Parley: Weekly digest: Sales digest');
    // Every chart is a PNG attachment the HTML shows by cid: no inline SVG, no data: URL.
    const pngs = mail!.attachments.filter((a) => a.contentType === 'image/png');
    expect(pngs.length).toBe(2);
    for (const png of pngs) {
      expect(png.content.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(png.cid).toBeTruthy();
      expect(mail!.html).toContain(`src="cid:${png.cid}"`);
    }
    expect(mail!.html).not.toMatch(/<svg|data:/i);
    // The numbers are the collection's own answers, formatted in the user's locale.
    for (const card of cards) {
      const table = cardTable(card, { locale: 'en-US', maxRows: 20 });
      for (const row of table.rows) expect(mail!.text).toContain(row.join('\t'));
    }
    expect(mail!.text).toContain('Revenue\n$972,345');
    // 31 days: the first 20 in the mail, all of them in the CSV.
    const csv = mail!.attachments.find((a) => a.contentType.startsWith('text/csv'));
    // Named and dated as the card's own download: its title and period, every row's period in a column.
    expect(csv?.filename).toBe('Orders by day, last month — Oct 1 – 31, 2026.csv');
    const text = csv!.content.toString('utf8');
    expect(text).toBe(
      `\uFEFF${toCsv(csvRows(cards[2]!, { period: 'Period', comparison: 'Comparison period' }))}`,
    );
    expect(text.split('\r\n')[0]).toMatch(/,Period$/);
    expect(text.split('\r\n')[31]).toMatch(/,2026-10-01\/2026-10-31$/);
    expect(mail!.text).toContain('The first 20 of 31 rows');
    expect(mail!.text).toContain('First digest of this card');
    expect(linkIn(mail!, `/collection/${collection.id}`).origin).toBe(PUBLIC_URL);

    // A later digest says what changed since this one: a month on, "last month" is November.
    now = new Date('2026-12-10T12:00:00Z');
    await demo.inject({ method: 'POST', url: '/features/collection/digest', payload: { id: collection.id } });
    await work(t.app.services);
    const second = digestsOf(smtp, 'Sales digest')[1]!;
    expect(second.text).toMatch(/Revenue: \$[\d.]+K, [+−][\d.]+% since the last digest \(was \$972\.3K\)/);
    now = new Date(TEST_NOW);
  });

  it('sends a daily digest at 09:00 local time across the end of summer time (Europe/London)', async () => {
    // Saturday 24 October 2026, BST (UTC+1): the next digest is Sunday the 25th, GMT (UTC+0).
    now = new Date('2026-10-24T12:00:00Z');
    const collection = await createCollection(demo, {
      name: 'Autumn',
      notification_frequency: 'daily',
      questions: [{ phrase: 'revenue last month' }],
    });
    const [schedule] = await t.app.database.db
      .select()
      .from(digestSchedules)
      .where(eq(digestSchedules.collectionId, collection.id));
    expect(schedule).toMatchObject({ frequency: 'daily', timezone: 'Europe/London' });
    expect(schedule!.nextAt.toISOString()).toBe('2026-10-25T09:00:00.000Z');

    const digests = t.app.services.digests;
    // 08:00 UTC would be 09:00 had the clocks not gone back: nothing is due yet.
    expect(await digests.plan(new Date('2026-10-25T08:00:00Z'))).toBe(0);
    expect(await digests.plan(new Date('2026-10-25T08:59:59Z'))).toBe(0);
    now = new Date('2026-10-25T09:00:05Z');
    expect(await digests.plan(now)).toBe(1);
    expect(await digests.plan(now)).toBe(0);
    await work(t.app.services);
    expect(digestsOf(smtp, 'Autumn').map((m) => m.subject)).toEqual(['Parley: Daily digest: Autumn']);
    const sends = await digests.listSends(collection.id);
    expect(sends.map((s) => s.period)).toEqual(['day:2026-10-25']);
    const [next] = await t.app.database.db
      .select()
      .from(digestSchedules)
      .where(eq(digestSchedules.collectionId, collection.id));
    expect(next!.nextAt.toISOString()).toBe('2026-10-26T09:00:00.000Z');

    // A new frequency is planned again at once: weekly, on Sunday for an en-US user.
    await demo.inject({
      method: 'PUT',
      url: '/features/collection',
      payload: { ...collection, notification_frequency: 'weekly' },
    });
    const [weekly] = await t.app.database.db
      .select()
      .from(digestSchedules)
      .where(eq(digestSchedules.collectionId, collection.id));
    expect(weekly!.nextAt.toISOString()).toBe('2026-11-01T09:00:00.000Z');
    // A new time zone is planned again by the next tick: next Sunday 09:00 in New York, after its
    // own clocks went back that morning (EST, UTC−5).
    const tz = (timezone: string) =>
      demo.inject({ method: 'PUT', url: '/auth/tenant/timezone', payload: { timezone } });
    await tz('America/New_York');
    now = new Date('2026-10-26T12:00:00Z');
    expect(await digests.plan(now)).toBe(0);
    const [moved] = await t.app.database.db
      .select()
      .from(digestSchedules)
      .where(eq(digestSchedules.collectionId, collection.id));
    expect(moved).toMatchObject({ timezone: 'America/New_York', weekStart: 'sunday' });
    expect(moved!.nextAt.toISOString()).toBe('2026-11-01T14:00:00.000Z');
    await tz('Europe/London');
    // Deleted with its collection.
    await demo.inject({ method: 'DELETE', url: `/features/collection?id=${collection.id}` });
    expect(
      await t.app.database.db
        .select()
        .from(digestSchedules)
        .where(eq(digestSchedules.collectionId, collection.id)),
    ).toEqual([]);
    now = new Date(TEST_NOW);
  });

  it('two workers racing over the same due digest send one mail', async () => {
    now = new Date(TEST_NOW);
    const collection = await createCollection(demo, {
      name: 'Race',
      notification_frequency: 'daily',
      questions: [{ phrase: 'orders last month' }],
    });
    // A second server process: its own services, queue and (on PostgreSQL) connections.
    const database: Database =
      kind === 'postgres' ? await openDatabase({ url: t.config.DATABASE_URL, dir: null }) : t.app.database;
    const other = buildServices(t.config, database, t.app.log, () => now, {
      queue: new PgBossQueue(database, t.app.log),
      demoDataset: TEST_DEMO_DATASET,
    });
    try {
      const due = new Date('2026-11-21T09:00:30Z');
      const planned = await Promise.all([t.app.services.digests.plan(due), other.digests.plan(due)]);
      expect(planned[0] + planned[1]).toBe(1);
      // A stray job for the same period (a planner whose job was long archived) races too.
      const period = 'day:2026-11-21';
      await other.queue.enqueue(DIGEST_JOB, { collectionId: collection.id, period });
      await t.app.services.queue.enqueue(DIGEST_JOB, { collectionId: collection.id, period });
      await Promise.all([work(t.app.services), work(other)]);
      expect(digestsOf(smtp, 'Race')).toHaveLength(1);
      const rows = await t.app.database.db
        .select()
        .from(digestSends)
        .where(and(eq(digestSends.collectionId, collection.id), eq(digestSends.period, period)));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.sentAt).not.toBeNull();
    } finally {
      await other.queue.stop();
      other.mail.close();
      await other.sources.close();
      if (database !== t.app.database) await database.close();
    }
  });

  it('turns the digest off from the link in the mail, without a session; bad links answer 4xx', async () => {
    now = new Date(TEST_NOW);
    const collection = await createCollection(demo, {
      name: 'Leaving',
      notification_frequency: 'monthly',
      questions: [{ phrase: 'revenue last month' }],
    });
    await demo.inject({ method: 'POST', url: '/features/collection/digest', payload: { id: collection.id } });
    await work(t.app.services);
    const link = linkIn(digestsOf(smtp, 'Leaving')[0]!, '/features/collection/unsubscribe');
    expect(link.origin).toBe(PUBLIC_URL);

    const token = link.searchParams.get('token')!;
    const bad = [`${token.slice(0, -2)}xx`, `${collection.id}.`, 'not-a-token', `${token}.extra`];
    for (const wrong of bad) {
      // A browser opening the link gets the page; any other client the refusal as JSON.
      const res = await t.app.inject({
        method: 'GET',
        url: `/features/collection/unsubscribe?token=${wrong}`,
        headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      expect(res.statusCode, wrong).toBe(400);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('This unsubscribe link is not valid.');
      const api = await t.app.inject({
        method: 'GET',
        url: `/features/collection/unsubscribe?token=${wrong}`,
      });
      expect(api.statusCode, wrong).toBe(400);
      expect(api.json()).toEqual({ message: 'This unsubscribe link is not valid.' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/features/collection/unsubscribe' })).statusCode).toBe(
      400,
    );

    // No cookie, no XSRF header: the signed link is enough.
    const res = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('You will no longer receive the digest of “Leaving”.');
    const list: TCollection[] = (await demo.inject({ method: 'GET', url: '/features/collections' })).json();
    expect(list.find((c) => c.id === collection.id)).toMatchObject({
      notification_frequency: null,
      digest: false,
      schedule: null,
    });
    const schedules = await t.app.database.db
      .select()
      .from(digestSchedules)
      .where(eq(digestSchedules.collectionId, collection.id));
    expect(schedules).toHaveLength(0);
    // The link keeps working (it says the same); once the collection is gone it answers 404.
    expect((await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(
      200,
    );
    await demo.inject({ method: 'DELETE', url: `/features/collection?id=${collection.id}` });
    const gone = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(gone.statusCode).toBe(404);
  });
});

/** An app on an existing database (a restart), like the server's but without its worker. */
async function appOn(config: Config, database: Database, clock: () => Date): Promise<FastifyInstance> {
  const app = await buildApp({
    config,
    database,
    webRoot: join(config.DATA_DIR, 'no-web'),
    demoDataset: TEST_DEMO_DATASET,
    clock,
  });
  await app.ready();
  return app;
}

describe.each(TEST_DATABASES)('a restart between enqueue and send on %s', (kind: DbKind) => {
  let smtp: SmtpPeer;
  let config: Config;
  let open: () => Promise<Database>;
  let drop: () => Promise<void> = async () => {};
  let now = new Date(TEST_NOW);

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-restart-'));
    const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
    if (pg) drop = pg.drop;
    config = loadConfig({
      DATA_DIR: dataDir,
      DEMO: 'true',
      DEMO_PASSWORD: DEMO.password,
      DEMO_END_DATE: '2026-11-20',
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    });
    // PGlite in a folder (not in memory), so the data outlives the process that wrote it.
    open = () => openDatabase({ url: config.DATABASE_URL, dir: pg ? null : join(dataDir, 'app') });
  }, 60_000);
  afterAll(async () => {
    await drop();
    await smtp.close();
  });

  it('sends a queued digest and a queued mail once, also when the process died inside the job', async () => {
    // Process 1 plans the digest and queues a mail, then stops before any worker ran.
    let database = await open();
    let app = await appOn(config, database, () => now);
    await app.services.demo.ensureDemo();
    const demo = await signIn(app, DEMO.email, DEMO.password);
    await demo.inject({
      method: 'PUT',
      url: '/auth/tenant/timezone',
      payload: { timezone: 'Europe/London' },
    });
    const collection = await createCollection(demo, {
      name: 'Restarted',
      notification_frequency: 'daily',
      questions: [{ phrase: 'revenue last month' }],
    });
    now = new Date('2026-11-21T09:00:30Z');
    expect(await app.services.digests.plan(now)).toBe(1);
    await app.services.mail.enqueue({
      to: DEMO.email,
      subject: 'Queued before the restart',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
    await app.close();
    await database.close();
    expect(digestsOf(smtp, 'Restarted')).toHaveLength(0);

    // Process 2 starts on the same database: the worker finds both jobs and sends each once.
    database = await open();
    app = await appOn(config, database, () => now);
    await work(app.services);
    expect(digestsOf(smtp, 'Restarted')).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.subject === 'Queued before the restart')).toHaveLength(1);
    expect(await app.services.digests.plan(now)).toBe(0);
    await work(app.services);
    expect(digestsOf(smtp, 'Restarted')).toHaveLength(1);

    // The next day process 2 takes the digest job, claims the period and dies before sending.
    now = new Date('2026-11-22T09:00:30Z');
    expect(await app.services.digests.plan(now)).toBe(1);
    const taken = await database.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() - interval '1 hour'
          where name = ${DIGEST_JOB} and state = 'created' returning id`,
    );
    const jobId = String((taken.rows[0] as { id: string }).id);
    const claim = await new DigestRepository(database.db).claim(collection.id, 'day:2026-11-22', jobId, now);
    expect(claim.jobId).toBe(jobId);
    await app.close();
    await database.close();

    // Process 3: pg-boss's maintenance finds the job expired and retries it — the same job,
    // which owns the claim, so the digest goes out once.
    database = await open();
    app = await appOn(config, database, () => now);
    await (app.services.queue as PgBossQueue).maintain();
    await database.db.execute(
      sql`update pgboss.job set start_after = now() where name = ${DIGEST_JOB} and state = 'retry'`,
    );
    await work(app.services);
    await work(app.services);
    const sends = await app.services.digests.listSends(collection.id);
    expect(sends.map((s) => [s.period, s.sentAt !== null])).toEqual([
      ['day:2026-11-21', true],
      ['day:2026-11-22', true],
    ]);
    expect(digestsOf(smtp, 'Restarted')).toHaveLength(2);
    await app.close();
    await database.close();
  });
});
