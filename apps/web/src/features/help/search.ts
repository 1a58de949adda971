import Fuse, { type Expression } from 'fuse.js';
import { type HelpCategory, type HelpQuestion, keywordsKey } from './questions';

/**
 * Text as the search compares it: lower case without accents, with Turkish dotless and dotted i
 * folded to i, so "grafik" finds "Grafik", "disa" finds "dışa" and "PDF" finds "pdf".
 */
export function fold(text: string): string {
  return text.replace(/[ıİ]/g, 'i').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

interface Entry {
  question: HelpQuestion;
  title: string;
  text: string;
  body: string;
}

/**
 * An article's words as the search compares them: link targets and markup dropped, folded, each
 * word once (a shorter text for the fuzzy matcher, and repetition does not rank here).
 */
export function articleWords(markdown: string): string {
  const plain = markdown.replace(/\]\([^)]*\)/g, ' ');
  return [...new Set(fold(plain).split(/[^\p{L}\p{N}]+/u))].filter(Boolean).join(' ');
}

/** How far a word may be from what it matches (0 exact, 1 anything); a typo or two still finds it. */
const THRESHOLD = 0.34;
/**
 * The same for an article's text, stricter: a long text holds many near-misses of a short word
 * ("chat" for "chart"), so only longer words forgive a letter there.
 */
const BODY_THRESHOLD = 0.15;
/** Words this short (pdf, csv, png) are matched as written: one wrong letter is a third of them. */
const EXACT_UP_TO = 3;

const FUZZY = { threshold: THRESHOLD, ignoreLocation: true, includeScore: true, useExtendedSearch: true };

/** A word as a Fuse extended-search pattern: fuzzy, or an exact part of a word when short. */
const pattern = (word: string) => (word.length <= EXACT_UP_TO ? `'${word}` : word);

/**
 * The questions of a category (or all) matching the search, best first: every word of the search
 * must be found, fuzzily, in the question's title, the words it is known by or its article's text
 * (`articles`: markdown by id, once loaded; a title match ranks above a match in the text).
 */
export function filterQuestions(
  questions: readonly HelpQuestion[],
  translate: (key: string) => string,
  category: HelpCategory | null,
  search: string,
  articles: Readonly<Record<string, string>> = {},
): HelpQuestion[] {
  const inCategory = questions.filter((q) => category === null || q.category === category);
  const words = fold(search)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0) return inCategory;
  const entries: Entry[] = inCategory.map((question) => ({
    question,
    title: fold(translate(question.text)),
    text: fold(translate(keywordsKey(question))),
    body: articleWords(articles[question.id] ?? ''),
  }));
  const named = new Fuse(entries, {
    ...FUZZY,
    keys: [
      { name: 'title', weight: 2 },
      { name: 'text', weight: 1 },
    ],
  });
  const told = new Fuse(entries, { ...FUZZY, keys: ['body'], threshold: BODY_THRESHOLD });
  // Each entry's score summed over the words (lower is better); an entry missing a word drops out.
  const scores = new Map<Entry, number>(entries.map((e) => [e, 0]));
  for (const word of words) {
    const found = new Map<Entry, number>();
    // A match only in the article's text ranks after any match in the title or the keywords.
    for (const r of told.search(pattern(word))) found.set(r.item, 1 + (r.score ?? 0));
    const either: Expression = { $or: [{ title: pattern(word) }, { text: pattern(word) }] as Expression[] };
    for (const r of named.search(either)) found.set(r.item, r.score ?? 0);
    for (const [entry, score] of scores) {
      const add = found.get(entry);
      if (add === undefined) scores.delete(entry);
      else scores.set(entry, score + add);
    }
  }
  return [...scores].sort((a, b) => a[1] - b[1]).map(([entry]) => entry.question);
}
