import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../lib/contract';

/**
 * Picks the interface locale (spec 1 §1): a stored choice wins; otherwise, for each browser
 * language in order of preference, an exact match, then its language prefix as a locale, then any
 * supported locale with the same prefix; else the default en-US.
 */
export function chooseLocale(
  browserLanguages: readonly string[],
  stored: string | null = null,
  supported: readonly string[] = LANGUAGES,
): Language {
  const find = (tag: string) => supported.find((l) => l.toLowerCase() === tag.toLowerCase());
  if (stored) {
    const hit = find(stored);
    if (hit) return hit as Language;
  }
  for (const raw of browserLanguages) {
    const tag = raw.trim().replace('_', '-');
    if (!tag) continue;
    const exact = find(tag);
    if (exact) return exact as Language;
    const prefix = tag.split('-')[0].toLowerCase();
    const byPrefix = find(prefix);
    if (byPrefix) return byPrefix as Language;
    const samePrefix = supported.find((l) => l.toLowerCase().split('-')[0] === prefix);
    if (samePrefix) return samePrefix as Language;
  }
  return DEFAULT_LANGUAGE;
}

/** The browser's language list, most preferred first. */
export function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages && navigator.languages.length > 0) return [...navigator.languages];
  return navigator.language ? [navigator.language] : [];
}
