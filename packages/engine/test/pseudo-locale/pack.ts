/**
 * A test-only pseudo-locale (code 'qps'): English with accented vowels ("rëvënûë bÿ rëgïôn"), a
 * handful of words over the English pack. It shows a language is one pack plus one registration,
 * with no pipeline file touched. Its accents are letters no registered language uses, so any of
 * them makes a question certainly this language.
 */
import { getLanguagePack, type TLanguagePack, type TVocabularyTarget } from '../../src/index';

const ACCENTS: Record<string, string> = { a: 'å', e: 'ë', i: 'ï', o: 'ô', u: 'û', y: 'ÿ' };

/** A text in the pseudo-locale: "Revenue" → "Rëvënûë". */
export const pseudo = (text: string): string => text.replace(/[aeiouy]/g, (c) => ACCENTS[c] ?? c);

const normalise = (phrase: string): string =>
  phrase.normalize('NFC').toLowerCase().split(/\s+/).filter(Boolean).join(' ');

const english = getLanguagePack('en');

export const PSEUDO: TLanguagePack = {
  ...english,
  code: 'qps',
  detect: {
    certain: (phrase) => /[åëïôûÿ]/.test(phrase),
    words: (phrase) =>
      normalise(phrase)
        .split(' ')
        .filter((w) => /[åëïôûÿ]/.test(w)),
  },
  normalise,
  lemma: (word) => word,
  fillers: new Set(),
  grouping: { words: new Set([pseudo('by')]), position: 'before' },
  vocabulary: {
    key: normalise,
    exact: normalise,
    // Each measure and dimension by its label in the pseudo-locale.
    extra: (model) => [
      ...model.measures.map((m): [string, TVocabularyTarget] => [
        normalise(pseudo(m.label)),
        { type: 'measure', name: m.name },
      ]),
      ...model.dimensions.map((d): [string, TVocabularyTarget] => [
        normalise(pseudo(d.label)),
        { type: 'dimension', name: d.name },
      ]),
    ],
  },
  card: {
    ...english.card,
    code: 'qps',
    field: pseudo,
    title: (query, model) => pseudo(english.card.title(query, model)),
    describe: (query, model) => pseudo(english.card.describe(query, model)),
  },
};
