/**
 * The registered language packs and the choice between them (no language
 * named here). A question is read in the language whose pack is certain of it, else in the one
 * with the most of its own words; the user's UI language breaks a tie; English is the default.
 */
import { setSchemaWordReader } from '../model/introspect/schema-words';
import type { TLanguageCode, TLanguagePack } from './types';

/** The language of a question nothing else decides, and of an unknown code. */
const DEFAULT_LANGUAGE: TLanguageCode = 'en';

const PACKS = new Map<TLanguageCode, TLanguagePack>();

/** Adds a language (or replaces the pack of its code): languages/index.ts, or a test's own pack. */
export function registerLanguage(pack: TLanguagePack): void {
  PACKS.set(pack.code, pack);
  // The model generator reads schema names in every registered language.
  if (pack.schemaWord) setSchemaWordReader(pack.code, pack.schemaWord);
}

/** The pack of a language code; English for an unknown code or none. */
export function getLanguagePack(code?: TLanguageCode | null): TLanguagePack {
  const pack = PACKS.get(code ?? DEFAULT_LANGUAGE) ?? PACKS.get(DEFAULT_LANGUAGE);
  if (!pack) throw new Error('No language registered: import the engine through languages/index.ts');
  return pack;
}

/** The registered packs, in the order they were registered. */
export function listLanguages(): TLanguagePack[] {
  return [...PACKS.values()];
}

/** The registered language a UI language ('tr', 'tr-TR', 'en-GB'…) belongs to, if any. */
export function userLanguagePack(userLanguage: string | null | undefined): TLanguagePack | null {
  const lower = userLanguage?.toLowerCase();
  if (!lower) return null;
  return listLanguages().find((p) => lower.startsWith(p.code)) ?? null;
}

/** The language of a question; `userLanguage` ('tr', 'tr-TR', 'en-GB'…) breaks a tie. */
export function detectLanguage(phrase: string, userLanguage?: string | null): TLanguageCode {
  const user = userLanguagePack(userLanguage)?.code ?? DEFAULT_LANGUAGE;
  if (typeof phrase !== 'string') return user;
  const packs = listLanguages();
  const certain = packs.find((p) => p.detect.certain?.(phrase));
  if (certain) return certain.code;
  // The default language's words are the ones others borrow ("data", "site"): a word another
  // language also claims counts for that language only.
  const others = packs.filter((p) => p.code !== DEFAULT_LANGUAGE);
  const claimed = new Set(others.flatMap((p) => p.detect.words(phrase)));
  const scores = packs.map((p) => ({
    code: p.code,
    score:
      p.code === DEFAULT_LANGUAGE
        ? p.detect.words(phrase).filter((w) => !claimed.has(w)).length
        : p.detect.words(phrase).length,
  }));
  const best = Math.max(...scores.map((s) => s.score));
  const leaders = scores.filter((s) => s.score === best);
  return leaders.length === 1 ? leaders[0].code : user;
}
