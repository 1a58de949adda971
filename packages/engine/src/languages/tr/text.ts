/**
 * Turkish text for the parser: tr-TR case folding ("İ" → "i", "I" → "ı"), then an
 * ASCII-folded key (ç ğ ı ö ş ü → c g i o s u) so questions typed without Turkish letters read
 * the same; suffixes after apostrophes dropped ("Almanya'da" → "almanya", "2025'te" → "2025");
 * number words and Turkish number notation ("1.500", "2,5", "%10", "10 bin") as digits; stems
 * from the Snowball Turkish stemmer (snowball-stemmers), cached per word.
 */
// Its types, for every project that compiles the engine's sources (the server, the web).
/// <reference path="./snowball-stemmers.d.ts" />
import snowball from 'snowball-stemmers';

const STEMMER = snowball.newStemmer('turkish');

const FOLD: Record<string, string> = {
  ç: 'c',
  ğ: 'g',
  ı: 'i',
  ö: 'o',
  ş: 's',
  ü: 'u',
  â: 'a',
  î: 'i',
  û: 'u',
};

/**
 * tr-TR lower case, then the ASCII-folded key. Turkish lower case differs from the default only
 * around I (İ → i, I → ı; a combining dot above after an I is dropped), so `trLower` maps those and
 * leaves the rest to `toLowerCase`, which skips ICU's far slower `toLocaleLowerCase('tr-TR')` on the
 * answer path with the same result (docs/perf/notes.md).
 */
export function foldTurkish(text: string): string {
  return trLower(text).replace(/[çğıöşüâîû]/g, (c) => FOLD[c] ?? c);
}

/** `text.toLocaleLowerCase('tr-TR')` (tested against it over every BMP code point). */
export function trLower(text: string): string {
  // A combining dot above (rare) has context rules after an I: left to ICU.
  if (text.includes('\u0307')) return text.toLocaleLowerCase('tr-TR');
  return (/[Iİ]/.test(text) ? text.replace(/[Iİ]/g, (c) => (c === 'I' ? 'ı' : 'i')) : text).toLowerCase();
}

/** First letter upper case, the Turkish way ("i" → "İ", "ı" → "I"), as `toLocaleUpperCase('tr-TR')` would. */
export function capitaliseTr(text: string): string {
  const first = text.charAt(0);
  return (first === 'i' ? 'İ' : first.toUpperCase()) + text.slice(1);
}

const STEM_CACHE = new Map<string, string>();
const STEM_CACHE_LIMIT = 20_000;

/** The stem of one folded word ("bolgelere" → "bolge", "siparisler" → "siparis"). */
export function stemTurkish(word: string): string {
  const cached = STEM_CACHE.get(word);
  if (cached !== undefined) return cached;
  let stem = word;
  if (/^[a-z]{4,}$/.test(word)) stem = foldTurkish(STEMMER.stem(word));
  if (stem.length < 2) stem = word;
  if (STEM_CACHE.size >= STEM_CACHE_LIMIT) STEM_CACHE.clear();
  STEM_CACHE.set(word, stem);
  return stem;
}

/** A set of folded words that also holds their inflected forms ("gosterir" is "goster"). */
export class StemSet extends Set<string> {
  override has(word: string): boolean {
    if (super.has(word) || super.has(stemTurkish(word))) return true;
    // A suffix of up to four letters on a word of the set ("gosterin", "verisi").
    for (let n = word.length - 1; n >= Math.max(4, word.length - 4); n--)
      if (super.has(word.slice(0, n))) return true;
    return false;
  }
}

/**
 * The vocabulary words a folded word may be, best first: itself, its Snowball stems, then the
 * longest vocabulary words it starts with (what follows read as suffixes, a final ğ/b/d read as
 * the k/p/t it softened from: "ceyregi" → "ceyrek"). Empty when none is in `words`.
 */
export function getCandidates(word: string, words: Set<string>): string[] {
  const out: string[] = [];
  const add = (w: string): void => {
    if (words.has(w) && !out.includes(w)) out.push(w);
  };
  add(word);
  if (!/^[a-z]{4,}$/.test(word)) return out;
  const stem = stemTurkish(word);
  add(stem);
  const soft: Record<string, string> = { g: 'k', b: 'p', d: 't' };
  for (let n = word.length - 1; n >= 3 && word.length - n <= 8; n--) {
    const head = word.slice(0, n);
    // A three-letter word takes at most a short suffix ("karı"), never a long one.
    if (n === 3 && word.length > 6) break;
    add(head);
    const last = head.at(-1) ?? '';
    if (soft[last]) add(head.slice(0, -1) + soft[last]);
    if (out.length >= 3) break;
  }
  return out;
}

const UNITS: Record<string, number> = {
  bir: 1,
  iki: 2,
  uc: 3,
  dort: 4,
  bes: 5,
  alti: 6,
  yedi: 7,
  sekiz: 8,
  dokuz: 9,
  on: 10,
  yirmi: 20,
  otuz: 30,
  kirk: 40,
  elli: 50,
  altmis: 60,
  yetmis: 70,
  seksen: 80,
  doksan: 90,
};
const SCALES: Record<string, number> = { yuz: 100, bin: 1e3, milyon: 1e6, milyar: 1e9 };

/** Words that follow a count ("bir ay", "iki hafta"): "bir" before them is the number one. */
const COUNTED = /^(?:gun|hafta|ay|yil|sene|ceyrek|urun|ulke|kanal|marka|kategori)/;

/**
 * Number words as digits: "iki yüz elli" → 250, "10 bin" → 10000, "bir milyon" → 1000000.
 * A lone "bir" is the article ("bir grafik"), read as one only before a count or a scale;
 * "ve altı" is "and below", not six.
 */
function readNumbers(words: string[]): string[] {
  const isNum = (x: string): boolean => /^\d+(?:\.\d+)?$/.test(x);
  const out: string[] = [];
  let i = 0;
  while (i < words.length) {
    const w = words[i];
    const next = words[i + 1] ?? '';
    const digit = isNum(w);
    const word = UNITS[w] !== undefined || SCALES[w] !== undefined;
    const article =
      w === 'bir' && !(SCALES[next] !== undefined || UNITS[next] !== undefined || COUNTED.test(next));
    const below = w === 'alti' && (words[i - 1] === 've' || words[i - 1] === 'veya');
    if ((!digit && !word) || article || below) {
      out.push(w);
      i++;
      continue;
    }
    let total = 0;
    let current = digit ? Number(w) : 0;
    let j = digit ? i + 1 : i;
    while (j < words.length) {
      const x = words[j];
      if (!digit && UNITS[x] !== undefined) current += UNITS[x];
      else if (SCALES[x] === 100) current = (current || 1) * 100;
      else if (SCALES[x] !== undefined) {
        total += (current || 1) * SCALES[x];
        current = 0;
      } else break;
      j++;
    }
    out.push(j === i + 1 && digit ? w : String(total + current));
    i = j;
  }
  return out;
}

/** Case suffixes on a number written without an apostrophe ("2025te", "1000den"). */
const NUMBER_SUFFIX =
  /^(\d+(?:\.\d+)?)(?:d[ae]n|t[ae]n|d[ae]|t[ae]|[yn]?[ie]n?|[yn]?[ae]|[iu]n|e|a|ncu|nci|inci|uncu)$/;

/**
 * Lower-cases (tr-TR), folds and rewrites a Turkish question into space-separated tokens.
 * "Almanya'da" → "almanya"; "1.500" → "1500"; "2,5" → "2.5"; "%10" → "10 %"; "15.03.2025" →
 * "15/03/2025"; "3. çeyrek" → "3 ceyrek"; "sipariş başına gelir" → "gelir basina siparis gore"
 * (the ratio's English order, so the parser's ratio rule reads it).
 */
export function normaliseTurkish(phrase: string): string {
  let s = phrase.normalize('NFKC');
  s = foldTurkish(s);
  s = s.replace(/[‘’`´]/g, "'").replace(/[“”]/g, '"');
  s = s.replace(/(\d{1,2})\.(\d{1,2})\.(\d{4})/g, '$1/$2/$3');
  s = s.replace(/(\d)\.(\d{3})(?!\d)/g, '$1$2').replace(/(\d)\.(\d{3})(?!\d)/g, '$1$2');
  s = s.replace(/(\d),(\d)/g, '$1.$2');
  s = s.replace(/(\d)\.(?=\s|$)/g, '$1 ');
  // Suffixes after an apostrophe: "almanya'da", "2025'in", "q3'te".
  s = s.replace(/([\p{L}\p{N}])'[\p{L}]+/gu, '$1');
  s = s.replace(/%\s*(\d+(?:\.\d+)?)/g, '$1 %');
  s = s.replace(/(\d)\s*%/g, '$1 %');
  s = s.replace(/\byuzde\s+(\d+(?:\.\d+)?)/g, '$1 %');
  s = s.replace(/(\d)(k|m|bn)\b/g, '$1 $2');
  s = s.replace(/(>=|<=|[<>])/g, ' $1 ');
  s = s.replace(/([$€₺])(?=\d)/g, '$1 ');
  s = s.replace(/(\p{L})-(?=\p{L})/gu, '$1 ');
  s = s.replace(/(?<![\d-])(\d{1,2})-(\d{1,2})(?![\d-])/g, '$1 - $2');
  s = s.replace(/[^\p{L}\p{N}&%$€₺<>=/\-.' ]+/gu, ' ');
  s = s.replace(/(^|\s)['.\-/]+|['.\-/]+(?=\s|$)/g, ' ');
  s = s.replace(/'/g, '');
  let words = s.split(/\s+/).filter(Boolean);
  words = words.map((w) => NUMBER_SUFFIX.exec(w)?.[1] ?? w);
  words = words.map((w) =>
    /^(?:bin|milyon|milyar)(?:d[ae]n|t[ae]n|d[ae]|[yn]?[ie]n?|[yn]?[ae]|lik)$/.exec(w)
      ? w.replace(/(bin|milyon|milyar).*/, '$1')
      : w,
  );
  words = readNumbers(words);
  let out = words.join(' ');
  // "sipariş başına (ortalama) gelir": the measure first, then what it is per.
  out = out.replace(/(^| )(\S+) basina ((?:ortalama )?\S+)/g, '$1$3 basina $2 gore');
  return out;
}
