import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type FormbricksStandIn,
  response,
  startFormbricksStandIn,
} from '@parley/testing/standins/formbricks-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASOURCE_SYNC_JOB, DATASOURCE_SYNC_TICK_JOB } from '../../src/modules/datasources/source-sync';
import { buildTestApp, type Client, signIn, TEST_DATABASES, TEST_NOW, type TestApp } from '../helpers';
import { createUser } from '../peers/factories';

type TCard = { table: Record<string, unknown>[]; synced?: string };

/**
 * A Formbricks source's copy is made and refreshed by the sync job on the queue, never by a
 * question: the first question before it is told to wait, the card says how fresh its data is,
 * a re-sync adds only what is new, and deleting the source deletes the copy.
 */
describe.each(TEST_DATABASES)('Formbricks responses synced by a job on %s', (kind) => {
  let standIn: FormbricksStandIn;
  let t: TestApp;
  let alice: Client;
  let sourceId = '';
  // The app's clock: moved on by a sync slot to let the tick queue a new sync.
  let now = new Date(TEST_NOW);

  beforeAll(async () => {
    standIn = await startFormbricksStandIn();
    // No worker loop: the test runs the queue itself, so it knows when each sync ran.
    t = await buildTestApp(kind, { ALLOW_PRIVATE_HOSTS: 'true' }, () => now, { worker: false });
    const user = await createUser(t.app, { name: 'Alice' });
    alice = await signIn(t.app, user.email, user.password);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const survey = () => standIn.surveys[0].id;
  const sourceDir = () => join(t.config.DATA_DIR, 'sources', sourceId);
  const responsePages = () => standIn.requests.filter((r) => r.includes('/responses?')).length;
  const ask = (phrase: string) =>
    alice.inject({
      method: 'POST',
      url: '/features/conversations/query',
      payload: { phrase, created: Date.now(), datasource_id: sourceId },
    });
  const count = async () => {
    const res = await ask('number of responses');
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json().responses[0]?.card as TCard;
    return { n: Object.values(card.table[0]!)[0], card };
  };

  it('connecting queues the first copy; a question before it runs is told to wait, and reads nothing', async () => {
    const res = await alice.inject({
      method: 'POST',
      url: '/api/v1/datasource',
      payload: {
        type: 'FORMBRICKS',
        name: 'Feedback',
        config: { api_host: standIn.apiHost, api_key: standIn.apiKey },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    sourceId = res.json().datasource_id;
    const select = await alice.inject({
      method: 'POST',
      url: '/api/v1/datasource/account',
      payload: {
        type: 'FORMBRICKS',
        datasource_id: sourceId,
        account: { id: survey(), name: 'Product feedback' },
      },
    });
    expect(select.statusCode, select.body).toBe(200);
    // Nothing was copied in those requests.
    expect(responsePages()).toBe(0);
    const early = await ask('number of responses');
    expect(early.statusCode).toBe(503);
    expect(early.json().message).toBe(
      'The data of “Feedback” is still being copied from the source. Ask again in a minute.',
    );
    expect(responsePages()).toBe(0);
  });

  it('the job copies the responses; the card answers from the copy and says when it was synced', async () => {
    // The connect's copy (first survey) and the chosen survey's: both queued, each run once.
    expect(await t.app.services.queue.drain(DATASOURCE_SYNC_JOB)).toBe(2);
    expect(existsSync(sourceDir())).toBe(true);
    const pages = responsePages();
    const before = Date.now();
    const { n, card } = await count();
    expect(n).toBe(standIn.responses(survey()).length);
    expect(card.synced).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(Date.parse(card.synced!)).toBeLessThanOrEqual(before);
    // The question read the copy only.
    expect(responsePages()).toBe(pages);
  });

  it('the tick re-syncs incrementally: a new response is added once, never duplicated', async () => {
    standIn.addResponse(
      response('clrespsyncjob1', survey(), '2026-11-20T09:00:00.000Z', true, {
        recommend: 9,
        satisfaction: 4,
      }),
    );
    // The same slot: the sync of this source and survey is queued already, not again.
    await t.app.services.queue.enqueue(DATASOURCE_SYNC_TICK_JOB, null);
    expect(await t.app.services.queue.drain(DATASOURCE_SYNC_TICK_JOB)).toBe(1);
    expect(await t.app.services.queue.drain(DATASOURCE_SYNC_JOB)).toBe(0);
    // Ten minutes on: the tick queues it, the job reads the newest page and one of known responses.
    now = new Date(now.getTime() + 10 * 60_000);
    const pages = responsePages();
    await t.app.services.queue.enqueue(DATASOURCE_SYNC_TICK_JOB, null);
    await t.app.services.queue.drain(DATASOURCE_SYNC_TICK_JOB);
    expect(await t.app.services.queue.drain(DATASOURCE_SYNC_JOB)).toBe(1);
    expect(responsePages() - pages).toBe(2);
    const total = standIn.responses(survey()).length;
    expect((await count()).n).toBe(total);
    // Again, with nothing new: the same count, each response once.
    now = new Date(now.getTime() + 10 * 60_000);
    await t.app.services.queue.enqueue(DATASOURCE_SYNC_TICK_JOB, null);
    await t.app.services.queue.drain(DATASOURCE_SYNC_TICK_JOB);
    expect(await t.app.services.queue.drain(DATASOURCE_SYNC_JOB)).toBe(1);
    expect((await count()).n).toBe(total);
  });

  it('deleting the source deletes its local copy', async () => {
    const files = readdirSync(sourceDir());
    expect(files.some((f) => f.endsWith('.duckdb'))).toBe(true);
    const res = await alice.inject({ method: 'DELETE', url: `/api/v1/datasource?id=${sourceId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(existsSync(sourceDir())).toBe(false);
    // A sync queued before the delete finds no source and writes nothing.
    now = new Date(now.getTime() + 10 * 60_000);
    await t.app.services.queue.enqueue(DATASOURCE_SYNC_JOB, { datasource_id: sourceId });
    await t.app.services.queue.drain(DATASOURCE_SYNC_JOB);
    expect(existsSync(sourceDir())).toBe(false);
  });
});
