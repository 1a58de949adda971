/**
 * "Top 5 customers by revenue", "which customers spent less than last year": in a ranking or a
 * question of change, the entity's word that named its count ("Customers") names the entity to
 * rank, when the model has a grouping for it and another measure is what is ranked.
 */
import type { TSemanticQuery } from '@parley/contract';
import { isDimensionAvailable } from '../../model/semantic-model';
import type { TAssembleInput, TReading } from './types';

/** Turns an entity's count into its grouping (in place) when the question ranks or compares entities. */
export function settleEntityGrouping(input: TAssembleInput, reading: TReading, query: TSemanticQuery): void {
  const { slots, model } = input;
  if (!slots.ranking && !slots.change) return;
  if (query.dimensions.length > 0 || query.measures.length < 2 || query.timeDimension?.grain) return;
  for (const name of query.measures) {
    const others = query.measures.filter((m) => m !== name);
    const dimension = entityDimension(input, reading, name);
    if (!dimension) continue;
    if (query.filters.some((f) => f.field === name) || query.order?.field === name) continue;
    if (!others.every((m) => isDimensionAvailable(model, m, dimension))) continue;
    query.measures = others;
    query.dimensions = [dimension];
    if (query.aggregations) query.aggregations = query.aggregations.filter((a) => a.measure !== name);
    return;
  }
}

/**
 * The one dimension the words that named a measure also name by their lemmas ("customers" →
 * Customer), else none.
 */
function entityDimension(input: TAssembleInput, reading: TReading, measure: string): string | null {
  const { pack, vocabulary } = input;
  const at = reading.measureAt.find((m) => m.name === measure)?.at;
  const match = input.matches.find(
    (m) => m.start === at && m.targets.some((t) => t.type === 'measure' && t.name === measure),
  );
  if (!match || match.words.includes(' ')) return null;
  const key = pack.vocabulary.key(match.words);
  const named = (vocabulary.entries.get(key) ?? []).filter((t) => t.type === 'dimension');
  // Only a dimension the word itself names is the entity: "Customer State" starts with the word
  // but groups states, a confident wrong card for "top 2 customers".
  return named.length === 1 ? named[0]!.name : null;
}
