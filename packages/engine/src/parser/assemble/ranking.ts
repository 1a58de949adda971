/**
 * The query's ranking: "top 5", "which products sold best" (10), "which product" (the one),
 * "sorted by"; a ranking with nothing to rank asks what to rank.
 */
import type { TAggregationOverride, TSemanticQuery } from '@parley/contract';
import { takesAggregation } from '../../compiler/aggregations';
import { findMeasure, isDimensionAvailable } from '../../model/semantic-model';
import { ask, type TClarification } from '../clarification';
import { describeQuery } from '../describe';
import { measureLabel } from '../labels';
import type { TRanking } from '../slots';
import { valueOfCount } from './measure-words';
import type { TAssembleInput, TReading } from './types';

/** How many rows a ranking without a number keeps: 10 for a plural ("products"), 1 for "which product". */
function impliedLimit(input: TAssembleInput, reading: TReading, ranking: TRanking): number | null {
  const { tokens, pack } = input;
  const { dimensionWords, dimensions } = reading;
  const hasWhich = tokens.some((t) => pack.whichWords.has(t.norm));
  let plural = false;
  let singular = false;
  for (const d of dimensionWords) {
    if (!dimensions.includes(d.name)) continue;
    const last = d.words.split(' ').at(-1);
    const t = tokens.find((x) => x.norm === last);
    if (!t) continue;
    if (pack.isPlural ? pack.isPlural(t.norm, t.lemma) : t.norm !== t.lemma) plural = true;
    else if (!t.norm.endsWith('s') && !d.grouped) singular = true;
  }
  if (plural) return 10;
  if (singular || hasWhich) return 1;
  if (dimensionWords.some((d) => dimensions.includes(d.name))) return 10;
  if (!ranking.superlative) return 10;
  return null;
}

/**
 * The column extreme a superlative with nothing to rank names: "maximum salary", "lowest credit
 * limit" (a column of values), "largest payment" (a count of rows whose table has one column of
 * values: the payments' amount). A word that only ranks ("most") names it when the column is one
 * column as stored, never a computed total.
 */
function extremeOf(
  input: TAssembleInput,
  base: TSemanticQuery,
  ranking: TRanking,
): TAggregationOverride | null {
  const { model } = input;
  const measure = base.measures.length === 1 ? base.measures[0]! : null;
  if (!measure || ranking.n || ranking.sortOnly || !ranking.superlative) return null;
  if (base.aggregations?.some((o) => o.measure === measure)) return null;
  const fn = ranking.extreme ?? (ranking.dir === 'desc' ? 'max' : 'min');
  const m = findMeasure(model, measure);
  if (takesAggregation(m)) {
    const plain = m.expr !== undefined && 'col' in m.expr;
    return ranking.extreme || plain ? { measure, fn } : null;
  }
  const value = valueOfCount(model, measure);
  return value ? { measure: value, fn } : null;
}

/** Sets the query's order and limit (in place), or asks what to rank. */
export function settleRanking(
  input: TAssembleInput,
  reading: TReading,
  base: TSemanticQuery,
): TClarification | null {
  const { model, pack } = input;
  const { ranking } = input.slots;
  if (!ranking) return null;
  base.order = { field: base.measures[0], dir: ranking.dir };
  if (ranking.n) base.limit = Math.min(ranking.n, 1000);
  else if (ranking.sortOnly) delete base.limit;
  else {
    // "which products sold best" ranks them (10 by default), "which product" wants the one.
    const limit = impliedLimit(input, reading, ranking);
    if (limit === null) delete base.limit;
    else base.limit = limit;
  }
  if (base.dimensions.length > 0 || base.timeDimension?.grain) return null;
  // "maximum salary", "largest payment": nothing to rank, so the word names the column's extreme.
  const extreme = extremeOf(input, base, ranking);
  if (extreme) {
    base.measures = [extreme.measure];
    base.aggregations = [...(base.aggregations ?? []), extreme];
    delete base.order;
    delete base.limit;
    return null;
  }
  return ask(
    {
      key: 'whatToRank',
      understood: describeQuery({ ...base, order: undefined, limit: undefined }, model, pack.code),
    },
    describeQuery(base, model, pack.code),
    model.dimensions
      .filter((d) => base.measures.every((m) => isDimensionAvailable(model, m, d.name)))
      .slice(0, 6)
      .map((d) =>
        pack.messages.phrases.rank(
          ranking.dir,
          ranking.n ?? 5,
          d.label.toLowerCase(),
          measureLabel(model, base.measures[0]),
        ),
      ),
    'rankBy',
  );
}
