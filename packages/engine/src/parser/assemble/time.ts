/**
 * The query's period, comparison, chart and time dimension: one period at most, the measures' own
 * date unless the user named another, a readable grain for "over time", and a concrete period
 * for a comparison.
 */
import type { TComparison, TDateRange, TSemanticQuery, TTimeGrain } from '@parley/contract';
import { daysBetween, resolveRange, type TWeekStart } from '../../dates/date-range';
import {
  findMeasure,
  findMeasureTime,
  findTableValidity,
  findTimeDimension,
  type TSemanticModel,
} from '../../model/semantic-model';
import { ask, type TClarification } from '../clarification';
import { describeQuery } from '../describe';
import { measureLabel } from '../labels';
import { getExampleQuestions } from './examples';
import type { TAssembleInput, TReading } from './types';

/** Sets the query's dates (in place), or asks back about two periods or a measure without a date. */
export function settleTime(
  input: TAssembleInput,
  reading: TReading,
  base: TSemanticQuery,
): TClarification | null {
  const { model, pack, slots } = input;
  const { timeField, isFollowUp } = reading;
  const { dates } = slots;
  const ranges = dates.ranges.filter((r) => r.kind !== 'all');
  if (ranges.length > 1)
    return ask(
      { key: 'twoPeriods' },
      describeQuery(base, model, pack.code),
      getExampleQuestions(model, pack),
    );
  const range: TDateRange | null = ranges[0] ?? (dates.ranges.length > 0 ? { kind: 'all' } : null);
  const compare = dates.compare ?? (dates.wantsChange && ranges[0] ? 'previous_period' : null);
  if (compare) base.compare = compare;
  if (slots.chart) base.chart = slots.chart;

  // Time dimension: the measures' own date, unless the user named another.
  const time = (timeField ? { name: timeField } : null) ?? findMeasureTime(model, base.measures[0]);
  const grain = slots.grain;
  const wantsTime =
    range !== null || grain !== null || base.compare !== undefined || base.timeDimension !== undefined;
  if (!wantsTime) return null;
  if (!time) {
    return ask(
      { key: 'noDate', measure: measureLabel(model, base.measures[0]) },
      describeQuery({ ...base, timeDimension: undefined, compare: undefined }, model, pack.code),
      getExampleQuestions(model, pack),
    );
  }
  if (timeField) base.measures = base.measures.map((m) => entityCount(model, m, time.name) ?? m);
  const td = base.timeDimension ?? { field: time.name, range: { kind: 'all' } as TDateRange };
  td.field =
    isFollowUp && base.timeDimension && !timeField
      ? (findMeasureTime(model, base.measures[0])?.name ?? td.field)
      : time.name;
  if (range) td.range = range;
  if (grain === 'auto') td.grain = td.grain ?? autoGrain(td.range, input.today, input.weekStart);
  else if (grain) td.grain = grain;
  // A comparison needs a concrete period: default to the current one of the compared kind.
  if (base.compare && td.range.kind === 'all') td.range = defaultCompareRange(base.compare);
  base.timeDimension = td;
  return null;
}

/**
 * "Staff hired in 2020": a history table's count of an entity, dated by a date of the entity's own
 * table, is the entity's own count — not the people valid today whom the hire year then filters.
 */
function entityCount(model: TSemanticModel, name: string, timeName: string): string | null {
  const m = findMeasure(model, name);
  const td = findTimeDimension(model, timeName);
  if (m?.kind !== 'aggregate' || !m.validity || m.agg !== 'count_distinct' || !m.expr || !td) return null;
  const expr = m.expr;
  if (!('col' in expr) || findTableValidity(model, td.table)) return null;
  const refers = model.joins.some(
    (j) => !j.bridge && j.from === m.table && j.to === td.table && j.fromColumns.join() === expr.col,
  );
  return refers ? (findMeasure(model, `${td.table}.count`)?.name ?? null) : null;
}

function defaultCompareRange(compare: TComparison): TDateRange {
  switch (compare) {
    case 'previous_year':
      return { kind: 'to_date', unit: 'year' };
    case 'previous_quarter':
      return { kind: 'this', unit: 'quarter' };
    case 'previous_week':
      return { kind: 'this', unit: 'week' };
    case 'previous_day':
      return { kind: 'this', unit: 'day' };
    case 'previous_month':
    case 'previous_period':
      return { kind: 'this', unit: 'month' };
  }
}

/** A readable bucket size for "over time": days for a month, weeks for a quarter, else months. */
function autoGrain(range: TDateRange, today: string, weekStart: TWeekStart): TTimeGrain {
  const r = resolveRange(range, today, weekStart);
  if (!r) return 'month';
  const days = daysBetween(r.from, r.to) + 1;
  if (days <= 45) return 'day';
  if (days <= 190) return 'week';
  return 'month';
}
