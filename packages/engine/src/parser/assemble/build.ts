/**
 * Building the query from what was read: merged into the previous query for a follow-up (its
 * ranking moved to the new measure, filters of measures no longer asked about dropped), with the
 * breakdowns (at most three, compared fields last) and the new filters.
 */
import type { TQueryFilter, TSemanticQuery } from '@parley/contract';
import type { TAssembleInput, TReading } from './types';

/** The query the question asks for, before its dates and ranking. */
export function buildQuery(input: TAssembleInput, reading: TReading): TSemanticQuery {
  const { model, pack, normalised, previous } = input;
  const { isFollowUp, followMarker, dimensions, comparedDimensions } = reading;
  const base: TSemanticQuery =
    isFollowUp && previous ? structuredClone(previous) : { measures: [], dimensions: [], filters: [] };
  base.measures = reading.baseMeasures;
  // A follow-up refines the plain question: "and by month?" after a "why" is not a second "why".
  delete base.analysis;
  // A follow-up that swaps the measure ("same for orders") keeps the ranking, on the new measure.
  if (
    base.order &&
    model.measures.some((m) => m.name === base.order!.field) &&
    !base.measures.includes(base.order.field)
  ) {
    base.order = { ...base.order, field: base.measures[0]! };
  }
  // Measure filters (HAVING) of measures no longer asked about do not carry over.
  base.filters = base.filters.filter(
    (f) => !model.measures.some((m) => m.name === f.field) || base.measures.includes(f.field),
  );
  if (dimensions.length > 0) {
    base.dimensions =
      isFollowUp &&
      !pack.instead.test(normalised) &&
      followMarker !== null &&
      pack.appendBreakdown.test(followMarker)
        ? [...new Set([...base.dimensions, ...dimensions])]
        : dimensions;
  }
  if (comparedDimensions.length > 0) {
    const others = base.dimensions.filter((d) => !comparedDimensions.includes(d));
    base.dimensions = [...others.slice(0, Math.max(0, 3 - comparedDimensions.length)), ...comparedDimensions];
  }
  base.dimensions = base.dimensions.slice(0, 3);
  const newFilters: TQueryFilter[] = [
    ...[...reading.valueFilters].map(([field, f]) => ({ field, op: f.op, values: f.values })),
    ...reading.measureFilters,
  ];
  base.filters = [...base.filters.filter((f) => !newFilters.some((n) => n.field === f.field)), ...newFilters];
  return base;
}
