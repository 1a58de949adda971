/**
 * Which date grammar reads a question. Interim (issue 28): the two grammars still live in the
 * parser (date-phrases.ts, lang/tr-dates.ts) while their rules move to languages/<code>/dates.ts
 * for one driver (parser/dates/); then each pack carries its rules and this table goes. A pack
 * cannot import them itself: languages/ imports nothing from the parser. Others read English dates.
 */
import type { TLanguageCode, TLanguagePack } from '../languages';
import { findDates, type TDateContext, type TDateFindings } from './date-phrases';
import { findDatesTr } from './lang/tr-dates';
import type { TokenScanner } from './scanner';

type TFindDates = (scanner: TokenScanner, ctx: TDateContext) => TDateFindings;

const GRAMMARS: Partial<Record<TLanguageCode, TFindDates>> = { en: findDates, tr: findDatesTr };

/** Finds and consumes the question's date ranges and comparisons with its language's grammar. */
export function findDatesIn(pack: TLanguagePack, scanner: TokenScanner, ctx: TDateContext): TDateFindings {
  return (GRAMMARS[pack.code] ?? findDates)(scanner, ctx);
}
