/**
 * English words for yes/no columns: a one-word flag is said as its participle ("churn" →
 * "churned customers", "customers who churned"), and any flag before the rows' noun
 * ("self-employed respondents") names the true rows, not a second count.
 */
import type { TSemanticModel } from '../../model/semantic-model';
import { flagWords } from '../flag-phrases';
import type { TVocabularyTarget } from '../vocabulary-target';

/** "churn" → "churned", "close" → "closed", "apply" → "applied"; null for words that are not verbs' stems. */
export function participle(word: string): string | null {
  if (!/^[a-z]{3,}$/.test(word) || /(?:ed|en|ing|s|ly)$/.test(word)) return null;
  if (word.endsWith('e')) return `${word}d`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ied`;
  return `${word}ed`;
}

/** The English phrases naming each flag's true rows. */
export function englishFlagPhrases(model: TSemanticModel): [string, TVocabularyTarget][] {
  const out: [string, TVocabularyTarget][] = [];
  for (const f of flagWords(model)) {
    const value: TVocabularyTarget = { type: 'value', dimension: f.dimension, value: f.yes };
    const done = participle(f.word);
    const forms = done ? [f.word, done] : [f.word];
    if (done) out.push([done, value]);
    for (const n of f.nouns) {
      for (const form of forms) out.push([`${form} ${n}`, value]);
      if (done) out.push([`${n} who ${done}`, value]);
    }
    if (done && f.rate)
      for (const n of f.nouns) out.push([`share of ${done} ${n}`, { type: 'measure', name: f.rate }]);
  }
  return out;
}
