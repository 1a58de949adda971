/**
 * Aggregations the user named ("median salary", "p90 delivery time"): each applies to the nearest
 * measure said, which must be a column of values (a count or a ratio has no median); one the
 * question cannot apply is asked back, never dropped — "median salary" is never the average.
 */
import type { TAggregationOverride, TSemanticQuery } from '@parley/contract';
import { takesAggregation } from '../../compiler/aggregations';
import { findMeasure } from '../../model/semantic-model';
import { ask, type TClarification } from '../clarification';
import { describeQuery } from '../describe';
import { measureLabel, replaceWords } from '../labels';
import type { TAggregationWord } from '../slots';
import { getExampleQuestions } from './examples';
import type { TAssembleInput, TReading } from './types';

/** The measure an aggregation word applies to: the nearest said (the next on a tie), else the only one. */
function targetOf(w: TAggregationWord, reading: TReading, query: TSemanticQuery): string | null {
  const said = [...reading.measureAt].sort(
    (a, b) => Math.abs(a.at - w.at) - Math.abs(b.at - w.at) || b.at - a.at,
  );
  if (said[0]) return said[0].name;
  return query.measures.length === 1 ? query.measures[0]! : null;
}

/** Sets the query's `aggregations` (in place), or the question to ask back. */
export function settleAggregations(
  input: TAssembleInput,
  reading: TReading,
  query: TSemanticQuery,
): TClarification | null {
  const { model, pack, phrase } = input;
  // A follow-up keeps the aggregations of the measures it still shows.
  const kept = (query.aggregations ?? []).filter((o) => query.measures.includes(o.measure));
  const named: TAggregationOverride[] = [];
  for (const w of input.slots.aggregations) {
    const target = targetOf(w, reading, query);
    if (!target)
      return ask(
        { key: 'whichMeasure', understood: null },
        null,
        getExampleQuestions(model, pack),
        'whichMeasure',
      );
    if (!takesAggregation(findMeasure(model, target))) {
      return ask(
        { key: 'noAggregation', words: w.words, measure: measureLabel(model, target) },
        null,
        [replaceWords(phrase, w.words, '').trim(), ...getExampleQuestions(model, pack)],
        'whichMeasure',
      );
    }
    if (named.some((o) => o.measure === target)) {
      // "min and max salary": one measure, two aggregations — not one query's shape yet.
      const understood = describeQuery({ ...query, aggregations: named }, model, pack.code);
      return ask(
        { key: 'unknownWords', understood, words: [w.words] },
        understood,
        getExampleQuestions(model, pack),
      );
    }
    named.push(
      w.fn === 'percentile'
        ? { measure: target, fn: w.fn, percentile: w.percentile }
        : { measure: target, fn: w.fn },
    );
  }
  const aggregations = [...kept.filter((o) => !named.some((n) => n.measure === o.measure)), ...named];
  if (aggregations.length > 0) query.aggregations = aggregations;
  else delete query.aggregations;
  return null;
}
