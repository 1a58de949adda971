/**
 * Names as people say them: a column name's words ("invoice_date" → "invoice date"), title case,
 * singular and plural, a spelling-insensitive key per phrase, and the business synonyms of a word.
 */
import { readSchemaWord } from './schema-words';
import {
  BUSINESS_SYNONYMS,
  COMMON_WORDS,
  IRREGULAR,
  SALE_PARTICIPLES,
  SCHEMA_WORDS,
  UNCOUNTABLE,
  WORD_SYNONYMS,
} from './vocabulary';

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
  const parts = text.split(' ');
  if (parts.length < 2) return [...out];
  // "quantity ordered": the quantity sold ("units sold"); "quantity in stock": "units in stock".
  if (parts.length === 2 && SALE_PARTICIPLES.has(parts[1])) for (const s of synonymsFor(parts[0])) out.add(s);
  parts.forEach((w, i) => {
    for (const s of WORD_SYNONYMS[w] ?? [])
      out.add([...parts.slice(0, i), s, ...parts.slice(i + 1)].join(' '));
  });
  out.delete(text);
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
 * The short names of a sentence label, best first: the asked-for noun
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

const YES_NO_START = /^(?:are|is|do|does|did|have|has|had|was|were|would|will|can) /;
/** Words that end a yes/no question's short name: "sought treatment | for a mental health issue". */
const BREAK = new Set([
  'for',
  'from',
  'with',
  'by',
  'of',
  'in',
  'to',
  'at',
  'on',
  'within',
  'about',
  'which',
  'as',
]);

/**
 * The state a yes/no question asks about, short first: "Have you ever sought
 * treatment for a mental health issue …?" → "sought treatment"; "Have you been diagnosed with a
 * mental health condition by …?" → "diagnosed", "diagnosed with a mental health condition"; "Is
 * your employer primarily a tech company/organization?" → "tech company". Empty for other labels.
 */
export function yesNoNames(name: string): string[] {
  const plain = name
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/(\p{L}+)\/\p{L}+/gu, '$1')
    .replace(/[^\p{L}\p{N}\s,]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!YES_NO_START.test(plain) || !/\?\s*$/.test(name.trim())) return [];
  // The asker and their employer are the subject, not the state: "are you", "is your employer".
  const rest = plain
    .replace(YES_NO_START, '')
    .replace(/^(?:you|your \p{L}+)( been| ever| currently)* /u, '')
    .split(',')[0]
    .split(' ')
    .filter((w) => w !== '' && (!STOP.has(w) || BREAK.has(w) || LINKING.has(w)));
  while (rest.length > 0 && (LINKING.has(rest[0]) || BREAK.has(rest[0]))) rest.shift();
  const cut = rest.findIndex((w) => BREAK.has(w));
  const short = (cut < 0 ? rest : rest.slice(0, cut)).filter((w) => !LINKING.has(w));
  const stop = rest.indexOf('by');
  const long = (stop < 0 ? rest : rest.slice(0, stop)).join(' ').replace(/ (?:the|a|an|and|of|to)$/, '');
  const out: string[] = [];
  // One word names a state only as a participle or compound ("diagnosed", "self employed").
  if (short.length >= 2 || /(?:ed|en)$/.test(short[0] ?? '')) out.push(short.join(' '));
  if (long.split(' ').length <= 6 && long.split(' ').length > short.length) out.push(long);
  return out.filter((s) => s.length > 1 && s.split(' ').length <= 6);
}

/** The act a "-ment" noun names, as people say it before a noun: "shipment" → "shipping". */
function gerund(noun: string): string {
  const stem = /^(\p{L}{2,})ment$/u.exec(noun)?.[1];
  if (!stem) return noun;
  if (stem.endsWith('e')) return `${stem.slice(0, -1)}ing`;
  // One short syllable doubles its last consonant: "ship" → "shipping".
  return /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(stem) ? `${stem}${stem.at(-1)}ing` : `${stem}ing`;
}

/**
 * The bare concept of a quantity's name, for its business words: without a
 * parenthesised qualifier ("days for shipping (real)" → "days for shipping", "real days for
 * shipping", "real shipping days"), without its table's repeated entity ("order profit per order"
 * → "profit"), without a flat export's entity in front ("order item quantity" → "quantity").
 */
export function bareNames(base: string, entities: string[]): string[] {
  const out: string[] = [];
  const qualified = /^(.+) \(([^)]+)\)$/.exec(base);
  if (qualified) {
    const [, name, q] = qualified;
    out.push(name, `${q} ${name}`);
    const of = /^(\p{L}+) (?:for|of|to) (\p{L}+)$/u.exec(name);
    if (of) out.push(`${q} ${of[2]} ${of[1]}`, `${q} ${gerund(of[2])} ${of[1]}`);
  }
  const plain = qualified ? qualified[1] : base;
  const per = /^(\p{L}+) (.+) per \1$/u.exec(plain);
  if (per) out.push(per[2], `${per[1]} ${per[2]}`);
  const entity = [...entities].sort((a, b) => b.length - a.length).find((e) => plain.startsWith(`${e} `));
  const rest = entity ? plain.slice(entity.length + 1) : '';
  if (rest && !(rest.split(' ').length === 1 && COMMON_WORDS.has(rest))) out.push(rest);
  return [...new Set(out)].filter((p) => p !== base);
}

/**
 * More ways people name a question column, said as business words: "What
 * country do you work in?" → "country of work", "work country", "country they work in"; "Do you
 * work remotely?" → "remote work"; "Does your employer provide mental health benefits as part of
 * …?" → "mental health benefits"; "If … request a medical leave …, asking for that leave would
 * be:" → "medical leave".
 */
export function sentenceSynonyms(name: string): string[] {
  const plain = name
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^\p{L}\p{N},]+/gu, ' ')
    .trim();
  const out: string[] = [];
  const where = /^(?:what|which) (.+?) do you (\p{L}+)(?: in| at| for| from)?$/u.exec(plain);
  if (where) {
    const [thing, verb] = [where[1].split(' or ')[0], where[2]];
    out.push(`${thing} of ${verb}`, `${verb} ${thing}`);
    for (const who of ['you', 'they', 'i', 'we', 'people']) out.push(`${thing} ${who} ${verb} in`);
  }
  for (const n of sentenceNames(name)) {
    const adverb = /^(\p{L}+) (\p{L}{3,})ly$/u.exec(n);
    if (adverb) out.push(`${adverb[2]} ${adverb[1]}`);
  }
  for (const n of yesNoNames(name)) {
    const parts = n.split(' ');
    out.push(n, ...(parts.length >= 3 && !LINKING.has(parts[1]) ? [parts.slice(1).join(' ')] : []));
  }
  // "asking for that leave": the clause's noun as said before ("a medical leave").
  const clauses = plain.split(',');
  const that = clauses.length > 1 ? /\b(?:that|this) (\p{L}+)\b/u.exec(clauses.at(-1)!) : null;
  const earlier = that
    ? new RegExp(`\\b(\\p{L}+) ${that[1]}\\b`, 'u').exec(clauses.slice(0, -1).join(','))
    : null;
  if (that && earlier && !STOP.has(earlier[1])) out.push(`${earlier[1]} ${that[1]}`);
  // "US" stays the country's letters, as a question writes it, never the pronoun.
  const us = /\bUS\b/.test(name);
  return [...new Set(out.map((p) => (us ? p.replace(/\bus\b/g, 'US') : p)))];
}
