/**
 * The matching stage: typo correction, then longest-first n-gram matching of the tokens left by
 * the grammar against the model's vocabulary, each match marked negated / grouped / "per" by the
 * language pack's function words around it.
 */

import type { TLanguagePack } from '../languages';
import type { TToken } from './text';
import { findCorrection, type TVocabulary, type TVocabularyTarget } from './vocabulary';

export interface TMatch {
  targets: TVocabularyTarget[];
  start: number;
  words: string;
  negated: boolean;
  grouped: boolean;
  /** Right after "per": with a measure before it, "revenue per order" is a ratio. */
  per: boolean;
}

/** A word the grammar, the vocabulary and the filler list all leave unplaced. */
export function isUnplaced(t: TToken, pack: TLanguagePack): boolean {
  return (
    !t.consumed &&
    !pack.fillers.has(t.norm) &&
    !pack.negation.words.has(t.norm) &&
    !pack.grouping.words.has(t.norm)
  );
}

/** Replaces unknown words with the closest vocabulary word (typo tolerance, fuse.js). */
export function correctTypos(
  tokens: TToken[],
  vocabulary: TVocabulary,
  pack: TLanguagePack,
): { from: string; to: string }[] {
  const corrections: { from: string; to: string }[] = [];
  for (const t of tokens) {
    if (
      t.consumed ||
      t.norm.length < 4 ||
      t.norm.length > 30 ||
      pack.fillers.has(t.norm) ||
      pack.vague.has(t.norm) ||
      pack.negation.words.has(t.norm) ||
      pack.grouping.words.has(t.norm)
    )
      continue;
    if (vocabulary.words.has(t.lemma) || vocabulary.words.has(t.norm) || !/^\p{L}+$/u.test(t.norm)) continue;
    const best = findCorrection(vocabulary, t.norm);
    if (best) {
      corrections.push({ from: t.norm, to: best });
      t.lemma = best;
      t.corrected = true;
    }
  }
  return corrections;
}

const GRAIN_TOKEN = /^(?:day|week|month|quarter|year)s?$/;
const LIST_WORDS = new Set(['and', 'or', 'nor', '&', ',', 've', 'veya', 'ile', 'ya', 'da']);

/** The word is its lemma or a plural of it ("regions", "countries", "statuses"). */
function isPluralOf(t: TToken): boolean {
  const { norm, lemma } = t;
  const l = lemma.toLowerCase();
  return (
    norm === l ||
    norm === `${l}s` ||
    norm === `${l}es` ||
    (l.endsWith('y') && norm === `${l.slice(0, -1)}ies`)
  );
}

/** The entry of a span's lemmas, trying each word's alternatives (Turkish suffixes) too. */
function findEntry(span: TToken[], vocabulary: TVocabulary): TVocabularyTarget[] | undefined {
  const direct = vocabulary.entries.get(span.map((t) => t.lemma).join(' '));
  if (direct || !span.some((t) => t.alternatives)) return direct;
  let keys: string[][] = [[]];
  for (const t of span) {
    const options = t.alternatives ?? [t.lemma];
    keys = keys.flatMap((k) => options.map((o) => [...k, o])).slice(0, 16);
  }
  for (const k of keys) {
    const hit = vocabulary.entries.get(k.join(' '));
    if (hit) {
      span.forEach((t, j) => {
        t.lemma = k[j];
      });
      return hit;
    }
  }
  return undefined;
}

/**
 * "which customer placed the most orders": a value that is also an inflected filler verb of the
 * language ("placed"), followed by another filler, is the verb; "placed orders" keeps the status.
 */
function isVerbBeforeFiller(
  tokens: TToken[],
  i: number,
  n: number,
  targets: TVocabularyTarget[],
  pack: TLanguagePack,
): boolean {
  const word = tokens[i];
  const next = tokens[i + n];
  return (
    n === 1 &&
    targets.every((t) => t.type === 'value') &&
    word.norm !== word.lemma &&
    pack.fillers.has(word.norm) &&
    next !== undefined &&
    pack.fillers.has(next.norm)
  );
}

/** Longest-first n-gram matching of unconsumed tokens against the vocabulary. */
export function matchVocabulary(tokens: TToken[], vocabulary: TVocabulary, pack: TLanguagePack): TMatch[] {
  const matches: TMatch[] = [];
  const { negation, grouping } = pack;
  let i = 0;
  while (i < tokens.length) {
    if (tokens[i].consumed) {
      i++;
      continue;
    }
    let matched = false;
    for (let n = Math.min(vocabulary.maxWords, tokens.length - i); n >= 1; n--) {
      const span = tokens.slice(i, i + n);
      if (span.some((t) => t.consumed)) continue;
      // An inflected word says more than its lemma ("conversions" is the count, while
      // "conversion" may be the count or the rate), so its written form decides when it can.
      const inflected = span.every((t) => !t.corrected) && span.some((t) => t.norm !== t.lemma);
      const written = inflected ? vocabulary.exact.get(span.map((t) => t.norm).join(' ')) : undefined;
      const targets = written ?? findEntry(span, vocabulary);
      if (!targets) continue;
      // A value is named, not conjugated: "opened" is not the status "open" (plurals are fine);
      // and a verb form names nothing it was not written as ("visited" is not "visits").
      const conjugated = span.some((t) => !t.corrected && !isPluralOf(t));
      if (!pack.prefixMatch && !written && conjugated && targets.every((t) => t.type === 'value')) continue;
      if (isVerbBeforeFiller(tokens, i, n, targets, pack)) continue;
      if (
        !pack.prefixMatch &&
        !written &&
        span.some((t) => !t.corrected && /(?:ed|ing)$/.test(t.norm) && !/(?:ed|ing)$/.test(t.lemma))
      )
        continue;
      const before = tokens.slice(Math.max(0, i - negation.reach), i).map((t) => t.norm);
      const after = tokens.slice(i + n, i + n + negation.reach).map((t) => t.norm);
      const around = negation.position === 'before' ? before : after;
      // "except the UK and Germany": a negation reaches every value of the list it starts.
      const previous = matches.at(-1);
      const listed =
        previous?.negated === true &&
        previous.targets.every((t) => t.type === 'value') &&
        targets.every((t) => t.type === 'value') &&
        tokens
          .slice(previous.start + previous.words.split(' ').length, i)
          .every((t) => LIST_WORDS.has(t.norm) || t.norm === 'the');
      const negated =
        listed ||
        around.some((w) => negation.words.has(w)) ||
        negation.phrases.some((p) => around.join(' ').includes(p));
      // "by month and region": a dimension joined by "and" to a grain or a grouped dimension is
      // grouped too (never read as naming a filter's field).
      const prevToken = tokens[i - 2];
      const joined =
        (before[before.length - 1] === 'and' || before[before.length - 1] === '&') &&
        prevToken !== undefined &&
        prevToken.consumed &&
        (GRAIN_TOKEN.test(prevToken.norm) ||
          matches.some((m) => m.grouped && m.start + m.words.split(' ').length === i - 1));
      const groupWord = grouping.position === 'before' ? before[before.length - 1] : tokens[i + n]?.norm;
      const grouped = (groupWord !== undefined && grouping.words.has(groupWord)) || joined;
      const per = before.length > 0 && before[before.length - 1] === pack.ratioWord;
      matches.push({ targets, start: i, words: span.map((t) => t.norm).join(' '), negated, grouped, per });
      for (const t of span) t.consumed = true;
      i += n;
      matched = true;
      break;
    }
    if (!matched) i++;
  }
  // "Almanya ve Fransa hariç": a negation after its noun reaches back over the list it ends.
  if (negation.position === 'after') {
    for (let k = matches.length - 2; k >= 0; k--) {
      const m = matches[k];
      const next = matches[k + 1];
      const end = m.start + m.words.split(' ').length;
      if (
        !m.negated &&
        next.negated &&
        m.targets.every((t) => t.type === 'value') &&
        next.targets.every((t) => t.type === 'value') &&
        tokens.slice(end, next.start).every((t) => LIST_WORDS.has(t.norm))
      )
        m.negated = true;
    }
  }
  return matches;
}

/**
 * Prefix matching (Turkish): each word not in the vocabulary as written takes the vocabulary
 * words it may be (its stems, then the words it starts with: "almanyadaki" → almanya); the
 * n-gram matcher tries them all, the first as the word's lemma.
 */
export function matchPrefixes(tokens: TToken[], vocabulary: TVocabulary, pack: TLanguagePack): void {
  for (const t of tokens) {
    // A function word is never read as a suffixed vocabulary word ("karşılaştır" is not "kâr").
    if (t.consumed || (!vocabulary.words.has(t.norm) && pack.fillers.has(t.norm))) continue;
    const candidates = pack.prefixMatch?.(t.norm, vocabulary.words) ?? [];
    if (candidates.length === 0) continue;
    t.lemma = candidates[0];
    if (candidates.length > 1) t.alternatives = candidates;
  }
}

/**
 * A field or value the model names with a calendar word ("Monthly Charges", "family history",
 * "Month-to-month"): its words are held from the date and grain rules, so the column's own name
 * wins over "monthly" the grain. Returns the held tokens, to release once those rules have run.
 */
export function holdFieldPhrases(tokens: TToken[], vocabulary: TVocabulary, pack: TLanguagePack): TToken[] {
  const auto = new RegExp(`^(?:${pack.grain.auto})$`);
  const calendar = (t: TToken): boolean =>
    GRAIN_TOKEN.test(t.norm) || pack.grain.words[t.norm] !== undefined || auto.test(t.norm);
  const held: TToken[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (let n = Math.min(vocabulary.maxWords, tokens.length - i); n >= 2; n--) {
      const span = tokens.slice(i, i + n);
      if (span.some((t) => t.consumed) || !span.some(calendar)) continue;
      const targets = vocabulary.entries.get(span.map((t) => t.lemma).join(' '));
      if (!targets?.some((t) => t.type !== 'time')) continue;
      for (const t of span) t.consumed = true;
      held.push(...span);
      i += n - 1;
      break;
    }
  }
  return held;
}
