/**
 * Learned synonyms: words a project's users taught by picking a choice of a
 * question back, laid over a source's semantic model as extra synonyms.
 */

import { findDimension, findMeasure, findTimeDimension, type TSemanticModel } from '../model/semantic-model';
import type { TVocabularyTarget } from './vocabulary';

/** One taught word and the field or value it means. */
export interface TLearnedSynonym {
  word: string;
  target: TVocabularyTarget;
}

/**
 * A new model in which each learned word is one more synonym of its measure, dimension or time
 * field, or one more spelling of its dimension value; words whose target the model no longer has
 * are ignored. The input model is not changed; with nothing to add it is returned as it is, so the
 * parser's vocabulary (memoised per model object) is not rebuilt.
 */
export function withLearnedSynonyms(
  model: TSemanticModel,
  synonyms: readonly TLearnedSynonym[],
): TSemanticModel {
  const measures = new Map<string, string[]>();
  const dimensions = new Map<string, string[]>();
  const values = new Map<string, Record<string, string>>();
  const times = new Map<string, string[]>();
  const push = (map: Map<string, string[]>, name: string, word: string) =>
    map.set(name, [...(map.get(name) ?? []), word]);

  for (const { word: raw, target } of synonyms) {
    const word = raw.trim().toLowerCase();
    if (!word) continue;
    switch (target.type) {
      case 'measure':
        if (findMeasure(model, target.name)) push(measures, target.name, word);
        break;
      case 'dimension':
        if (findDimension(model, target.name)) push(dimensions, target.name, word);
        break;
      case 'value': {
        // Only a value the dimension still lists: the value index is built from that list.
        const value = findDimension(model, target.dimension)?.values.find((v) => v === target.value);
        if (value !== undefined)
          values.set(target.dimension, { ...values.get(target.dimension), [word]: value });
        break;
      }
      case 'time':
        if (findTimeDimension(model, target.name)) push(times, target.name, word);
        break;
    }
  }
  if (measures.size + dimensions.size + values.size + times.size === 0) return model;

  return {
    ...model,
    measures: model.measures.map((m) =>
      measures.has(m.name) ? { ...m, synonyms: [...m.synonyms, ...measures.get(m.name)!] } : m,
    ),
    dimensions: model.dimensions.map((d) =>
      dimensions.has(d.name) || values.has(d.name)
        ? {
            ...d,
            synonyms: [...d.synonyms, ...(dimensions.get(d.name) ?? [])],
            valueSynonyms: { ...d.valueSynonyms, ...values.get(d.name) },
          }
        : d,
    ),
    timeDimensions: model.timeDimensions.map((t) =>
      times.has(t.name) ? { ...t, synonyms: [...t.synonyms, ...times.get(t.name)!] } : t,
    ),
  };
}

/** What a learned word means, in the model's own labels: "Revenue", "Region: EMEA"; null when gone. */
export function describeLearnedTarget(model: TSemanticModel, target: TVocabularyTarget): string | null {
  switch (target.type) {
    case 'measure':
      return findMeasure(model, target.name)?.label ?? null;
    case 'dimension':
      return findDimension(model, target.name)?.label ?? null;
    case 'value': {
      const dimension = findDimension(model, target.dimension);
      return dimension ? `${dimension.label}: ${target.value}` : null;
    }
    case 'time':
      return findTimeDimension(model, target.name)?.label ?? null;
  }
}
