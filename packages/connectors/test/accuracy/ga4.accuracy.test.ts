/**
 * GA4 accuracy mini-set: questions through the engine's parser, compiled to runReport, answered
 * by the stand-in, built into cards; every number checked against the stand-in's own fixture.
 * today = 2026-11-20 (a Friday), weeks start Monday.
 */
import { buildCard, parseQuestion, type TSemanticModel } from '@parley/engine';
import type { Ga4StandIn } from '@parley/testing/standins/ga4-standin';
import { startGa4StandIn } from '@parley/testing/standins/ga4-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardCompiled } from '../../src/connector';
import { Ga4Connector } from '../../src/ga4/ga4.connector';

const TODAY = '2026-11-20';
const LAST_MONTH = ['2026-10-01', '2026-10-31'] as const;
const PREVIOUS_MONTH = ['2026-09-01', '2026-09-30'] as const;
const LAST_WEEK = ['2026-11-09', '2026-11-15'] as const;
const COUNTRIES = ['France', 'Germany', 'Turkey', 'United Kingdom', 'United States'];
const CHANNELS = ['Direct', 'Email', 'Organic Search', 'Paid Search', 'Referral'];

type Row = Record<string, string | number | null>;
interface Case {
  phrase: string;
  /** The card table's rows the stand-in's data says are right (column subset, any order unless ordered). */
  expected: (s: Ga4StandIn) => Row[];
  ordered?: boolean;
}

const close = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number'
    ? Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b))
    : a === b;

const CASES: Case[] = [
  { phrase: 'sessions last month', expected: (s) => [{ Sessions: s.total('sessions', ...LAST_MONTH) }] },
  {
    phrase: 'total users yesterday',
    expected: (s) => [{ 'Total users': s.total('totalUsers', '2026-11-19', '2026-11-19') }],
  },
  {
    phrase: 'views in the last 7 days',
    expected: (s) => [{ Views: s.total('screenPageViews', '2026-11-13', '2026-11-19') }],
  },
  {
    phrase: 'purchase revenue this year',
    expected: (s) => [{ 'Purchase revenue': s.total('purchaseRevenue', '2026-01-01', TODAY) }],
  },
  {
    phrase: 'sessions by country last month',
    expected: (s) =>
      COUNTRIES.map((c) => ({ Country: c, Sessions: s.total('sessions', ...LAST_MONTH, { country: c }) })),
  },
  {
    phrase: 'sessions in Germany last month',
    expected: (s) => [{ Sessions: s.total('sessions', ...LAST_MONTH, { country: 'Germany' }) }],
  },
  {
    phrase: 'sessions on mobile last week',
    expected: (s) => [{ Sessions: s.total('sessions', ...LAST_WEEK, { deviceCategory: 'mobile' }) }],
  },
  {
    phrase: 'bounce rate last month',
    expected: (s) => [{ 'Bounce rate': s.total('bounceRate', ...LAST_MONTH) }],
  },
  {
    phrase: 'key events by channel last month',
    expected: (s) =>
      CHANNELS.map((c) => ({
        'Session default channel group': c,
        'Key events': s.total('keyEvents', ...LAST_MONTH, { sessionDefaultChannelGroup: c }),
      })),
  },
  {
    phrase: 'sessions last month vs previous period',
    expected: (s) => [
      {
        Sessions: s.total('sessions', ...LAST_MONTH),
        Previous_Sessions: s.total('sessions', ...PREVIOUS_MONTH),
      },
    ],
  },
  {
    phrase: 'top 3 countries by sessions last month',
    ordered: true,
    expected: (s) =>
      COUNTRIES.map((c) => ({ Country: c, Sessions: s.total('sessions', ...LAST_MONTH, { country: c }) }))
        .sort((a, b) => b.Sessions - a.Sessions)
        .slice(0, 3),
  },
  {
    phrase: 'engagement rate by device category last month',
    expected: (s) =>
      ['desktop', 'mobile', 'tablet'].map((d) => ({
        'Device category': d,
        'Engagement rate': s.total('engagementRate', ...LAST_MONTH, { deviceCategory: d }),
      })),
  },
  {
    phrase: 'sessions by month this year',
    ordered: true,
    expected: (s) =>
      Array.from({ length: 11 }, (_, i) => {
        const m = String(i + 1).padStart(2, '0');
        const end = new Date(Date.UTC(2026, i + 1, 0)).toISOString().slice(0, 10);
        return {
          Month: `2026-${m}-01`,
          Sessions: s.total('sessions', `2026-${m}-01`, i === 10 ? TODAY : end),
        };
      }),
  },
];

let standIn: Ga4StandIn;
let connector: Ga4Connector;
let model: TSemanticModel;

beforeAll(async () => {
  standIn = await startGa4StandIn({ today: TODAY, tokens: ['accuracy-token'] });
  connector = new Ga4Connector(
    {
      type: 'GOOGLE_ANALYTICS',
      access_token: 'accuracy-token',
      refresh_token: '',
      expires_at: '2030-01-01T00:00:00Z',
    },
    {
      account: '300000001',
      allowPrivateHosts: true,
      dataDir: '',
      apiUrls: { GA4_DATA_API_URL: standIn.url, GA4_ADMIN_API_URL: standIn.url },
    },
  );
  model = await connector.semanticModel('Parley Shop');
});
afterAll(() => standIn?.close());

describe('GA4 accuracy mini-set', () => {
  for (const c of CASES) {
    it(c.phrase, async () => {
      const parsed = parseQuestion(c.phrase, { model, today: TODAY, weekStart: 'monday' });
      if (parsed.kind !== 'query')
        throw new Error(parsed.kind === 'clarify' ? `asked back: ${parsed.text}` : 'no query');
      const compiled = connector.compileApi(parsed.query, model, { today: TODAY, weekStart: 'monday' });
      const result = await connector.execute(
        { kind: 'api', request: compiled.request },
        { timeoutMs: 10_000, maxRows: 1_000 },
      );
      const card = buildCard({
        query: parsed.query,
        model,
        compiled: cardCompiled(compiled),
        rows: result.rows,
        readAt: `${TODAY}T00:00:00Z`,
      });
      const want = c.expected(standIn);
      const keys = Object.keys(want[0] ?? {});
      const pick = (rows: Row[]) => rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k] ?? null])));
      const key = (r: Row) => JSON.stringify(keys.filter((k) => typeof r[k] === 'string').map((k) => r[k]));
      let got = pick(card.table as Row[]);
      let expected = pick(want);
      if (!c.ordered) {
        got = [...got].sort((a, b) => key(a).localeCompare(key(b)));
        expected = [...expected].sort((a, b) => key(a).localeCompare(key(b)));
      }
      expect(got.length, JSON.stringify(got)).toBe(expected.length);
      got.forEach((row, i) => {
        for (const k of keys)
          expect(close(row[k], expected[i]![k]), `${k}: ${row[k]} vs ${expected[i]![k]}`).toBe(true);
      });
    });
  }
});
