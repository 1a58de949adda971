/**
 * Language packs and the choice between them (issue 13): a question in Turkish letters, with
 * Turkish suffixes after an apostrophe or with more Turkish than English function words is read
 * with the Turkish pack; the user's UI language breaks a tie.
 */
import { EN } from './en';
import { foldedWords, isTurkishWord, TR } from './tr';
import type { TLanguageCode, TLanguagePack } from './types';

export { EN } from './en';
export { TR } from './tr';
export type { TLanguageCode, TLanguagePack } from './types';

const PACKS: Record<TLanguageCode, TLanguagePack> = { en: EN, tr: TR };

/** Words that say a question is English: function words, the English fillers, date words. */
const ENGLISH_WORDS = new Set([
  ...`the by of in for last this what show me top and vs per how many which is are was were from to with
  revenue orders sales customers month year week quarter compared each over between average total
  yesterday today days weeks months quarters years ytd mtd qtd since ago previous prior past next
  versus than rate sessions users visitors mobile desktop jan feb mar apr jun jul aug sep sept oct nov dec
  january february march april june july august september october november december`
    .split(/\s+/)
    .filter(Boolean),
  ...EN.fillers,
]);

/** 'tr' or 'en' for a question; `userLanguage` ('tr', 'tr-TR', 'en-GB'…) breaks a tie. */
export function detectLanguage(phrase: string, userLanguage?: string | null): TLanguageCode {
  const user: TLanguageCode = userLanguage?.toLowerCase().startsWith('tr') ? 'tr' : 'en';
  if (typeof phrase !== 'string') return user;
  if (/[çğıöşüÇĞİÖŞÜ]/.test(phrase)) return 'tr';
  if (/[\p{L}\d]'(?:d[ae]|t[ae]|d[ae]n|t[ae]n|[yn]?[ıiuü]n|[yn]?[ae]|[yn]?[ıiuü]|l[ae]r)\b/iu.test(phrase))
    return 'tr';
  let tr = 0;
  let en = 0;
  for (const w of foldedWords(phrase)) {
    if (isTurkishWord(w)) tr++;
    else if (ENGLISH_WORDS.has(w)) en++;
  }
  if (tr > en) return 'tr';
  if (en > tr) return 'en';
  return user;
}

/** The pack of a language code. */
export function getLanguagePack(code: TLanguageCode): TLanguagePack {
  return PACKS[code] ?? EN;
}
