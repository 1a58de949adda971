/**
 * Turkish names of fields the model generator named in English from Turkish schema words:
 * "Payment Method" is "ödeme yöntemi", "Average Product Price" is "ortalama ürün fiyatı",
 * "Number of Products" is "ürün sayısı". Phrases are keyed by folded words, and a written
 * word reaches them by its stem ("yöntemine" → "yontem"), so the Turkish endings are left off.
 */
import { readTurkishSchemaWord, TURKISH_STEMS } from './schema-words';

/** An English word's Turkish schema stem, singular or plural ("products" → "urun"). */
function stemOf(word: string): string | undefined {
  const singular = word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.replace(/s$/, '');
  return TURKISH_STEMS[word] ?? TURKISH_STEMS[singular];
}

/** An English phrase in Turkish stems, word for word, when every word has one. */
function inTurkishStems(phrase: string): string | undefined {
  const stems = phrase.split(' ').map(stemOf);
  return stems.every((s) => s !== undefined) ? stems.join(' ') : undefined;
}

/** The Turkish phrases of a field's English label and synonyms, where every word has a stem. */
export function composedPhrases(phrases: string[]): string[] {
  const out = new Set<string>();
  for (const phrase of phrases.map((p) => p.toLowerCase())) {
    const counted = /^number of (.+)$/.exec(phrase);
    const averaged = /^(?:average|avg) (.+)$/.exec(phrase);
    const base = inTurkishStems(counted?.[1] ?? averaged?.[1] ?? phrase);
    if (!base) continue;
    out.add(counted ? `${base} sayisi` : averaged ? `ortalama ${base}` : base);
  }
  return [...out];
}

/**
 * A column's own Turkish name as said ("aylik_ucret" → "aylık ücret"), for a column named in
 * Turkish: its English reading may be only partly English ("aylik fee"). An average measure is
 * said "ortalama …"; other aggregations keep their English names.
 */
export function ownColumnPhrase(column: string | undefined, agg?: string): string | undefined {
  if (!column) return undefined;
  const phrase = column.replace(/[_\-.\s]+/g, ' ').trim();
  if (!phrase.split(' ').some((w) => readTurkishSchemaWord(w))) return undefined;
  if (agg === undefined || agg === 'sum') return phrase;
  return agg === 'avg' ? `ortalama ${phrase}` : undefined;
}
