import { parseQuestion, type TSemanticModel } from '@parley/engine';
import { type Ga4StandIn, startGa4StandIn } from '@parley/testing/standins/ga4-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectorError } from '../../src/connector';
import { Ga4Connector } from '../../src/ga4/ga4.connector';
import { compileGa4Query } from '../../src/ga4/ga4-compile';

const TODAY = '2026-11-20';
const TOKEN = 'ya29.test-access-token';
const OPTIONS = { timeoutMs: 10_000, maxRows: 1_000 };

let standIn: Ga4StandIn;
const connect = (account: string | null = '300000001', token = TOKEN) =>
  new Ga4Connector(
    { type: 'GOOGLE_ANALYTICS', access_token: token, refresh_token: 'r', expires_at: '2030-01-01T00:00:00Z' },
    {
      account,
      allowPrivateHosts: true,
      dataDir: '',
      apiUrls: { GA4_DATA_API_URL: standIn.url, GA4_ADMIN_API_URL: standIn.url },
    },
    5,
  );

beforeAll(async () => {
  standIn = await startGa4StandIn({ today: TODAY, tokens: [TOKEN] });
});
afterAll(() => standIn?.close());

/** Runs a question end to end (parse → runReport → rows) on the first property. */
async function ask(model: TSemanticModel, phrase: string) {
  const parsed = parseQuestion(phrase, { model, today: TODAY, weekStart: 'monday' });
  if (parsed.kind !== 'query') throw new Error(`${phrase}: ${parsed.text}`);
  const connector = connect();
  const compiled = connector.compileApi(parsed.query, model, { today: TODAY, weekStart: 'monday' });
  const result = await connector.execute({ kind: 'api', request: compiled.request }, OPTIONS);
  return { query: parsed.query, compiled, rows: result.rows };
}

describe('GA4 stand-in speaks the real API', () => {
  const post = (path: string, body: unknown, token = TOKEN) =>
    fetch(`${standIn.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('refuses a missing or wrong Bearer token with UNAUTHENTICATED', async () => {
    const res = await post('/v1beta/properties/300000001:runReport', {}, 'nope');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });

  it('refuses unknown fields, unknown metrics and bad dates with INVALID_ARGUMENT', async () => {
    for (const body of [
      { metrics: [{ name: 'sessions' }], dateRanges: [{ startDate: 'today', endDate: 'today' }], sql: 'x' },
      { metrics: [{ name: 'revenue' }], dateRanges: [{ startDate: 'today', endDate: 'today' }] },
      { metrics: [{ name: 'sessions' }], dateRanges: [{ startDate: 'last week', endDate: 'today' }] },
      { metrics: [{ name: 'sessions' }], dateRanges: [{ startDate: 'today', endDate: 'yesterday' }] },
      { metrics: [{ name: 'sessions' }] },
    ]) {
      const res = await post('/v1beta/properties/300000001:runReport', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    }
  });

  it('resolves yesterday, NdaysAgo and today, and names two ranges date_range_0/1', async () => {
    const res = await post('/v1beta/properties/300000001:runReport', {
      metrics: [{ name: 'sessions' }],
      dateRanges: [
        { startDate: '6daysAgo', endDate: 'today' },
        { startDate: 'yesterday', endDate: 'yesterday' },
      ],
    });
    const body = (await res.json()) as {
      dimensionHeaders: { name: string }[];
      rows: { dimensionValues: { value: string }[]; metricValues: { value: string }[] }[];
      rowCount: number;
    };
    expect(body.dimensionHeaders).toEqual([{ name: 'dateRange' }]);
    const byRange = Object.fromEntries(
      body.rows.map((r) => [r.dimensionValues[0]!.value, Number(r.metricValues[0]!.value)]),
    );
    expect(byRange).toEqual({
      date_range_0: standIn.total('sessions', '2026-11-14', TODAY),
      date_range_1: standIn.total('sessions', '2026-11-19', '2026-11-19'),
    });
    expect(body.rowCount).toBe(2);
  });

  it('leaves rows and rowCount out when nothing matches, as proto3 JSON does', async () => {
    const res = await post('/v1beta/properties/300000001:runReport', {
      dimensions: [{ name: 'country' }],
      metrics: [{ name: 'sessions' }],
      dateRanges: [{ startDate: '2010-01-01', endDate: '2010-01-02' }],
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.rows).toBeUndefined();
    expect(body.rowCount).toBeUndefined();
    expect(body.dimensionHeaders).toEqual([{ name: 'country' }]);
  });

  it('answers a property the grant cannot read with PERMISSION_DENIED', async () => {
    const res = await fetch(`${standIn.url}/v1beta/properties/999/metadata`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
  });
});

describe('Ga4Connector', () => {
  it('tests the grant and lists every property across pages of accountSummaries', async () => {
    const connector = connect(null);
    await expect(connector.test()).resolves.toBeUndefined();
    const accounts = await connector.listAccounts();
    expect(accounts).toEqual([
      { id: '300000001', name: 'Parley Shop (Parley Demo Co)' },
      { id: '300000002', name: 'Parley Blog (Parley Demo Co)' },
      { id: '300000003', name: 'Landing Pages (Second Account)' },
      { id: '300000004', name: 'Docs Site (Third Account)' },
    ]);
    const pages = standIn.requests.filter((r) => r.path.startsWith('/v1beta/accountSummaries?pageSize=200'));
    expect(pages.some((r) => r.path.includes('pageToken='))).toBe(true);
  });

  it('a refused token is a revoked grant (no refresher here)', async () => {
    await expect(connect(null, 'stale').test()).rejects.toMatchObject({ code: 'revoked' });
  });

  it('builds the model from getMetadata: uiNames, formats and dimension values', async () => {
    const model = await connect().semanticModel('Parley Shop');
    const measure = (name: string) => model.measures.find((m) => m.name === name);
    expect(measure('Sessions')).toMatchObject({ format: 'number', agg: 'sum' });
    expect(measure('Purchase revenue')).toMatchObject({ format: 'currency', agg: 'sum' });
    expect(measure('Bounce rate')).toMatchObject({ format: 'percent', agg: 'avg' });
    expect(measure('Average session duration')).toMatchObject({ format: 'number', agg: 'avg' });
    const country = model.dimensions.find((d) => d.name === 'Country');
    expect([...(country?.values ?? [])].sort()).toEqual([
      'France',
      'Germany',
      'Turkey',
      'United Kingdom',
      'United States',
    ]);
    // Time buckets are grains, not dimensions.
    expect(model.dimensions.map((d) => d.name)).not.toContain('Month');
    expect(model.timeDimensions.map((t) => t.name)).toEqual(['Date']);
  });

  it('compiles dimensions, metrics, both date ranges, filters, order and limit into one runReport', async () => {
    const model = await connect().semanticModel('Parley Shop');
    const compiled = compileGa4Query(
      {
        measures: ['Sessions'],
        dimensions: ['Country'],
        timeDimension: { field: 'Date', range: { kind: 'last', unit: 'month', n: 1 } },
        compare: 'previous_period',
        filters: [
          { field: 'Device category', op: 'not_in', values: ['tablet'] },
          { field: 'Sessions', op: 'gt', values: [10] },
        ],
        order: { field: 'Sessions', dir: 'desc' },
        limit: 3,
      },
      model,
      { today: TODAY, weekStart: 'monday', property: '300000001' },
    );
    const plan = JSON.parse(compiled.request) as { body: Record<string, unknown> };
    expect(plan.body).toEqual({
      dimensions: [{ name: 'country' }],
      metrics: [{ name: 'sessions' }],
      dateRanges: [
        { startDate: '2026-10-01', endDate: '2026-10-31' },
        { startDate: '2026-09-01', endDate: '2026-09-30' },
      ],
      dimensionFilter: {
        notExpression: {
          filter: { fieldName: 'deviceCategory', inListFilter: { values: ['tablet'], caseSensitive: false } },
        },
      },
      metricFilter: {
        filter: {
          fieldName: 'sessions',
          numericFilter: { operation: 'GREATER_THAN', value: { doubleValue: 10 } },
        },
      },
    });
    expect(compiled.columns.map((c) => c.key)).toEqual(['Country', 'Sessions', 'Previous_Sessions']);
  });

  it('answers a comparison from one call: rows merged per country, previous period beside', async () => {
    const model = await connect().semanticModel('Parley Shop');
    const before = standIn.requests.length;
    const { rows } = await ask(model, 'sessions by country last month vs previous period');
    expect(standIn.requests.length - before).toBe(1);
    const germany = rows.find((r) => r.Country === 'Germany');
    expect(germany).toEqual({
      Country: 'Germany',
      Sessions: standIn.total('sessions', '2026-10-01', '2026-10-31', { country: 'Germany' }),
      Previous_Sessions: standIn.total('sessions', '2026-09-01', '2026-09-30', { country: 'Germany' }),
    });
    expect(rows).toHaveLength(5);
  });

  it('maps GA4 time buckets (yearMonth, date) to ISO dates', async () => {
    const model = await connect().semanticModel('Parley Shop');
    const { rows } = await ask(model, 'sessions by month this year');
    expect(rows[0]).toEqual({
      Month: '2026-01-01',
      Sessions: standIn.total('sessions', '2026-01-01', '2026-01-31'),
    });
    expect(rows).toHaveLength(11);
    const daily = await ask(model, 'sessions by day last week');
    expect(daily.rows.map((r) => r.Day)).toEqual([
      '2026-11-09',
      '2026-11-10',
      '2026-11-11',
      '2026-11-12',
      '2026-11-13',
      '2026-11-14',
      '2026-11-15',
    ]);
  });

  it('an incompatible metric/dimension combination is a refusal, not a crash', async () => {
    const model = await connect().semanticModel('Parley Shop');
    const connector = connect();
    const compiled = connector.compileApi(
      { measures: ['Sessions'], dimensions: ['Item name'], filters: [] },
      model,
      { today: TODAY, weekStart: 'monday' },
    );
    const attempt = connector.execute({ kind: 'api', request: compiled.request }, OPTIONS);
    await expect(attempt).rejects.toBeInstanceOf(ConnectorError);
    await expect(attempt).rejects.toMatchObject({
      code: 'refused',
      message: expect.stringMatching(/incompatible/),
    });
  });

  it('retries 429 RESOURCE_EXHAUSTED with backoff, and gives up after a few', async () => {
    const model = await connect().semanticModel('Parley Shop');
    standIn.exhaust(2);
    const { rows } = await ask(model, 'sessions yesterday');
    expect(rows).toEqual([{ Sessions: standIn.total('sessions', '2026-11-19', '2026-11-19') }]);
    standIn.exhaust(10);
    await expect(ask(model, 'sessions yesterday')).rejects.toMatchObject({ code: 'unreachable' });
    standIn.exhaust(0);
  });

  it('takes no SQL', async () => {
    await expect(connect().query()).rejects.toMatchObject({ code: 'unsupported' });
    await expect(
      connect().execute({ kind: 'sql', sql: 'SELECT 1', params: [] }, OPTIONS),
    ).rejects.toMatchObject({
      code: 'unsupported',
    });
  });
});
