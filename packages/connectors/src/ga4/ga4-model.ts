/**
 * A GA4 property's semantic model from the Data API's getMetadata: the uiName is the name users
 * type, the apiName is what the request carries; metric types become formats (TYPE_CURRENCY →
 * currency, rates → percent, counts → number). Metrics are aggregated by GA4 itself, so each is
 * one aggregate over the one virtual table `ga4`; rates and averages are not additive (`avg`).
 */
import type { TAggregateMeasure, TDimension, TSemanticModel, TTimeDimension } from '@parley/engine';

export const GA4_TABLE = 'ga4';
/** The one time dimension: GA4's `date` (YYYYMMDD). */
export const GA4_DATE = 'Date';

export interface Ga4DimensionMetadata {
  apiName: string;
  uiName: string;
  description?: string;
  category?: string;
  customDefinition?: boolean;
}

export interface Ga4MetricMetadata extends Ga4DimensionMetadata {
  type?: string;
  expression?: string;
}

export interface Ga4Metadata {
  name: string;
  dimensions?: Ga4DimensionMetadata[];
  metrics?: Ga4MetricMetadata[];
}

/** Time buckets GA4 offers as dimensions; they are grains here, not dimensions users group by. */
export const GA4_TIME_DIMENSIONS = new Set([
  'date',
  'dateHour',
  'dateHourMinute',
  'day',
  'dayOfWeek',
  'dayOfWeekName',
  'hour',
  'minute',
  'month',
  'week',
  'year',
  'yearMonth',
  'yearWeek',
  'isoWeek',
  'isoYear',
  'isoYearIsoWeek',
  'nthDay',
  'nthHour',
  'nthMinute',
  'nthMonth',
  'nthWeek',
  'nthYear',
]);

/** Business words for GA4's standard fields, beside their uiNames. */
const SYNONYMS: Record<string, string[]> = {
  sessions: ['visits'],
  totalUsers: ['users', 'visitors'],
  activeUsers: ['active users'],
  screenPageViews: ['pageviews', 'page views'],
  keyEvents: ['conversions'],
  purchaseRevenue: ['revenue', 'sales'],
  bounceRate: ['bounce'],
  sessionDefaultChannelGroup: ['channel', 'channel group', 'traffic source'],
  deviceCategory: ['device', 'device type'],
  country: ['countries'],
  itemName: ['item', 'product'],
};

/** Whether a metric is a rate (a fraction of 1 shown as percent). */
export function isRateMetric(m: Ga4MetricMetadata): boolean {
  return (
    m.type === 'TYPE_FLOAT' &&
    (/Rate$/.test(m.apiName) || /\brate\b/i.test(m.uiName) || /percent/i.test(m.uiName))
  );
}

/** Whether GA4's totals of a metric can be added up across rows (counts, money): not rates or averages. */
export function isAdditiveMetric(m: Ga4MetricMetadata): boolean {
  if (isRateMetric(m)) return false;
  if (/^(average|avg)|PerUser$|PerSession$|Per[A-Z]/.test(m.apiName)) return false;
  return m.type !== 'TYPE_SECONDS' && m.type !== 'TYPE_MILLISECONDS';
}

/** The semantic model of a property; `values` are each dimension's known values (the value index). */
export function buildGa4Model(
  metadata: Ga4Metadata,
  name: string,
  values: Record<string, string[]> = {},
): TSemanticModel {
  const measures: TAggregateMeasure[] = (metadata.metrics ?? []).map((m) => ({
    kind: 'aggregate',
    name: m.uiName,
    label: m.uiName,
    synonyms: SYNONYMS[m.apiName] ?? [],
    format: m.type === 'TYPE_CURRENCY' ? 'currency' : isRateMetric(m) ? 'percent' : 'number',
    description: m.description,
    table: GA4_TABLE,
    agg: isAdditiveMetric(m) ? 'sum' : 'avg',
    expr: { table: GA4_TABLE, col: m.apiName },
    time: GA4_DATE,
  }));
  const seen = new Set(measures.map((m) => m.name.toLowerCase()));
  const dimensions: TDimension[] = [];
  for (const d of metadata.dimensions ?? []) {
    if (GA4_TIME_DIMENSIONS.has(d.apiName) || seen.has(d.uiName.toLowerCase())) continue;
    seen.add(d.uiName.toLowerCase());
    dimensions.push({
      name: d.uiName,
      label: d.uiName,
      synonyms: SYNONYMS[d.apiName] ?? [],
      sources: [{ table: GA4_TABLE, column: d.apiName }],
      values: values[d.apiName] ?? [],
    });
  }
  const date: TTimeDimension = {
    name: GA4_DATE,
    label: GA4_DATE,
    synonyms: ['day'],
    table: GA4_TABLE,
    column: 'date',
    dataType: 'date',
  };
  return {
    name,
    tables: [{ name: GA4_TABLE, label: name, primaryKey: [] }],
    joins: [],
    measures,
    dimensions,
    timeDimensions: [date],
  };
}
