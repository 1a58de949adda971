/**
 * The validate stage: every dimension used must be reachable from every measure, and the result
 * must be a valid SemanticQuery; otherwise ask, naming what cannot be combined.
 */
import { type TSemanticQuery, ZSemanticQuery } from '@parley/contract';
import { queryModel } from '../compiler/aggregations';
import type { TLanguagePack } from '../languages';
import { findDimension, isDimensionAvailable, type TSemanticModel } from '../model/semantic-model';
import { ask, type TClarification } from './clarification';
import { describeQuery } from './describe';
import { dimensionLabel, measureLabel } from './labels';

export function validate(
  base: TSemanticQuery,
  source: TSemanticModel,
  pack: TLanguagePack,
  /** The example questions of a question back (built only when one is asked). */
  examples: () => string[],
): TSemanticQuery | TClarification {
  // The measures the question computes ("revenue divided by sessions") are measures here too.
  const model = queryModel(source, { measures: [], arithmetic: base.arithmetic });
  for (const field of [
    ...base.dimensions,
    ...base.filters.filter((f) => findDimension(model, f.field)).map((f) => f.field),
  ]) {
    const missing = base.measures.filter((m) => !isDimensionAvailable(model, m, field));
    if (missing.length === 0) continue;
    const labels = missing.map((m) => measureLabel(model, m));
    const items = model.dimensions
      .filter((d) => base.measures.every((m) => isDimensionAvailable(model, m, d.name)))
      .slice(0, 6)
      .map((d) => pack.messages.phrases.by(labels, d.label.toLowerCase()));
    return ask(
      { key: 'notAvailable', measures: labels, dimension: dimensionLabel(model, field) },
      describeQuery(base, model, pack.code),
      items,
      'breakdowns',
    );
  }
  const parsed = ZSemanticQuery.safeParse(base);
  if (!parsed.success) return ask({ key: 'notAQuery' }, null, examples());
  return parsed.data;
}
