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
}

/** How far a word may be from what it matches (0 exact, 1 anything); a typo or two still finds it. */
const THRESHOLD = 0.34;
/** Words this short (pdf, csv, png) are matched as written: one wrong letter is a third of them. */
const EXACT_UP_TO = 3;

/** A word as a Fuse extended-search pattern: fuzzy, or an exact part of a word when short. */
const pattern = (word: string) => (word.length <= EXACT_UP_TO ? `'${word}` : word);

/**
 * The questions of a category (or all) matching the search, best first: every word of the search
 * must be found, fuzzily, in the question's title or in the words it is known by.
 */
export function filterQuestions(
  questions: readonly HelpQuestion[],
  translate: (key: string) => string,
  category: HelpCategory | null,
  search: string,
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
  }));
  const fuse = new Fuse(entries, {
    keys: [
      { name: 'title', weight: 2 },
      { name: 'text', weight: 1 },
    ],
    threshold: THRESHOLD,
    ignoreLocation: true,
    includeScore: true,
    useExtendedSearch: true,
  });
  const either = (w: string): Expression => ({
    $or: [{ title: pattern(w) } as Expression, { text: pattern(w) } as Expression],
  });
  const query: Expression = { $and: words.map(either) };
  return fuse.search(query).map((r) => r.item.question);
}
