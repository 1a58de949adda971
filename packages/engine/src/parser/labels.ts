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
    const run = findFoldedRun(clean.split(' '), words.split(' '));
    if (run) {
      const said = clean.split(' ');
      return [...said.slice(0, run.from), replacement, ...said.slice(run.to)].join(' ');
    }
  }
  return `${replacement} ${clean}`.trim();
}

/** A word without case or accents, as a language's normalised tokens are ("Müşteri" → "musteri"). */
function fold(word: string): string {
  return word
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Where the question holds `words` in its own order: a language that reads its words in another
 * order ("müşteri başına gelir" read as "gelir basina musteri") still has them side by side.
 */
function findFoldedRun(said: string[], words: string[]): { from: number; to: number } | null {
  const want = words.map(fold).sort().join(' ');
  for (let from = 0; from + words.length <= said.length; from++) {
    const to = from + words.length;
    if (said.slice(from, to).map(fold).sort().join(' ') === want) return { from, to };
  }
  return null;
}
