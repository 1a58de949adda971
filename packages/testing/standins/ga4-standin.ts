/**
 * A local stand-in for the Google Analytics Admin API (v1beta `accountSummaries`) and Data API
 * (v1beta `properties/{id}:runReport`, `properties/{id}/metadata`), as strict as the real ones,
 * over a deterministic fixture. Written from Google's reference pages:
 *
 * - runReport request/response: https://cloud.google.com/php/docs/reference/analytics-data/0.18.0/V1beta.RunReportRequest
 *   (property in the path, dimensions/metrics/dateRanges/dimensionFilter/metricFilter/offset/limit/orderBys;
 *   "If multiple date ranges are requested, each response row will contain a zero based date range index";
 *   overlapping ranges count their days in both) and the run_report field list at
 *   https://docs.rs/google-analytics-api-ga4/latest/x86_64-apple-darwin/src/google_analytics_api_ga4/run_report.rs.html
 * - dates "YYYY-MM-DD", "today", "yesterday", "NdaysAgo", inclusive, in the property's time zone:
 *   https://developers.google.com/analytics/devguides/reporting/core/v4/basics (default range) and
 *   https://glama.ai/mcp/servers/Walma-Labs/ga4-mcp/tools/run_report (several ranges add a dateRange column)
 * - getMetadata (`GET .../properties/{id}/metadata`, DimensionMetadata/MetricMetadata with apiName, uiName,
 *   description, type): https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1alpha/properties/getMetadata?hl=zh-cn
 * - accountSummaries (pageSize default 50, max 200, "may return fewer", pageToken, nextPageToken omitted on the
 *   last page): https://googleapis.github.io/google-api-python-client/docs/dyn/analyticsadmin_v1beta.accountSummaries.html
 *   and https://cloud.google.com/php/docs/reference/analytics-admin/0.22.4/V1beta.ListAccountSummariesResponse
 * - OAuth 2.0 for web servers (Bearer access tokens, refresh with grant_type=refresh_token, invalid_grant when the
 *   grant is revoked or expired): https://developers.google.com/identity/protocols/OAuth2WebServer and
 *   https://hackmd.io/@pclin/BJlq95xgF — the token endpoint itself is the OIDC test peer's, not this file's.
 *
 * Errors use Google's envelope `{ error: { code, message, status } }` (401 UNAUTHENTICATED, 403
 * PERMISSION_DENIED, 400 INVALID_ARGUMENT, 429 RESOURCE_EXHAUSTED). proto3 JSON leaves out empty
 * repeated fields and zero numbers: no `rows` and no `rowCount` when nothing matched.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Ga4Property {
  id: string;
  name: string;
}

export interface Ga4Account {
  id: string;
  name: string;
  properties: Ga4Property[];
}

/** One fixture row: a day, its dimension values and its raw counters. */
export interface Ga4FixtureRow {
  date: string;
  country: string;
  deviceCategory: string;
  sessionDefaultChannelGroup: string;
  sessions: number;
  engagedSessions: number;
  totalUsers: number;
  screenPageViews: number;
  keyEvents: number;
  purchaseRevenue: number;
  userEngagementDuration: number;
}

export interface Ga4ItemRow {
  date: string;
  itemName: string;
  itemsPurchased: number;
  itemRevenue: number;
}

export interface Ga4StandInOptions {
  /** The property's "today" (YYYY-MM-DD): relative dates resolve against it. */
  today: string;
  /** Whether a Bearer token is valid (the OIDC peer's access tokens); default: `tokens`. */
  verifyToken?: (token: string) => boolean | Promise<boolean>;
  /** Accepted tokens when `verifyToken` is not given. */
  tokens?: string[];
}

export interface Ga4StandIn {
  /** Base URL for both GA4_DATA_API_URL and GA4_ADMIN_API_URL (paths start with /v1beta). */
  url: string;
  accounts: Ga4Account[];
  rows: Ga4FixtureRow[];
  items: Ga4ItemRow[];
  /** Every request: method, path and the Authorization header's token. */
  requests: { method: string; path: string; token: string | null; body: unknown }[];
  /** The next `n` Data API calls answer 429 RESOURCE_EXHAUSTED. */
  exhaust(n: number): void;
  /** The property's metric value over a date span, filtered by dimension values (numbers check answers). */
  total(
    metric: string,
    from: string,
    to: string,
    where?: Partial<Record<'country' | 'deviceCategory' | 'sessionDefaultChannelGroup', string>>,
  ): number;
  close(): Promise<void>;
}

export const GA4_ACCOUNTS: Ga4Account[] = [
  {
    id: '100001',
    name: 'Parley Demo Co',
    properties: [
      { id: '300000001', name: 'Parley Shop' },
      { id: '300000002', name: 'Parley Blog' },
    ],
  },
  { id: '100002', name: 'Second Account', properties: [{ id: '300000003', name: 'Landing Pages' }] },
  { id: '100003', name: 'Third Account', properties: [{ id: '300000004', name: 'Docs Site' }] },
];

const COUNTRIES = ['United States', 'Germany', 'Turkey', 'United Kingdom', 'France'];
const DEVICES = ['desktop', 'mobile', 'tablet'];
const CHANNELS = ['Organic Search', 'Direct', 'Paid Search', 'Email', 'Referral'];
const ITEMS = ['Blue Mug', 'Red Shirt', 'Green Hat', 'Notebook'];

type TMetricType = 'TYPE_INTEGER' | 'TYPE_FLOAT' | 'TYPE_CURRENCY' | 'TYPE_SECONDS';

interface MetricDef {
  apiName: string;
  uiName: string;
  description: string;
  type: TMetricType;
  category: string;
  /** Item-scoped metrics read the items table; event/session-scoped ones the traffic table. */
  scope: 'traffic' | 'item';
  value(sum: (k: string) => number): number;
}

interface DimensionDef {
  apiName: string;
  uiName: string;
  description: string;
  category: string;
  scope: 'time' | 'traffic' | 'item' | 'range';
}

const METRICS: MetricDef[] = [
  {
    apiName: 'sessions',
    uiName: 'Sessions',
    description: 'The number of sessions that began on your site or app.',
    type: 'TYPE_INTEGER',
    category: 'Session',
    scope: 'traffic',
    value: (s) => s('sessions'),
  },
  {
    apiName: 'totalUsers',
    uiName: 'Total users',
    description: 'The number of distinct users who have logged at least one event.',
    type: 'TYPE_INTEGER',
    category: 'User',
    scope: 'traffic',
    value: (s) => s('totalUsers'),
  },
  {
    apiName: 'screenPageViews',
    uiName: 'Views',
    description: 'The number of app screens or web pages your users viewed.',
    type: 'TYPE_INTEGER',
    category: 'Page / screen',
    scope: 'traffic',
    value: (s) => s('screenPageViews'),
  },
  {
    apiName: 'keyEvents',
    uiName: 'Key events',
    description: 'The count of key events.',
    type: 'TYPE_FLOAT',
    category: 'Event',
    scope: 'traffic',
    value: (s) => s('keyEvents'),
  },
  {
    apiName: 'engagedSessions',
    uiName: 'Engaged sessions',
    description:
      'The number of sessions that lasted longer than 10 seconds, or had a key event, or had 2 or more screen views.',
    type: 'TYPE_INTEGER',
    category: 'Session',
    scope: 'traffic',
    value: (s) => s('engagedSessions'),
  },
  {
    apiName: 'bounceRate',
    uiName: 'Bounce rate',
    description: 'The percentage of sessions that were not engaged.',
    type: 'TYPE_FLOAT',
    category: 'Session',
    scope: 'traffic',
    value: (s) => (s('sessions') === 0 ? 0 : 1 - s('engagedSessions') / s('sessions')),
  },
  {
    apiName: 'engagementRate',
    uiName: 'Engagement rate',
    description: 'The percentage of engaged sessions.',
    type: 'TYPE_FLOAT',
    category: 'Session',
    scope: 'traffic',
    value: (s) => (s('sessions') === 0 ? 0 : s('engagedSessions') / s('sessions')),
  },
  {
    apiName: 'averageSessionDuration',
    uiName: 'Average session duration',
    description: "The average duration (in seconds) of users' sessions.",
    type: 'TYPE_SECONDS',
    category: 'Session',
    scope: 'traffic',
    value: (s) => (s('sessions') === 0 ? 0 : s('userEngagementDuration') / s('sessions')),
  },
  {
    apiName: 'purchaseRevenue',
    uiName: 'Purchase revenue',
    description: 'The sum of revenue from purchases minus refunded transaction revenue.',
    type: 'TYPE_CURRENCY',
    category: 'Revenue',
    scope: 'traffic',
    value: (s) => s('purchaseRevenue'),
  },
  {
    apiName: 'itemsPurchased',
    uiName: 'Items purchased',
    description: 'The number of units for a single item included in purchase events.',
    type: 'TYPE_INTEGER',
    category: 'E-commerce',
    scope: 'item',
    value: (s) => s('itemsPurchased'),
  },
  {
    apiName: 'itemRevenue',
    uiName: 'Item revenue',
    description: 'The total revenue from purchases minus refunded transaction revenue from items only.',
    type: 'TYPE_CURRENCY',
    category: 'E-commerce',
    scope: 'item',
    value: (s) => s('itemRevenue'),
  },
];

const DIMENSIONS: DimensionDef[] = [
  {
    apiName: 'date',
    uiName: 'Date',
    description: 'The date of the event, formatted as YYYYMMDD.',
    category: 'Time',
    scope: 'time',
  },
  {
    apiName: 'yearMonth',
    uiName: 'Month',
    description: 'The combined values of year and month (YYYYMM).',
    category: 'Time',
    scope: 'time',
  },
  {
    apiName: 'year',
    uiName: 'Year',
    description: 'The four-digit year of the event.',
    category: 'Time',
    scope: 'time',
  },
  {
    apiName: 'isoYearIsoWeek',
    uiName: 'ISO week of ISO year',
    description: 'The combined values of isoWeek and isoYear (YYYYWW).',
    category: 'Time',
    scope: 'time',
  },
  {
    apiName: 'country',
    uiName: 'Country',
    description: 'The country from which the user activity originated.',
    category: 'Geography',
    scope: 'traffic',
  },
  {
    apiName: 'deviceCategory',
    uiName: 'Device category',
    description: 'The type of device: Desktop, Tablet, or Mobile.',
    category: 'Platform / device',
    scope: 'traffic',
  },
  {
    apiName: 'sessionDefaultChannelGroup',
    uiName: 'Session default channel group',
    description: "The session's default channel group.",
    category: 'Traffic source',
    scope: 'traffic',
  },
  {
    apiName: 'itemName',
    uiName: 'Item name',
    description: 'The name of the item.',
    category: 'E-commerce',
    scope: 'item',
  },
];

/** Deterministic generator (mulberry32): the same fixture on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const addDays = (iso: string, n: number): string => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The fixture: every day of the 400 days up to `today` for each country × device × channel. */
export function buildGa4Fixture(today: string): { rows: Ga4FixtureRow[]; items: Ga4ItemRow[] } {
  const random = prng(20261123);
  const rows: Ga4FixtureRow[] = [];
  const items: Ga4ItemRow[] = [];
  for (let i = 400; i >= 0; i--) {
    const date = addDays(today, -i);
    const season = 1 + 0.2 * Math.sin((i / 365) * 2 * Math.PI);
    COUNTRIES.forEach((country, ci) => {
      DEVICES.forEach((deviceCategory, di) => {
        CHANNELS.forEach((channel, hi) => {
          const base = Math.round(
            ((40 - ci * 6) * (3 - di) * (1 + hi * 0.3) * season * (0.6 + random() * 0.8)) / 4,
          );
          const sessions = Math.max(0, base);
          const engagedSessions = Math.round(sessions * (0.45 + random() * 0.3));
          rows.push({
            date,
            country,
            deviceCategory,
            sessionDefaultChannelGroup: channel,
            sessions,
            engagedSessions,
            totalUsers: Math.round(sessions * (0.7 + random() * 0.2)),
            screenPageViews: Math.round(sessions * (1.5 + random() * 2)),
            keyEvents: Math.round(engagedSessions * random() * 0.2),
            purchaseRevenue: Math.round(sessions * random() * 300) / 100,
            userEngagementDuration: Math.round(sessions * (30 + random() * 120)),
          });
        });
      });
    });
    ITEMS.forEach((itemName, ii) => {
      const units = Math.round((ii + 1) * 3 * random());
      items.push({
        date,
        itemName,
        itemsPurchased: units,
        itemRevenue: Math.round(units * (5 + ii * 7.5) * 100) / 100,
      });
    });
  }
  return { rows, items };
}

class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new ApiError(400, 'INVALID_ARGUMENT', message);

/** Resolves a Data API date string against the property's today; INVALID_ARGUMENT otherwise. */
export function resolveGa4Date(value: unknown, today: string): string {
  if (typeof value !== 'string') throw invalid('Field dateRanges: startDate and endDate must be set.');
  if (value === 'today') return today;
  if (value === 'yesterday') return addDays(today, -1);
  const ago = /^(\d+)daysAgo$/.exec(value);
  if (ago) return addDays(today, -Number(ago[1]));
  if (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return value;
  throw invalid(`Invalid date: ${value}. Dates must be YYYY-MM-DD, NdaysAgo, yesterday, or today.`);
}

const RUN_REPORT_FIELDS = new Set([
  'property',
  'dimensions',
  'metrics',
  'dateRanges',
  'dimensionFilter',
  'metricFilter',
  'offset',
  'limit',
  'metricAggregations',
  'orderBys',
  'currencyCode',
  'cohortSpec',
  'keepEmptyRows',
  'returnPropertyQuota',
  'comparisons',
]);

function checkFields(object: Record<string, unknown>, allowed: string[], where: string): void {
  for (const key of Object.keys(object))
    if (!allowed.includes(key))
      throw invalid(`Invalid JSON payload received. Unknown name "${key}" at '${where}': Cannot find field.`);
}

function int64(value: unknown, field: string): number {
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n))
    throw invalid(`Invalid value at '${field}' (TYPE_INT64), ${JSON.stringify(value)}`);
  return n;
}

type TRecord = Record<string, string | number>;
type TFilterExpr = Record<string, unknown>;

function matchesFilter(
  expr: TFilterExpr,
  get: (field: string) => string | number,
  metrics: boolean,
): boolean {
  const keys = Object.keys(expr);
  if (keys.length !== 1)
    throw invalid('A FilterExpression must set exactly one of andGroup, orGroup, notExpression, filter.');
  if (expr.andGroup) return groupOf(expr.andGroup).every((e) => matchesFilter(e, get, metrics));
  if (expr.orGroup) return groupOf(expr.orGroup).some((e) => matchesFilter(e, get, metrics));
  if (expr.notExpression) return !matchesFilter(expr.notExpression as TFilterExpr, get, metrics);
  const filter = expr.filter as Record<string, unknown> | undefined;
  if (!filter) throw invalid(`Invalid JSON payload received. Unknown name "${keys[0]}": Cannot find field.`);
  checkFields(
    filter,
    ['fieldName', 'stringFilter', 'inListFilter', 'numericFilter', 'betweenFilter', 'emptyFilter'],
    'filter',
  );
  const field = String(filter.fieldName ?? '');
  const isMetric = METRICS.some((m) => m.apiName === field);
  if (metrics !== isMetric)
    throw invalid(
      metrics
        ? `Field ${field} is not a metric: a metricFilter can only filter on metrics.`
        : `Field ${field} is not a dimension: a dimensionFilter can only filter on dimensions.`,
    );
  const value = get(field);
  if (filter.inListFilter) {
    const f = filter.inListFilter as { values?: string[]; caseSensitive?: boolean };
    const values = f.values ?? [];
    return f.caseSensitive
      ? values.includes(String(value))
      : values.some((v) => v.toLowerCase() === String(value).toLowerCase());
  }
  if (filter.stringFilter) {
    const f = filter.stringFilter as { matchType?: string; value?: string; caseSensitive?: boolean };
    const a = f.caseSensitive ? String(value) : String(value).toLowerCase();
    const b = f.caseSensitive ? String(f.value ?? '') : String(f.value ?? '').toLowerCase();
    switch (f.matchType ?? 'EXACT') {
      case 'EXACT':
        return a === b;
      case 'BEGINS_WITH':
        return a.startsWith(b);
      case 'ENDS_WITH':
        return a.endsWith(b);
      case 'CONTAINS':
        return a.includes(b);
      default:
        throw invalid(`Invalid value at 'stringFilter.match_type', "${f.matchType}"`);
    }
  }
  const num = (v: unknown): number => {
    const o = (v ?? {}) as { int64Value?: string; doubleValue?: number };
    if (o.int64Value !== undefined) return int64(o.int64Value, 'int64Value');
    if (typeof o.doubleValue === 'number') return o.doubleValue;
    throw invalid('A NumericValue must set int64Value or doubleValue.');
  };
  if (filter.numericFilter) {
    const f = filter.numericFilter as { operation?: string; value?: unknown };
    const x = Number(value);
    const y = num(f.value);
    switch (f.operation) {
      case 'EQUAL':
        return x === y;
      case 'LESS_THAN':
        return x < y;
      case 'LESS_THAN_OR_EQUAL':
        return x <= y;
      case 'GREATER_THAN':
        return x > y;
      case 'GREATER_THAN_OR_EQUAL':
        return x >= y;
      default:
        throw invalid(`Invalid value at 'numericFilter.operation', "${f.operation}"`);
    }
  }
  if (filter.betweenFilter) {
    const f = filter.betweenFilter as { fromValue?: unknown; toValue?: unknown };
    const x = Number(value);
    return x >= num(f.fromValue) && x <= num(f.toValue);
  }
  if (filter.emptyFilter) return value === '' || value === '(not set)';
  throw invalid(
    'A Filter must set one of stringFilter, inListFilter, numericFilter, betweenFilter, emptyFilter.',
  );
}

function groupOf(group: unknown): TFilterExpr[] {
  const expressions = (group as { expressions?: TFilterExpr[] }).expressions;
  if (!Array.isArray(expressions)) throw invalid('A FilterExpressionList needs expressions.');
  return expressions;
}

function timeValue(apiName: string, date: string): string {
  const compact = date.replaceAll('-', '');
  if (apiName === 'date') return compact;
  if (apiName === 'yearMonth') return compact.slice(0, 6);
  if (apiName === 'year') return compact.slice(0, 4);
  // ISO week: the Thursday of the date's week decides the year.
  const d = new Date(`${date}T00:00:00Z`);
  const day = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - day + 3);
  const isoYear = d.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(isoYear, 0, 4));
  const week =
    1 +
    Math.round(
      (d.getTime() - firstThursday.getTime()) / 86_400_000 / 7 -
        (((firstThursday.getUTCDay() + 6) % 7) - 3) / 7,
    );
  return `${isoYear}${String(week).padStart(2, '0')}`;
}

function formatMetric(type: TMetricType, value: number): string {
  if (type === 'TYPE_INTEGER') return String(Math.round(value));
  if (type === 'TYPE_CURRENCY') return String(Math.round(value * 100) / 100);
  return String(value);
}

/** runReport over the fixture: validation first (as strict as Google's), then the aggregation. */
function runReport(
  body: Record<string, unknown>,
  fixture: { rows: Ga4FixtureRow[]; items: Ga4ItemRow[] },
  today: string,
  propertyId: string,
): Record<string, unknown> {
  for (const key of Object.keys(body))
    if (!RUN_REPORT_FIELDS.has(key))
      throw invalid(`Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
  if (body.property !== undefined && body.property !== `properties/${propertyId}`)
    throw invalid('property in the body must match the property in the path.');
  const dims = ((body.dimensions ?? []) as Record<string, unknown>[]).map((d) => {
    checkFields(d, ['name', 'dimensionExpression'], 'dimensions');
    const def = DIMENSIONS.find((x) => x.apiName === d.name) ?? (d.name === 'dateRange' ? null : undefined);
    if (def === undefined)
      throw invalid(
        `Field ${String(d.name)} is not a valid dimension. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema `,
      );
    return { name: String(d.name), def };
  });
  const mets = ((body.metrics ?? []) as Record<string, unknown>[]).map((m) => {
    checkFields(m, ['name', 'expression', 'invisible'], 'metrics');
    const def = METRICS.find((x) => x.apiName === m.name);
    if (!def)
      throw invalid(
        `Field ${String(m.name)} is not a valid metric. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema `,
      );
    return def;
  });
  if (mets.length === 0 && dims.length === 0) throw invalid('At least one dimension or metric is required.');
  if (dims.length > 9) throw invalid('Requests are limited to 9 dimensions.');
  if (mets.length > 10) throw invalid('Requests are limited to 10 metrics.');
  const rawRanges = (body.dateRanges ?? []) as Record<string, unknown>[];
  if (rawRanges.length === 0) throw invalid('Must specify at least one date range.');
  if (rawRanges.length > 4) throw invalid('Requests are limited to 4 date ranges.');
  const ranges = rawRanges.map((r, i) => {
    checkFields(r, ['startDate', 'endDate', 'name'], 'dateRanges');
    const from = resolveGa4Date(r.startDate, today);
    const to = resolveGa4Date(r.endDate, today);
    if (from > to)
      throw invalid(
        `Invalid date range: startDate ${String(r.startDate)} is after endDate ${String(r.endDate)}.`,
      );
    const name = typeof r.name === 'string' ? r.name : `date_range_${i}`;
    if (name.startsWith('date_range_') && name !== `date_range_${i}`)
      throw invalid('Date range names must not begin with date_range_ or RESERVED_.');
    return { from, to, name };
  });
  if (ranges.length === 1 && dims.some((d) => d.name === 'dateRange'))
    throw invalid('The dateRange dimension needs more than one date range.');
  // Several ranges add the dateRange dimension when it was not asked for.
  if (ranges.length > 1 && !dims.some((d) => d.name === 'dateRange'))
    dims.push({ name: 'dateRange', def: null });

  // Item-scoped and traffic-scoped fields cannot be mixed.
  const scopes = new Set<string>();
  for (const m of mets) scopes.add(m.scope);
  for (const d of dims)
    if (d.def && (d.def.scope === 'traffic' || d.def.scope === 'item')) scopes.add(d.def.scope);
  if (scopes.size > 1) {
    const offending =
      mets.find((m) => m.scope === 'traffic')?.apiName ?? dims.find((d) => d.def?.scope === 'traffic')?.name;
    throw invalid(
      `Please remove ${offending} to make the request compatible. The request's dimensions & metrics are incompatible. To learn more, see https://ga-dev-tools.google/ga4/dimensions-metrics-explorer/`,
    );
  }
  const items = scopes.has('item');
  const source: TRecord[] = (items ? fixture.items : fixture.rows) as unknown as TRecord[];

  const dimensionFilter = body.dimensionFilter as TFilterExpr | undefined;
  const metricFilter = body.metricFilter as TFilterExpr | undefined;
  const groups = new Map<string, { keys: string[]; sums: Map<string, number> }>();
  ranges.forEach((range) => {
    for (const row of source) {
      const date = String(row.date);
      if (date < range.from || date > range.to) continue;
      const get = (field: string): string | number => {
        const def = DIMENSIONS.find((x) => x.apiName === field);
        if (def?.scope === 'time') return timeValue(field, date);
        if (field === 'dateRange') return range.name;
        if (def && def.scope !== (items ? 'item' : 'traffic'))
          throw invalid(
            `Please remove ${field} to make the request compatible. The request's dimensions & metrics are incompatible.`,
          );
        return row[field] ?? '(not set)';
      };
      if (dimensionFilter && !matchesFilter(dimensionFilter, get, false)) continue;
      const keys = dims.map((d) => String(get(d.name)));
      const id = keys.join('\u0000');
      const group = groups.get(id) ?? { keys, sums: new Map<string, number>() };
      for (const [k, v] of Object.entries(row))
        if (typeof v === 'number') group.sums.set(k, (group.sums.get(k) ?? 0) + v);
      groups.set(id, group);
    }
  });

  let out = [...groups.values()].map((g) => {
    const values = mets.map((m) => m.value((k) => g.sums.get(k) ?? 0));
    return { keys: g.keys, values };
  });
  if (metricFilter)
    out = out.filter((r) =>
      matchesFilter(metricFilter, (f) => r.values[mets.findIndex((m) => m.apiName === f)] ?? 0, true),
    );

  const orderBys = (body.orderBys ?? []) as Record<string, unknown>[];
  out.sort((a, b) => {
    for (const o of orderBys) {
      checkFields(o, ['metric', 'dimension', 'pivot', 'desc'], 'orderBys');
      let cmp = 0;
      if (o.metric) {
        const i = mets.findIndex((m) => m.apiName === (o.metric as { metricName?: string }).metricName);
        if (i < 0)
          throw invalid(
            `orderBys: metric ${(o.metric as { metricName?: string }).metricName} is not in the request.`,
          );
        cmp = a.values[i]! - b.values[i]!;
      } else if (o.dimension) {
        const spec = o.dimension as { dimensionName?: string; orderType?: string };
        const i = dims.findIndex((d) => d.name === spec.dimensionName);
        if (i < 0) throw invalid(`orderBys: dimension ${spec.dimensionName} is not in the request.`);
        const [x, y] = [a.keys[i]!, b.keys[i]!];
        cmp = spec.orderType === 'NUMERIC' ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0;
      }
      if (cmp !== 0) return o.desc ? -cmp : cmp;
    }
    return 0;
  });

  const rowCount = out.length;
  const offset = body.offset === undefined ? 0 : int64(body.offset, 'offset');
  const limit = body.limit === undefined ? 10_000 : int64(body.limit, 'limit');
  if (limit < 0 || offset < 0) throw invalid('limit and offset must be positive.');
  if (limit > 250_000) throw invalid('limit must not exceed 250000.');
  const page = out.slice(offset, offset + limit);
  const answer: Record<string, unknown> = {
    dimensionHeaders: dims.map((d) => ({ name: d.name })),
    metricHeaders: mets.map((m) => ({ name: m.apiName, type: m.type })),
    metadata: { currencyCode: 'USD', timeZone: 'Europe/Istanbul' },
    kind: 'analyticsData#runReport',
  };
  if (dims.length === 0) delete answer.dimensionHeaders;
  if (mets.length === 0) delete answer.metricHeaders;
  if (page.length > 0) {
    answer.rows = page.map((r) => ({
      dimensionValues: r.keys.map((value) => ({ value })),
      metricValues: r.values.map((v, i) => ({ value: formatMetric(mets[i]!.type, v) })),
    }));
  }
  if (rowCount > 0) answer.rowCount = rowCount;
  return answer;
}

/** Starts the stand-in on 127.0.0.1 with a random port. */
export async function startGa4StandIn(options: Ga4StandInOptions): Promise<Ga4StandIn> {
  const fixture = buildGa4Fixture(options.today);
  const requests: Ga4StandIn['requests'] = [];
  let exhausted = 0;
  const verify = options.verifyToken ?? ((token: string) => (options.tokens ?? []).includes(token));
  const properties = new Set(GA4_ACCOUNTS.flatMap((a) => a.properties.map((p) => p.id)));

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const auth = req.headers.authorization ?? '';
    const token = /^Bearer (\S+)$/.exec(auth)?.[1] ?? null;
    let body: unknown = null;
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(payload));
    };
    try {
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          throw invalid(`Invalid JSON payload received. Unexpected token.\n${raw.slice(0, 20)}`);
        }
      }
      requests.push({ method: req.method ?? '', path: url.pathname + url.search, token, body });
      if (!token || !(await verify(token)))
        throw new ApiError(
          401,
          'UNAUTHENTICATED',
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        );
      if (req.method === 'GET' && url.pathname === '/v1beta/accountSummaries') {
        const requested = url.searchParams.has('pageSize') ? Number(url.searchParams.get('pageSize')) : 50;
        if (!Number.isInteger(requested) || requested < 0) throw invalid('pageSize must be positive.');
        // "The service may return fewer than this value": two per page, so clients must follow tokens.
        const size = Math.min(requested || 50, 200, 2);
        const tokenParam = url.searchParams.get('pageToken');
        const start = tokenParam
          ? Number(Buffer.from(tokenParam, 'base64url').toString('utf8').replace('offset:', ''))
          : 0;
        if (!Number.isInteger(start) || start < 0 || start > GA4_ACCOUNTS.length)
          throw invalid('Invalid page token.');
        const page = GA4_ACCOUNTS.slice(start, start + size);
        const answer: Record<string, unknown> = {
          accountSummaries: page.map((a) => ({
            name: `accountSummaries/${a.id}`,
            account: `accounts/${a.id}`,
            displayName: a.name,
            propertySummaries: a.properties.map((p) => ({
              property: `properties/${p.id}`,
              displayName: p.name,
              propertyType: 'PROPERTY_TYPE_ORDINARY',
              parent: `accounts/${a.id}`,
            })),
          })),
        };
        if (start + size < GA4_ACCOUNTS.length)
          answer.nextPageToken = Buffer.from(`offset:${start + size}`).toString('base64url');
        send(200, answer);
        return;
      }
      const data = /^\/v1beta\/properties\/([^/:]+)(\/metadata|:runReport)$/.exec(url.pathname);
      if (!data)
        throw new ApiError(
          404,
          'NOT_FOUND',
          `The requested URL ${url.pathname} was not found on this server.`,
        );
      const [, id, method] = data;
      if (exhausted > 0) {
        exhausted--;
        throw new ApiError(
          429,
          'RESOURCE_EXHAUSTED',
          'Exhausted concurrent requests quota. Please try again later.',
        );
      }
      if (!/^\d+$/.test(id!)) throw invalid(`Invalid property ID: ${id}. A numeric property ID is required.`);
      if (!properties.has(id!))
        throw new ApiError(
          403,
          'PERMISSION_DENIED',
          'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.',
        );
      if (method === '/metadata' && req.method === 'GET') {
        send(200, {
          name: `properties/${id}/metadata`,
          dimensions: DIMENSIONS.map((d) => ({
            apiName: d.apiName,
            uiName: d.uiName,
            description: d.description,
            category: d.category,
          })),
          metrics: METRICS.map((m) => ({
            apiName: m.apiName,
            uiName: m.uiName,
            description: m.description,
            type: m.type,
            category: m.category,
          })),
        });
        return;
      }
      if (method === ':runReport' && req.method === 'POST') {
        if (!body || typeof body !== 'object' || Array.isArray(body))
          throw invalid('The request body must be a RunReportRequest object.');
        send(200, runReport(body as Record<string, unknown>, fixture, options.today, id!));
        return;
      }
      throw new ApiError(404, 'NOT_FOUND', `The requested URL ${url.pathname} was not found on this server.`);
    } catch (error) {
      if (error instanceof ApiError) {
        send(error.code, { error: { code: error.code, message: error.message, status: error.status } });
        return;
      }
      send(500, { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } });
    }
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accounts: GA4_ACCOUNTS,
    rows: fixture.rows,
    items: fixture.items,
    requests,
    exhaust(n) {
      exhausted = n;
    },
    total(metric, from, to, where = {}) {
      const def = METRICS.find((m) => m.apiName === metric);
      if (!def) throw new Error(`unknown metric ${metric}`);
      const sums = new Map<string, number>();
      const source = (def.scope === 'item' ? fixture.items : fixture.rows) as unknown as TRecord[];
      for (const row of source) {
        const date = String(row.date);
        if (date < from || date > to) continue;
        if (Object.entries(where).some(([k, v]) => row[k] !== v)) continue;
        for (const [k, v] of Object.entries(row))
          if (typeof v === 'number') sums.set(k, (sums.get(k) ?? 0) + v);
      }
      return def.value((k) => sums.get(k) ?? 0);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
