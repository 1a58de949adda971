/**
 * How a question is told to be Turkish (languages/registry.ts asks every pack): Turkish letters or
 * a Turkish suffix after an apostrophe are certain; otherwise its Turkish words are counted —
 * function words, the fillers, the Turkish names of fields and values, month and country names.
 */
import countries from 'i18n-iso-countries';
import { foldTurkish, stemTurkish } from './text';
import { FILLERS, TR_FIELDS, TR_VALUES, words } from './words';

/** Words Turkish shares with English questions: they say nothing about the language. */
const SHARED = new Set(
  words(
    'a o i on her son bin alan var ver tut segment platform tablet mobil mail outdoor email direkt kim vs versus',
  ),
);

/**
 * Words that say a question is Turkish (folded): function words, the fillers, the Turkish names
 * of fields and values, month names.
 */
const TURKISH_WORD_SET = new Set<string>(
  [
    ...words(`ve ile gore bazinda gecen bu ay yil hafta haric en cok az goster nedir kac mi mu icin ne hangi
  toplam dun bugun ceyrek yilbasindan beri basina disinda degil olarak grafik aylik haftalik yillik
  gunluk neden tahmin onumuzdeki gelecek kadar fazla arasi arasinda listele ilk tum sayisi ortalama
  ocak subat mart nisan mayis haziran temmuz agustos eylul ekim kasim aralik gun`),
    // Turkish country names that are not also the English ones ("Almanya", not "Peru").
    ...Object.entries(countries.getNames('tr'))
      .map(([code, name]) => [foldTurkish(name), foldTurkish(countries.getName(code, 'en') ?? '')])
      .filter(([tr, en]) => tr !== en && !tr.includes(' '))
      .map(([tr]) => tr),
    ...FILLERS,
    ...[...Object.values(TR_FIELDS), ...Object.values(TR_VALUES)].flatMap((list) =>
      list.flatMap((p) => foldTurkish(p).split(/[^a-z]+/)),
    ),
  ].filter((w) => w.length >= 2 && !SHARED.has(w)),
);
const TURKISH_SUFFIX =
  /^(?:l[ae]r[a-z]*|[dt][ae]n?|[dt][ae]ki|n?[iu]n|[yns]?[iu]|[yn]?[ae]|ki|l[iu]k|l[iu])$/;

/** A folded word is Turkish: a known word, its stem, or a known word with a Turkish suffix. */
export function isTurkishWord(word: string): boolean {
  if (SHARED.has(word)) return false;
  if (TURKISH_WORD_SET.has(word) || TURKISH_WORD_SET.has(stemTurkish(word))) return true;
  for (let n = word.length - 1; n >= 4; n--)
    if (TURKISH_WORD_SET.has(word.slice(0, n)) && TURKISH_SUFFIX.test(word.slice(n))) return true;
  return false;
}

/** The folded words of a phrase, for language detection. */
export const foldedWords = (phrase: string): string[] =>
  foldTurkish(phrase)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Turkish letters, or a Turkish suffix after an apostrophe ("Almanya'da", "2025'te"): Turkish. */
export function isCertainlyTurkish(phrase: string): boolean {
  if (/[çğıöşüÇĞİÖŞÜ]/.test(phrase)) return true;
  return /[\p{L}\d]'(?:d[ae]|t[ae]|d[ae]n|t[ae]n|[yn]?[ıiuü]n|[yn]?[ae]|[yn]?[ıiuü]|l[ae]r)\b/iu.test(phrase);
}

/** The phrase's Turkish words (folded). */
export const turkishWords = (phrase: string): string[] => foldedWords(phrase).filter(isTurkishWord);
