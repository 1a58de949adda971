/**
 * The vocabulary of a semantic model: every way to name a measure, dimension, time
 * dimension or dimension value, keyed by lemma sequence, plus the fuzzy index for typos.
 */
import Fuse from 'fuse.js';
import { getLanguagePack, type TLanguagePack } from '../languages';
import type { TVocabularyTarget } from '../languages/vocabulary-target';
import type { TSemanticModel } from '../model/semantic-model';

export type { TVocabularyTarget } from '../languages/vocabulary-target';

export interface TVocabulary {
  entries: Map<string, TVocabularyTarget[]>;
  /**
   * The same phrases keyed by their written words, not lemmas: "conversions" names Conversions
   * only, while the lemma "conversion" may be Conversions or Conversion Rate. The written form
   * wins when there is one.
   */
  exact: Map<string, TVocabularyTarget[]>;
  /** Longest entry length in words; bounds the n-gram search. */
  maxWords: number;
  /** Every word of every entry, for typo correction. */
  words: Set<string>;
  /** Words that occur only in dimension values (and their aliases), never in a field's name. */
  valueWords: Set<string>;
  fuse: Fuse<string>;
}

/**
 * Words that are real words with their own meaning, so typo correction must never bend them into a
 * vocabulary word ("euros" → "europe" made "revenue in euros" a EMEA filter; "share" → "sale" added
 * Revenue). Pronouns, currency names and codes, and number units.
 */
export const CURRENCY_WORDS = new Set(
  `euro euros eur € dollar dollars usd pound pounds gbp £ sterling quid yen jpy ¥ yuan renminbi rmb cny
  rupee rupees inr lira liras try real reais brl peso pesos mxn ars franc francs chf krona kronor krone
  kroner sek nok dkk zloty zlotys pln rand zar dirham dirhams aed won krw cad aud sgd hkd nzd cent cents`
    .split(/\s+/)
    .filter(Boolean),
);
export const NEVER_CORRECTED = new Set([
  ...CURRENCY_WORDS,
  ...`i me my mine we us our ours you your yours he him his she her hers it its they them their theirs
  thousand thousands million millions billion billions trillion percent percentage percentages share shares
  unit per cent`
    .split(/\s+/)
    .filter(Boolean),
]);

/** One vocabulary per (model, pack): the pack decides the keys and adds its own phrases. */
const CACHE = new WeakMap<TSemanticModel, Map<TLanguagePack, TVocabulary>>();

function sameTarget(a: TVocabularyTarget, b: TVocabularyTarget): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Builds (once per model object and language pack) the vocabulary used by the parser. */
export function getVocabulary(model: TSemanticModel, pack: TLanguagePack = getLanguagePack()): TVocabulary {
  let perPack = CACHE.get(model);
  if (!perPack) {
    perPack = new Map();
    CACHE.set(model, perPack);
  }
  const cached = perPack.get(pack);
  if (cached) return cached;
  const keyOf = pack.vocabulary.key;
  const exactOf = pack.vocabulary.exact;
  const entries = new Map<string, TVocabularyTarget[]>();
  const exact = new Map<string, TVocabularyTarget[]>();
  const put = (map: Map<string, TVocabularyTarget[]>, key: string, target: TVocabularyTarget): void => {
    if (!key) return;
    const list = map.get(key) ?? [];
    if (!list.some((t) => sameTarget(t, target))) list.push(target);
    map.set(key, list);
  };
  const add = (phrase: string, target: TVocabularyTarget): void => {
    put(entries, keyOf(phrase), target);
    put(exact, exactOf(phrase), target);
  };
  const human = (name: string): string => name.replace(/_/g, ' ');

  for (const m of model.measures) {
    if (m.hidden) continue;
    for (const p of [m.label, human(m.name), ...m.synonyms]) add(p, { type: 'measure', name: m.name });
  }
  for (const d of model.dimensions) {
    // A hidden dimension stays in the model so saved queries compile, but no word names it.
    if (d.hidden) continue;
    for (const p of [d.label, human(d.name), ...d.synonyms]) add(p, { type: 'dimension', name: d.name });
    for (const v of d.values) {
      add(v, { type: 'value', dimension: d.name, value: v });
      if (v.includes('&')) add(v.replace(/&/g, 'and'), { type: 'value', dimension: d.name, value: v });
    }
    for (const [alias, v] of Object.entries(d.valueSynonyms ?? {}))
      add(alias, { type: 'value', dimension: d.name, value: v });
  }
  for (const t of model.timeDimensions) {
    if (t.hidden) continue;
    for (const p of [t.label, ...t.synonyms]) add(p, { type: 'time', name: t.name });
  }
  for (const [p, target] of pack.vocabulary.extra(model)) add(p, target);
  // A word that names a measure or dimension outranks the same word as a value elsewhere.
  for (const map of [entries, exact]) {
    for (const [key, list] of map) {
      if (list.length > 1 && list.some((t) => t.type === 'measure' || t.type === 'dimension')) {
        map.set(
          key,
          list.filter((t) => t.type !== 'value' && t.type !== 'time'),
        );
      } else if (list.some((t) => t.type === 'value') && list.some((t) => t.type === 'time')) {
        // "open" the status beats "opened" the date.
        map.set(
          key,
          list.filter((t) => t.type !== 'time'),
        );
      }
    }
  }

  const words = new Set<string>();
  const fieldWords = new Set<string>();
  let maxWords = 1;
  for (const [key, list] of entries) {
    const parts = key.split(' ');
    maxWords = Math.max(maxWords, parts.length);
    for (const w of parts) {
      words.add(w);
      if (list.some((t) => t.type !== 'value')) fieldWords.add(w);
    }
  }
  const valueWords = new Set([...words].filter((w) => !fieldWords.has(w)));
  const fuse = new Fuse(
    [...words].filter((w) => w.length >= 4),
    { includeScore: true, threshold: 0.45, ignoreLocation: true },
  );
  const vocabulary = { entries, exact, maxWords: Math.min(maxWords, 6), words, valueWords, fuse };
  perPack.set(pack, vocabulary);
  return vocabulary;
}

/** Optimal-string-alignment distance: edits, with a swap of neighbours counting as one. */
export function getEditDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [
    i,
    ...new Array<number>(b.length).fill(0),
  ]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The vocabulary word a misspelt word most likely means: fuse.js candidates, closest by edits. */
export function findCorrection(vocabulary: TVocabulary, word: string): string | null {
  if (NEVER_CORRECTED.has(word)) return null;
  const limit = word.length <= 4 ? 1 : 2;
  // A value is a filter: a short word bent into one changes the answer silently, so it takes a
  // closer match (one edit up to six letters) than a measure or field name does.
  const limitFor = (item: string): number =>
    vocabulary.valueWords.has(item) && word.length <= 6 ? 1 : limit;
  let best: { item: string; distance: number; score: number } | null = null;
  for (const hit of vocabulary.fuse.search(word, { limit: 8 })) {
    // Lemmas of proper nouns keep their capital ("France"); the typed word is lower case.
    const distance = getEditDistance(word, hit.item.toLowerCase());
    if (distance > limitFor(hit.item)) continue;
    const score = hit.score ?? 1;
    if (!best || distance < best.distance || (distance === best.distance && score < best.score))
      best = { item: hit.item, distance, score };
  }
  if (!best) {
    // Bitap misses some short transpositions ("oders"); a plain scan of close lengths catches them.
    for (const item of vocabulary.words) {
      if (Math.abs(item.length - word.length) > limit || item.length < 4) continue;
      const distance = getEditDistance(word, item.toLowerCase());
      if (distance <= limitFor(item) && (!best || distance < best.distance))
        best = { item, distance, score: 1 };
    }
  }
  return best?.item ?? null;
}
