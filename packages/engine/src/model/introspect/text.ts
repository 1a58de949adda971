/**
 * Names as people say them: a column name's words ("invoice_date" → "invoice date"), title case,
 * singular and plural, a spelling-insensitive key per phrase, and the business synonyms of a word.
 */
import { BUSINESS_SYNONYMS, IRREGULAR, UNCOUNTABLE } from './vocabulary';

/** A column or table name's words in lower case: "customerID" → "customer id". */
export function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Every word capitalised: "invoice date" → "Invoice Date". */
export function title(text: string): string {
  return text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

function singularWord(word: string): string {
  if (IRREGULAR[word]) return IRREGULAR[word];
  if (UNCOUNTABLE.has(word) || word.length <= 3) return word;
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh|zz|us)es$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  return word.replace(/s$/, '');
}

function pluralWord(word: string): string {
  if (UNCOUNTABLE.has(word)) return word;
  const irregular = Object.entries(IRREGULAR).find(([, s]) => s === word);
  if (irregular) return irregular[0];
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|ch|sh|z)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** The last word of a phrase in singular or plural ("order details" → "order detail"). */
export function singular(phrase: string): string {
  const parts = phrase.split(' ');
  parts[parts.length - 1] = singularWord(parts[parts.length - 1]);
  return parts.join(' ');
}

/** The last word of a phrase in plural ("order detail" → "order details"). */
export function plural(phrase: string): string {
  const parts = phrase.split(' ');
  parts[parts.length - 1] = pluralWord(parts[parts.length - 1]);
  return parts.join(' ');
}

/** A spelling-insensitive key of a phrase: lower case, every word singular. */
export function phraseKey(phrase: string): string {
  return phrase
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map(singularWord)
    .join(' ');
}

/** A column name without separators or case, for matching keys ("customerID" = "customer_id"). */
export function flat(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The business words for a phrase, singular or plural ("sales" → revenue, amount …). */
export function synonymsFor(text: string): string[] {
  const out = new Set<string>();
  for (const [word, list] of Object.entries(BUSINESS_SYNONYMS)) {
    if (text === word || text === singular(word) || singular(text) === word) for (const s of list) out.add(s);
  }
  return [...out];
}
