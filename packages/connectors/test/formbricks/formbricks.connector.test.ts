import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type FormbricksStandIn,
  response,
  startFormbricksStandIn,
} from '@parley/testing/standins/formbricks-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormbricksConnector } from '../../src/formbricks/formbricks.connector';

const OPTIONS = { timeoutMs: 10_000, maxRows: 1_000 };

describe('Formbricks connector (stand-in)', () => {
  let standIn: FormbricksStandIn;
  let dir: string;
  let connector: FormbricksConnector;
  const feedback = () => standIn.surveys[0].id;
  const make = (over: { api_key?: string } = {}, account: string | null = feedback()) =>
    new FormbricksConnector(
      { api_host: standIn.apiHost, api_key: standIn.apiKey, ...over },
      { account, allowPrivateHosts: true, dataDir: dir },
    );
  beforeAll(async () => {
    standIn = await startFormbricksStandIn();
    dir = mkdtempSync(join(tmpdir(), 'parley-formbricks-'));
    connector = make();
  });
  afterAll(async () => {
    await connector?.close();
    await standIn?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('tests the key with /me and refuses a wrong one or an unknown survey without echoing the key', async () => {
    await expect(connector.test()).resolves.toBeUndefined();
    const wrong = await make({ api_key: 'fbk_wrong' })
      .test()
      .catch((e: unknown) => e as Error);
    expect(wrong).toMatchObject({
      code: 'invalid_config',
      message: expect.stringMatching(/Formbricks refused the API key or token/),
    });
    const unknown = await make({}, 'clnosuchsurvey')
      .test()
      .catch((e: unknown) => e as Error);
    expect(unknown).toMatchObject({
      code: 'invalid_config',
      message: expect.stringMatching(/survey was not found/),
    });
    expect(`${wrong?.message} ${unknown?.message}`).not.toContain(standIn.apiKey);
  });

  it('lists surveys as accounts', async () => {
    expect(await connector.listAccounts()).toEqual([
      { id: 'clsurveyfeedback00000001', name: 'Product feedback' },
      { id: 'clsurveyonboarding000002', name: 'Onboarding poll' },
    ]);
  });

  it('reads only the copy: before the first sync a question is told the copy is pending', async () => {
    const before = standIn.requests.length;
    await expect(connector.query('SELECT 1', [], OPTIONS)).rejects.toMatchObject({ code: 'pending' });
    await expect(connector.semanticModel('Feedback')).rejects.toMatchObject({ code: 'pending' });
    // The survey is selected: nothing was asked of Formbricks.
    expect(standIn.requests.length).toBe(before);
  });

  it('copies every response in pages of 100 and models the questions', async () => {
    await connector.sync();
    const model = await connector.semanticModel('Feedback');
    const pages = standIn.requests.filter((r) => r.includes('/responses?'));
    expect(pages).toEqual(
      [0, 100, 200, 300].map(
        (skip) => `GET /api/v1/management/responses?surveyId=${feedback()}&limit=100&skip=${skip}`,
      ),
    );
    const { rows } = await connector.query('SELECT COUNT(*) AS n FROM responses', [], OPTIONS);
    expect(rows[0].n).toBe(standIn.responses(feedback()).length);
    expect(model.measures.map((m) => m.label)).toEqual(
      expect.arrayContaining(['Responses', 'NPS', 'Average Satisfaction', 'Comments Answers']),
    );
    expect(model.dimensions.map((d) => d.label)).toEqual(
      expect.arrayContaining(['Plan', 'Features used', 'NPS Group', 'Response Status']),
    );
    expect(model.timeDimensions.map((t) => t.label)).toEqual(['Response Date', 'Purchase date']);
    // Open text is counted, never a dimension.
    expect(model.dimensions.some((d) => d.label === 'Comments')).toBe(false);
  });

  it('computes the NPS from the answers: % promoters − % detractors', async () => {
    const scores = standIn.responses(feedback()).map((r) => Number(r.data.recommend));
    const expected =
      (100 * (scores.filter((s) => s >= 9).length - scores.filter((s) => s <= 6).length)) / scores.length;
    const { rows } = await connector.query('SELECT AVG(q_recommend_nps) AS nps FROM responses', [], OPTIONS);
    expect(rows[0].nps).toBeCloseTo(expected, 9);
  });

  it('refreshes incrementally: pages are read until one holds only responses already stored', async () => {
    standIn.addResponse(
      response('clrespnewest', feedback(), '2026-11-19T12:00:00.000Z', true, {
        recommend: 10,
        satisfaction: 5,
      }),
    );
    // A second reader of the same copy (the web process while the worker syncs).
    const reader = make();
    const { rows: seen } = await reader.query('SELECT COUNT(*) AS n FROM responses', [], OPTIONS);
    const asOf = (await reader.query('SELECT 1 AS x', [], OPTIONS)).asOf;
    expect(asOf).toBe(connector.syncedAt);
    const before = standIn.requests.length;
    await connector.sync();
    const pages = standIn.requests.slice(before).filter((r) => r.includes('/responses?'));
    // The newest page (with the new response), then one page of known responses: not all four.
    expect(pages).toHaveLength(2);
    const { rows } = await connector.query(
      "SELECT COUNT(*) AS n FROM responses WHERE response_id = 'clrespnewest'",
      [],
      OPTIONS,
    );
    expect(rows[0].n).toBe(1);
    const total = await connector.query('SELECT COUNT(*) AS n FROM responses', [], OPTIONS);
    expect(total.rows[0].n).toBe(standIn.responses(feedback()).length);
    // The other reader picks up the new copy at its next question, with its newer time.
    const again = await reader.query('SELECT COUNT(*) AS n FROM responses', [], OPTIONS);
    expect(again.rows[0].n).toBe(Number(seen[0].n) + 1);
    expect(Date.parse(again.asOf!)).toBeGreaterThanOrEqual(Date.parse(asOf!));
    await reader.close();
  });

  it('a sync with nothing new keeps every response once', async () => {
    await connector.sync();
    await connector.sync();
    const { rows } = await connector.query(
      'SELECT COUNT(*) AS n, COUNT(DISTINCT response_id) AS ids FROM responses',
      [],
      OPTIONS,
    );
    expect(rows[0].n).toBe(standIn.responses(feedback()).length);
    expect(rows[0].ids).toBe(rows[0].n);
  });

  it('retries when rate limited', async () => {
    standIn.throttle(2);
    await expect(connector.listAccounts()).resolves.toHaveLength(2);
  });

  it('refuses private hosts unless they are allowed', async () => {
    const guarded = new FormbricksConnector(
      { api_host: standIn.apiHost, api_key: standIn.apiKey },
      { account: null, allowPrivateHosts: false, dataDir: dir },
    );
    await expect(guarded.test()).rejects.toMatchObject({ code: 'forbidden_host' });
  });
});
