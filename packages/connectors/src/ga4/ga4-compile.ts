/**
 * SemanticQuery → one GA4 `runReport` request (DESIGN §6: "SQL for the source's dialect … or a
 * GA4 runReport request"), and its answer → rows keyed like the SQL compiler's columns, so the
 * card builder treats GA4 like any SQL source. A comparison is a second date range in the same
 * call (GA4 adds the `dateRange` dimension: date_range_0 is the period, date_range_1 the one
 * before); previous-period buckets are moved forward onto the current ones, as in SQL.
 */
import type { TQueryFilter, TSemanticQuery, TTimeGrain } from '@parley/contract';
import {
  addUnits,
  getDimension,
  getGrainLabel,
  getMeasure,
  getQueryColumns,
  ModelError,
  previousKey,
  resolveComparison,
  resolveRange,
  startOfUnit,
  type TComparisonPeriod,
  type TSemanticModel,
  type TWeekStart,
} from '@parley/engine';
import type { TApiCompiledQuery, TQueryValue } from '../connector';

/** GA4 keeps data from 14 August 2015 on: "all time" starts there. */
export const GA4_EARLIEST_DATE = '2015-08-14';

interface Ga4Column {
  key: string;
  api: string;
}

/** What an `api` plan of GA4 carries: the request body and how to read its answer. */
export interface Ga4Plan {
  body: Record<string, unknown>;
  dimensions: Ga4Column[];
  time: (Ga4Column & { grain: TTimeGrain }) | null;
  measures: Ga4Column[];
  comparison: TComparisonPeriod | null;
  weekStart: TWeekStart;
  /** Applied after merging the two ranges' rows (a comparison), else sent as the request's limit. */
  order: { key: string; desc: boolean }[];
  limit: number | null;
}

const GRAIN_DIMENSION: Record<TTimeGrain, string | null> = {
  day: 'date',
  week: 'isoYearIsoWeek',
  month: 'yearMonth',
  quarter: null,
  year: 'year',
};

/** The GA4 apiName behind a model field (every GA4 measure and dimension reads one column of `ga4`). */
function measureApi(model: TSemanticModel, name: string): string {
  const m = getMeasure(model, name);
  if (m.kind !== 'aggregate' || !m.expr || !('col' in m.expr))
    throw new ModelError(`${m.label} cannot be asked of Google Analytics.`);
  return m.expr.col;
}

function dimensionApi(model: TSemanticModel, name: string): string {
  const source = getDimension(model, name).sources[0];
  if (!source) throw new ModelError(`${name} cannot be asked of Google Analytics.`);
  return source.column;
}

function filterExpression(
  model: TSemanticModel,
  filter: TQueryFilter,
  metric: boolean,
): Record<string, unknown> {
  const fieldName = metric ? measureApi(model, filter.field) : dimensionApi(model, filter.field);
  if (!metric) {
    if (filter.op !== 'in' && filter.op !== 'not_in')
      throw new ModelError(`Dimension filters take in / not_in, not ${filter.op}`);
    const expr = {
      filter: { fieldName, inListFilter: { values: filter.values.map(String), caseSensitive: false } },
    };
    return filter.op === 'in' ? expr : { notExpression: expr };
  }
  const value = (i: number) => ({ doubleValue: Number(filter.values[i]) });
  switch (filter.op) {
    case 'gt':
      return { filter: { fieldName, numericFilter: { operation: 'GREATER_THAN', value: value(0) } } };
    case 'gte':
      return {
        filter: { fieldName, numericFilter: { operation: 'GREATER_THAN_OR_EQUAL', value: value(0) } },
      };
    case 'lt':
      return { filter: { fieldName, numericFilter: { operation: 'LESS_THAN', value: value(0) } } };
    case 'lte':
      return { filter: { fieldName, numericFilter: { operation: 'LESS_THAN_OR_EQUAL', value: value(0) } } };
    case 'between':
      return { filter: { fieldName, betweenFilter: { fromValue: value(0), toValue: value(1) } } };
    default:
      throw new ModelError('Measure filters compare numbers');
  }
}

const combine = (list: Record<string, unknown>[]): Record<string, unknown> | undefined =>
  list.length === 0 ? undefined : list.length === 1 ? list[0] : { andGroup: { expressions: list } };

/** Compiles a SemanticQuery for a property; ModelError when GA4 cannot express it. */
export function compileGa4Query(
  query: TSemanticQuery,
  model: TSemanticModel,
  options: { today: string; weekStart: TWeekStart; property: string },
): TApiCompiledQuery {
  if (query.analysis)
    throw new ModelError('Google Analytics sources answer plain questions (no drivers or forecasts yet).');
  // Its report API returns each metric as it aggregates it: no arithmetic, median or percentile of ours.
  if (query.arithmetic?.length)
    throw new ModelError(
      'Google Analytics answers its metrics as they are: ask for each one, not their arithmetic.',
    );
  if (query.aggregations?.length)
    throw new ModelError(
      'Google Analytics cannot compute a median, a percentile, a minimum or a maximum of a metric.',
    );
  const range = query.timeDimension
    ? resolveRange(query.timeDimension.range, options.today, options.weekStart)
    : null;
  const comparison =
    query.compare && query.timeDimension
      ? resolveComparison(query.timeDimension.range, query.compare, options.today, options.weekStart)
      : null;
  const effective = query.compare && !comparison ? { ...query, compare: undefined } : query;
  const grain = query.timeDimension?.grain ?? null;
  const grainApi = grain ? GRAIN_DIMENSION[grain] : null;
  if (grain && !grainApi)
    throw new ModelError('Google Analytics has no quarterly buckets: ask by month or by year.');

  const dimensions = query.dimensions.map((name) => ({
    key: getDimension(model, name).label,
    api: dimensionApi(model, name),
  }));
  const measures = query.measures.map((name) => ({
    key: getMeasure(model, name).label,
    api: measureApi(model, name),
  }));
  const time = grain && grainApi ? { key: getGrainLabel(grain), api: grainApi, grain } : null;

  const measureNames = new Set(model.measures.map((m) => m.name));
  const dimensionFilter = combine(
    query.filters.filter((f) => !measureNames.has(f.field)).map((f) => filterExpression(model, f, false)),
  );
  const metricFilter = combine(
    query.filters.filter((f) => measureNames.has(f.field)).map((f) => filterExpression(model, f, true)),
  );
  for (const f of query.filters)
    if (measureNames.has(f.field) && !query.measures.includes(f.field))
      throw new ModelError(`Google Analytics filters only on the metrics asked for: ask for ${f.field} too.`);

  // Order as the SQL compiler does: the asked order, time ascending, the first measure descending.
  const order: { key: string; desc: boolean; ga: Record<string, unknown> }[] = [];
  if (query.order) {
    const m = model.measures.find((x) => x.name === query.order!.field);
    const d = model.dimensions.find((x) => x.name === query.order!.field);
    const desc = query.order.dir === 'desc';
    if (m && query.measures.includes(m.name))
      order.push({ key: m.label, desc, ga: { metric: { metricName: measureApi(model, m.name) }, desc } });
    else if (d && query.dimensions.includes(d.name))
      order.push({
        key: d.label,
        desc,
        ga: { dimension: { dimensionName: dimensionApi(model, d.name) }, desc },
      });
    else if (time && query.order.field === 'time')
      order.push({ key: time.key, desc, ga: { dimension: { dimensionName: time.api }, desc } });
    else throw new ModelError(`Cannot order by ${query.order.field}: it is not part of the answer.`);
  }
  if (time)
    order.push({ key: time.key, desc: false, ga: { dimension: { dimensionName: time.api }, desc: false } });
  if (!query.order && dimensions.length > 0)
    order.push({
      key: measures[0]!.key,
      desc: true,
      ga: { metric: { metricName: measures[0]!.api }, desc: true },
    });
  for (const d of dimensions)
    order.push({ key: d.key, desc: false, ga: { dimension: { dimensionName: d.api }, desc: false } });

  const current = range ?? { from: GA4_EARLIEST_DATE, to: options.today };
  const dateRanges = [{ startDate: current.from, endDate: current.to }];
  if (comparison) dateRanges.push({ startDate: comparison.from, endDate: comparison.to });

  const body: Record<string, unknown> = {
    dimensions: [...dimensions, ...(time ? [time] : [])].map((d) => ({ name: d.api })),
    metrics: measures.map((m) => ({ name: m.api })),
    dateRanges,
  };
  if (dimensionFilter) body.dimensionFilter = dimensionFilter;
  if (metricFilter) body.metricFilter = metricFilter;
  // The dateRange dimension would split a comparison's order: rows are ordered after merging.
  if (!comparison) body.orderBys = dedupe(order).map((o) => o.ga);
  if (query.limit && !comparison) body.limit = String(query.limit);

  const plan: Ga4Plan = {
    body,
    dimensions,
    time,
    measures,
    comparison,
    weekStart: options.weekStart,
    order: dedupe(order).map(({ key, desc }) => ({ key, desc })),
    limit: query.limit ?? null,
  };
  return {
    kind: 'api',
    request: JSON.stringify({ property: options.property, ...plan }),
    columns: getQueryColumns(effective, model),
    range,
    comparison,
  };
}

function dedupe<T extends { key: string }>(list: T[]): T[] {
  const seen = new Set<string>();
  return list.filter((o) => {
    if (seen.has(o.key)) return false;
    seen.add(o.key);
    return true;
  });
}

/** The runReport answer's shape (what is read of it). */
export interface Ga4RunReportResponse {
  dimensionHeaders?: { name: string }[];
  metricHeaders?: { name: string; type: string }[];
  rows?: { dimensionValues?: { value?: string }[]; metricValues?: { value?: string }[] }[];
  rowCount?: number;
}

const UNIT_OF: Record<TTimeGrain, 'day' | 'week' | 'month' | 'quarter' | 'year'> = {
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};

/** A GA4 time value (YYYYMMDD, YYYYMM, YYYY, ISO YYYYWW) as the ISO date its bucket starts on. */
export function ga4TimeToIso(api: string, value: string): string | null {
  if (api === 'date' && /^\d{8}$/.test(value))
    return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  if (api === 'yearMonth' && /^\d{6}$/.test(value)) return `${value.slice(0, 4)}-${value.slice(4, 6)}-01`;
  if (api === 'year' && /^\d{4}$/.test(value)) return `${value}-01-01`;
  if (api === 'isoYearIsoWeek' && /^\d{6}$/.test(value)) {
    const year = Number(value.slice(0, 4));
    const week = Number(value.slice(4, 6));
    // ISO week 1 holds 4 January; its Monday, then whole weeks on.
    const jan4 = new Date(Date.UTC(year, 0, 4));
    const monday = new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000);
    return new Date(monday.getTime() + (week - 1) * 7 * 86_400_000).toISOString().slice(0, 10);
  }
  return null;
}

/** The answer's rows keyed by the card's column keys; a comparison's two ranges merged per key. */
export function ga4Rows(plan: Ga4Plan, response: Ga4RunReportResponse): Record<string, TQueryValue>[] {
  const dimHeaders = (response.dimensionHeaders ?? []).map((h) => h.name);
  const metHeaders = (response.metricHeaders ?? []).map((h) => h.name);
  const rangeIndex = dimHeaders.indexOf('dateRange');
  const merged = new Map<string, Record<string, TQueryValue>>();
  for (const row of response.rows ?? []) {
    const dv = (row.dimensionValues ?? []).map((v) => v.value ?? '');
    const mv = (row.metricValues ?? []).map((v) => v.value ?? '');
    const previous = rangeIndex >= 0 && dv[rangeIndex] === 'date_range_1';
    const out: Record<string, TQueryValue> = {};
    for (const d of plan.dimensions) out[d.key] = dv[dimHeaders.indexOf(d.api)] ?? null;
    if (plan.time) {
      let iso = ga4TimeToIso(plan.time.api, dv[dimHeaders.indexOf(plan.time.api)] ?? '');
      if (iso && previous && plan.comparison) {
        const shifted = addUnits(iso, plan.comparison.shift.unit, plan.comparison.shift.n);
        iso = startOfUnit(shifted, UNIT_OF[plan.time.grain], plan.weekStart);
      }
      out[plan.time.key] = iso;
    }
    const key = JSON.stringify([
      ...plan.dimensions.map((d) => out[d.key]),
      plan.time ? out[plan.time.key] : null,
    ]);
    const target = merged.get(key) ?? { ...out };
    for (const m of plan.measures) {
      const raw = mv[metHeaders.indexOf(m.api)];
      const value = raw === undefined || raw === '' ? null : Number(raw);
      const column = previous ? previousKey(m.key) : m.key;
      // Buckets moved onto the same current bucket add up (only additive metrics reach that).
      const before = target[column];
      target[column] = typeof before === 'number' && value !== null ? before + value : value;
    }
    merged.set(key, target);
  }
  let rows = [...merged.values()];
  if (plan.comparison) {
    for (const row of rows)
      for (const m of plan.measures) {
        row[m.key] ??= 0;
        row[previousKey(m.key)] ??= 0;
      }
    rows.sort((a, b) => {
      for (const o of plan.order) {
        const [x, y] = [a[o.key], b[o.key]];
        const cmp =
          typeof x === 'number' && typeof y === 'number'
            ? x - y
            : String(x ?? '').localeCompare(String(y ?? ''));
        if (cmp !== 0) return o.desc ? -cmp : cmp;
      }
      return 0;
    });
    if (plan.limit) rows = rows.slice(0, plan.limit);
  }
  return rows;
}
