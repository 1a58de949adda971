/** The alternatives of each chip and the query each one makes. */
import type { TCard, TComparison, TDateRange, TModelView, TSemanticQuery } from '@parley/contract';
import { assertNever } from '../../lib/assert-never';
import type { Alternative, Chip, ChipWords, PeriodGroup } from './understood';

type Model = Pick<TModelView, 'measures' | 'dimensions'> | null;

/** A copy of the query whose `order` and measure filters follow a renamed field. */
function renameField(query: TSemanticQuery, from: string, to: string): TSemanticQuery {
  const next: TSemanticQuery = {
    ...query,
    filters: query.filters.map((f) => (f.field === from ? { ...f, field: to } : f)),
  };
  if (query.order?.field === from) next.order = { ...query.order, field: to };
  return next;
}

/** The query with its i-th measure replaced; the old measure's own aggregation or arithmetic goes with it. */
export function replaceMeasure(query: TSemanticQuery, index: number, name: string): TSemanticQuery {
  const old = query.measures[index];
  const next = renameField(query, old, name);
  next.measures = query.measures.map((m, i) => (i === index ? name : m));
  const aggregations = query.aggregations?.filter((a) => a.measure !== old);
  const arithmetic = query.arithmetic?.filter((a) => a.name !== old);
  if (aggregations) next.aggregations = aggregations.length ? aggregations : undefined;
  if (arithmetic) next.arithmetic = arithmetic.length ? arithmetic : undefined;
  return stripUndefined(next);
}

/** The query grouped by another dimension at position i, or without that grouping (null). */
export function setGrouping(query: TSemanticQuery, index: number, name: string | null): TSemanticQuery {
  const old = query.dimensions[index];
  if (name) {
    const next = renameField(query, old, name);
    next.dimensions = query.dimensions.map((d, i) => (i === index ? name : d));
    return next;
  }
  const next: TSemanticQuery = { ...query, dimensions: query.dimensions.filter((_, i) => i !== index) };
  // Sorting by a grouping that is gone would not compile.
  if (query.order?.field === old) delete next.order;
  return next;
}

/** The query with the i-th filter keeping only these values, or without that filter (null). */
export function setFilter(query: TSemanticQuery, index: number, values: string[] | null): TSemanticQuery {
  const filters = values
    ? query.filters.map((f, i) => (i === index ? { ...f, op: 'in' as const, values } : f))
    : query.filters.filter((_, i) => i !== index);
  return { ...query, filters };
}

/** The query over another period (its time dimension and grain stay). */
export function applyRange(query: TSemanticQuery, range: TDateRange): TSemanticQuery {
  if (!query.timeDimension) return query;
  return { ...query, timeDimension: { ...query.timeDimension, range } };
}

/** The query compared with another period, or with none (a change filter needs one, so it goes too). */
export function setComparison(query: TSemanticQuery, compare: TComparison | null): TSemanticQuery {
  const next: TSemanticQuery = { ...query, compare: compare ?? undefined };
  if (!compare) delete next.change;
  return stripUndefined(next);
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function measureAlternatives(chip: Chip, query: TSemanticQuery, model: Model): Alternative[] {
  const shown = (model?.measures ?? []).filter((m) => !m.hidden && !query.measures.includes(m.name));
  return shown.map((m) => ({
    key: `measure:${m.name}`,
    label: m.label,
    query: replaceMeasure(query, chip.index, m.name),
    teach: { type: 'measure', name: m.name },
  }));
}

function groupingAlternatives(
  chip: Chip,
  query: TSemanticQuery,
  model: Model,
  words: ChipWords,
): Alternative[] {
  const shown = (model?.dimensions ?? []).filter((d) => !d.hidden && !query.dimensions.includes(d.name));
  return [
    ...shown.map(
      (d): Alternative => ({
        key: `grouping:${d.name}`,
        label: d.label,
        query: setGrouping(query, chip.index, d.name),
        teach: { type: 'dimension', name: d.name },
      }),
    ),
    { key: 'grouping:none', label: words.noGrouping, query: setGrouping(query, chip.index, null) },
  ];
}

function filterAlternatives(
  chip: Chip,
  query: TSemanticQuery,
  model: Model,
  words: ChipWords,
): Alternative[] {
  const filter = query.filters[chip.index];
  const remove: Alternative = {
    key: 'filter:remove',
    label: words.removeFilter,
    query: setFilter(query, chip.index, null),
  };
  const dimension = model?.dimensions.find((d) => d.name === filter.field);
  if (!dimension || (filter.op !== 'in' && filter.op !== 'not_in')) return [remove];
  const values = (dimension.values ?? []).map((value) => ({
    key: `filter:${value}`,
    label: dimension.valueLabels?.[value] ?? value,
    query: setFilter(query, chip.index, [value]),
    teach: { type: 'value' as const, dimension: dimension.name, value },
    current: filter.op === 'in' && filter.values.length === 1 && String(filter.values[0]) === value,
  }));
  return [...values, remove];
}

/** The ranges a period chip offers: presets, then years, quarters and months around the card's period. */
export function periodRanges(
  anchorYear: number,
  thisYear: number,
): { group: PeriodGroup; range: TDateRange }[] {
  const units = ['week', 'month', 'quarter', 'year'] as const;
  const presets: TDateRange[] = [
    ...units.map((unit): TDateRange => ({ kind: 'this', unit })),
    ...units.map((unit): TDateRange => ({ kind: 'last', unit, n: 1 })),
    { kind: 'all' },
  ];
  const years = [...new Set([thisYear, thisYear - 1, thisYear - 2, thisYear - 3, anchorYear])].sort(
    (a, b) => b - a,
  );
  return [
    ...presets.map((range) => ({ group: 'presets' as const, range })),
    ...years.map((year) => ({ group: 'years' as const, range: { kind: 'year' as const, year } })),
    ...[1, 2, 3, 4].map((quarter) => ({
      group: 'quarters' as const,
      range: { kind: 'quarter' as const, year: anchorYear, quarter },
    })),
    ...Array.from({ length: 12 }, (_, i) => ({
      group: 'months' as const,
      range: { kind: 'month' as const, year: anchorYear, month: i + 1 },
    })),
  ];
}

const sameRange = (a: TDateRange | undefined, b: TDateRange) => JSON.stringify(a) === JSON.stringify(b);

function periodAlternatives(
  card: TCard,
  query: TSemanticQuery,
  words: ChipWords,
  today: Date,
): Alternative[] {
  const current = query.timeDimension?.range;
  const thisYear = today.getFullYear();
  const anchor = Number((card.period?.to ?? '').slice(0, 4)) || thisYear;
  return periodRanges(anchor, thisYear).map(({ group, range }) => ({
    key: `period:${JSON.stringify(range)}`,
    label: words.range(range),
    query: applyRange(query, range),
    current: sameRange(current, range),
    group,
  }));
}

function comparisonAlternatives(query: TSemanticQuery, words: ChipWords): Alternative[] {
  const choices: (TComparison | null)[] = [null, 'previous_period', 'previous_year'];
  // A drivers question explains a change, so it always compares.
  const allowed = query.analysis?.kind === 'drivers' ? choices.filter(Boolean) : choices;
  return allowed.map((compare) => ({
    key: `comparison:${compare ?? 'none'}`,
    label: words.comparison(compare),
    query: setComparison(query, compare),
    current: (query.compare ?? null) === compare,
  }));
}

/** What a chip can be changed to, each with the query it makes; `today` anchors the period pickers. */
export function alternativesFor(
  chip: Chip,
  card: TCard,
  model: Model,
  words: ChipWords,
  today: Date = new Date(),
): Alternative[] {
  const query = card.query?.semantic;
  if (!query) return [];
  switch (chip.part) {
    case 'measure':
      return measureAlternatives(chip, query, model);
    case 'grouping':
      return groupingAlternatives(chip, query, model, words);
    case 'filter':
      return filterAlternatives(chip, query, model, words);
    case 'period':
      return query.timeDimension ? periodAlternatives(card, query, words, today) : [];
    case 'comparison':
      return query.timeDimension ? comparisonAlternatives(query, words) : [];
    case 'source':
      return [];
    default:
      return assertNever(chip.part);
  }
}
