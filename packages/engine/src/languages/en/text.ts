/**
 * English text for the parser: lower case, unified punctuation, number words as digits, and
 * lemmas from wink-nlp (cached per word, so a repeated word skips wink).
 */

import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';

const nlp = winkNLP(model);
const its = nlp.its;

const LEMMA_CACHE = new Map<string, string>();
const LEMMA_CACHE_LIMIT = 20_000;

/** Lemma of one lower-case word ("countries" → "country", "sold" → "sell"). */
export function getLemma(word: string): string {
  const cached = LEMMA_CACHE.get(word);
  if (cached !== undefined) return cached;
  let lemma = word;
  if (/^[a-z]{3,}$/.test(word)) {
    // wink's typings do not accept its.lemma for out(), although it is documented for it.
    const out = nlp
      .readDoc(word)
      .tokens()
      .out(its.lemma as never) as unknown as string[];
    // wink may split a word into several tokens; keep the word itself then.
    if (out.length === 1 && out[0]) lemma = out[0];
  }
  // Unbounded caches are a memory leak under hostile input.
  if (LEMMA_CACHE.size >= LEMMA_CACHE_LIMIT) LEMMA_CACHE.clear();
  LEMMA_CACHE.set(word, lemma);
  return lemma;
}

const NUMBER_WORDS: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  twenty: '20',
  thirty: '30',
  forty: '40',
  fifty: '50',
  sixty: '60',
  ninety: '90',
  hundred: '100',
};

/** Lower-cases and rewrites a phrase into space-separated tokens. */
export function normalisePhrase(phrase: string): string {
  let s = phrase.normalize('NFKC');
  // Lower case would make the country "US" the pronoun "us" ("show us revenue"). An upper-case US
  // in a mixed-case question is the country: write it "u.s" like "U.S." becomes. An all-capitals
  // question ("SHOW US REVENUE") says nothing by its case, so it is left alone.
  if (/\p{Ll}/u.test(s)) s = s.replace(/(?<![\p{L}\p{N}.])US(?![\p{L}\p{N}$])/gu, 'U.S');
  s = s.toLowerCase();
  s = s.replace(/[‘’`´]/g, "'").replace(/[“”]/g, '"');
  s = s.replace(/(\d),(\d{3})/g, '$1$2'); // 100,000 → 100000
  s = s.replace(/(\p{L})'s\b/gu, '$1'); // germany's → germany
  s = s.replace(/(\d)(st|nd|rd|th)\b/g, '$1'); // 1st → 1
  s = s.replace(/(\p{L})-(?=\p{L})/gu, '$1 '); // year-over-year → year over year
  s = s.replace(/(\d)\s*%/g, '$1 %');
  s = s.replace(/(\d)(k|m|bn)\b/g, '$1 $2');
  s = s.replace(/(>=|<=|[<>])/g, ' $1 ');
  s = s.replace(/\$(?=\d)/g, '$ ');
  // Keep letters, digits, and the few symbols the grammar uses; everything else separates words.
  s = s.replace(/[^\p{L}\p{N}&%$<>=/\-.' ]+/gu, ' ');
  s = s.replace(/(^|\s)['.\-/]+|['.\-/]+(?=\s|$)/g, ' ');
  const words = s.split(/\s+/).filter(Boolean);
  return words.map((w) => NUMBER_WORDS[w] ?? w).join(' ');
}

/** Lemma key of a vocabulary phrase, built exactly like the tokens it must match. */
export function getPhraseKey(phrase: string): string {
  const normalised = normalisePhrase(phrase);
  return normalised === '' ? '' : normalised.split(' ').map(getLemma).join(' ');
}
