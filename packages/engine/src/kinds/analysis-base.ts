/** What the kinds' query shapes share: the parsed query an analysis starts from. */
import type { TSemanticQuery } from '@parley/contract';
import { findMeasureTime, type TSemanticModel } from '../model/semantic-model';

/** The parsed query an analysis starts from: no ranking or chart of its own. */
export type TAnalysisBase = Omit<TSemanticQuery, 'order' | 'limit' | 'chart'>;

/**
 * The parsed query without its ranking and chart, and the time field the analysis reads: the
 * question's own, else the measure's date ("why did revenue drop"); null when there is none.
 */
export function analysisBase(
  query: TSemanticQuery,
  model: TSemanticModel,
): { base: TAnalysisBase; field: string } | null {
  const { order: _order, limit: _limit, chart: _chart, ...base } = query;
  const field = base.timeDimension?.field ?? findMeasureTime(model, base.measures[0])?.name;
  return field ? { base, field } : null;
}
