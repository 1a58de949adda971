/** Labels of what the parser matched, and choice phrases built from the user's own question. */
import { findDimension, findMeasure, type TSemanticModel } from '../model/semantic-model';
import type { TVocabularyTarget } from './vocabulary';

export function targetLabel(model: TSemanticModel, t: TVocabularyTarget): string {
  switch (t.type) {
    case 'measure':
      return findMeasure(model, t.name)?.label ?? t.name;
    case 'dimension':
      return findDimension(model, t.name)?.label ?? t.name;
    case 'value':
      return t.value;
    case 'time':
      return model.timeDimensions.find((x) => x.name === t.name)?.label ?? t.name;
  }
}

export const measureLabel = (model: TSemanticModel, name: string): string =>
  targetLabel(model, { type: 'measure', name });

export const dimensionLabel = (model: TSemanticModel, name: string): string =>
  targetLabel(model, { type: 'dimension', name });

/** The phrase with some words swapped for a suggestion (or the suggestion put in front). */
export function replaceWords(phrase: string, words: string, replacement: string): string {
  const clean = phrase.trim().replace(/\s+/g, ' ').slice(0, 200);
  if (words) {
    const re = new RegExp(`\\b${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')}\\b`, 'i');
    if (re.test(clean)) return clean.replace(re, replacement);
  }
  return `${replacement} ${clean}`.trim();
}
