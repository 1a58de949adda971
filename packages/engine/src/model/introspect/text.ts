/**
 * Names as people say them: a column name's words ("invoice_date" → "invoice date"), title case,
 * singular and plural, a spelling-insensitive key per phrase, and the business synonyms of a word.
 */
import { readSchemaWord } from './schema-words';
import { BUSINESS_SYNONYMS, IRREGULAR, SCHEMA_WORDS, UNCOUNTABLE } from './vocabulary';

/** A column or table name's words in lower case: "customerID" → "customer id". */
export function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase()
    .split(' ')
    .map(unglue)
    .map(inEnglish)
    .join(' ');
}

/**
 * A schema word of another language as the English one it stands for ("siparisler" → "orders"),
 * so the generator's rules read it; the language packs know their words.
 */
function inEnglish(word: string): string {
  if (SCHEMA_WORDS.has(word)) return word;
  const read = readSchemaWord(word);
  if (!read) return word;
  return read.plural ? pluralWord(read.word) : read.word;
}

/**
 * A lower-case word glued from schema words ("quantityordered" → "quantity ordered"), else the
 * word itself: the split with the fewest parts, every part a schema word.
 */
function unglue(word: string): string {
  if (word.length < 6 || !/^[a-z]+$/.test(word) || SCHEMA_WORDS.has(word)) return word;
  // best[i]: the fewest schema words spelling word.slice(0, i), or null.
  const best: (string[] | null)[] = [[]];
  for (let end = 1; end <= word.length; end++) {
    best[end] = null;
    for (let start = Math.max(0, end - 12); start <= end - 2; start++) {
      const head = best[start];
      const part = word.slice(start, end);
      if (head && SCHEMA_WORDS.has(part) && (!best[end] || head.length + 1 < best[end]!.length))
        best[end] = [...head, part];
    }
  }
  const parts = best[word.length];
  return parts && parts.length > 1 ? parts.join(' ') : word;
}

/** Every word capitalised: "invoice date" → "Invoice Date". */
export function title(text: string): string {
  // Not \b: it knows only ASCII letters ("müşteri" must not become "MÜşTeri").
  return text.replace(/(?<![\p{L}\p{N}])\p{L}/gu, (c) => c.toUpperCase());
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

/** "claim amount" for a measure of table "claim amount": the table's words are never said twice. */
export function qualify(entity: string, base: string): string {
  if (base === entity || base.startsWith(`${entity} `)) return base;
  if (entity.endsWith(` ${base}`)) return entity;
  return `${entity} ${base}`;
}

/** Words a question's label is not named by: question words, auxiliaries, pronouns, fillers. */
const STOP = new Set(
  `what which how many much who whom whose where when why do does did is are was were be been being am
  have has had would will could can should shall may might if yes no so maybe not you your yours i me my
  we our us they their them he she his her it its this that these those a an the of to in on at for with
  by from or and as ever currently primarily following best describes describe apply applies any there`
    .split(/\s+/)
    .filter(Boolean),
);
/** Small words that may stay inside a name: "history of mental illness", "disorder in the past". */
const LINKING = new Set(['of', 'in', 'the', 'for', 'on', 'at', 'to', 'and', 'a', 'an']);
const QUESTION_START =
  /^(what|which|how|who|where|when|why|do|does|did|is|are|was|were|have|has|had|would|will|could|can|should|if|please)\b/;

/** A label that is a question or a long phrase ("Which plan are you on?"), not a name. */
export function isSentence(name: string): boolean {
  const w = words(name);
  return /[?:]\s*$/.test(name.trim()) || (QUESTION_START.test(w) && w.split(' ').length >= 5);
}

/**
 * The short names of a sentence label, best first (issue 29, shape 9): the asked-for noun
 * ("Which plan are you on?" → "plan", "What is your age?" → "age", "How many employees does your
 * company have?" → "company size", "employees"), then its content words ("work remotely"), then
 * the phrase without its leading question words ("family history of mental illness").
 */
export function sentenceNames(name: string): string[] {
  const plain = name
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^if (yes|no|so|maybe|not) /, '');
  const content = (s: string): string =>
    s
      .split(' ')
      .filter((w) => w && !STOP.has(w))
      .join(' ');
  const out: string[] = [];
  const many = /^how (?:many|much) (.+?) (?:do|does|did|are|is|have|has|was|were|would|will)\b(.*)$/.exec(
    plain,
  );
  const owner = many ? /\b(?:your|the|their|its) (\w+)(?: or \w+)? have$/.exec(many[2].trim()) : null;
  if (owner) out.push(`${owner[1]} size`);
  if (many) out.push(content(many[1]));
  const head =
    /^(?:which|what) of the following (?:best )?(?:describes?|applies|apply) (?:to )?(.+)$/.exec(plain) ??
    /^(?:what|which) (?:is|are|was|were) (.+)$/.exec(plain) ??
    /^(?:what|which) (.+?) (?:do|does|did|are|is|have|has|was|were|would|will|can)\b/.exec(plain);
  if (head) out.push(content(head[1]));
  out.push(content(plain));
  // "family history of mental illness": the content words with the small words between them.
  const lead = plain.split(' ');
  while (lead.length > 0 && STOP.has(lead[0])) lead.shift();
  while (lead.length > 0 && STOP.has(lead[lead.length - 1])) lead.pop();
  if (lead.every((w) => !STOP.has(w) || LINKING.has(w))) out.push(lead.join(' '));
  return [...new Set(out.filter((s) => /\p{L}{2}/u.test(s) && s.split(' ').length <= 6))];
}

/**
 * A quantity's words as named: an open question by its first short name ("What is your age?" →
 * "age"); a yes/no question ("Is your employer a tech company?") keeps its words, as flags do.
 */
export function fieldWords(name: string): string {
  const open = isSentence(name) && /^(what|which|how)\b/.test(words(name));
  return (open ? sentenceNames(name)[0] : undefined) ?? words(name);
}
