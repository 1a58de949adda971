/**
 * "share of customers with fiber optic", "müşterilerin yüzde kaçı fiber optik": the measure over
 * the rows the question's values pick, as a share of the measure over all rows.
 * Without such values the share words are left as they were (a filler, or a word asked about).
 */
import type { TMeasureArithmetic, TSemanticQuery } from '@parley/contract';
import { arithmeticName, queryModel } from '../../compiler/aggregations';
import { findMeasure } from '../../model/semantic-model';
import type { TAssembleInput, TReading } from './types';

/** The value filters a share of rows is taken over, or null when the question has no share to take. */
function shareFilters(input: TAssembleInput, reading: TReading): string[] | null {
  if (input.slots.share.length === 0 || reading.isFollowUp || reading.baseMeasures.length !== 1) return null;
  if (input.slots.ranking) return null;
  const m = findMeasure(input.model, reading.baseMeasures[0]!);
  if (m?.kind !== 'aggregate' || !['sum', 'count', 'count_distinct'].includes(m.agg)) return null;
  const fields = [...reading.valueFilters]
    .filter(([field, f]) => f.op === 'in' && !reading.comparedDimensions.includes(field))
    .map(([field]) => field);
  return fields.length > 0 ? fields : null;
}

/** Takes the share words (in place: tokens, unknown words) when the question has a share to take. */
export function readShare(input: TAssembleInput, reading: TReading): boolean {
  if (!shareFilters(input, reading)) return false;
  for (const t of input.slots.share) {
    t.consumed = true;
    const at = reading.unknown.indexOf(t);
    if (at >= 0) reading.unknown.splice(at, 1);
  }
  return true;
}

/** The query as the share of its rows its values pick (in place). */
export function settleShare(input: TAssembleInput, reading: TReading, query: TSemanticQuery): void {
  const fields = shareFilters(input, reading);
  if (!fields) return;
  const measure = query.measures[0]!;
  const where = query.filters
    .filter((f) => fields.includes(f.field) && f.op === 'in')
    .map((f) => ({ field: f.field, values: f.values.map(String) }));
  const name = `${arithmeticName('share', measure, measure)}__${fields.join('__')}`.slice(0, 200);
  const share: TMeasureArithmetic = { name, op: 'share', left: measure, right: measure, where };
  query.arithmetic = [...(query.arithmetic ?? []), share];
  input.model = queryModel(input.model, { measures: [], arithmetic: [share] });
  query.measures = [name];
  query.filters = query.filters.filter((f) => !fields.includes(f.field));
}
