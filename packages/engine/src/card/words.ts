/**
 * The card's words per language: column labels, periods, the answer text, insights and
 * the drivers and forecast texts, like the parser's messages (parser/messages.ts). Builders pass
 * escaped HTML fragments (values already in <b>); a catalogue only orders them into sentences.
 * Each language brings its catalogue in its pack (languages/<code>/card-words.ts).
 */
import {
  CHANGE_SUFFIX,
  CONTRIBUTION_SUFFIX,
  FORECAST_HIGH_SUFFIX,
  FORECAST_LOW_SUFFIX,
  FORECAST_PREFIX,
  PREVIOUS_PREFIX,
  SHARE_SUFFIX,
} from '@parley/presenter';
import {
  detectLanguage,
  getLanguagePack,
  listLanguages,
  type TLanguageCode,
  userLanguagePack,
} from '../languages';
import type { TCardWords } from '../languages/card-types';

export type { TAgainst, TCalendarSpan, TCardWords, TDirection } from '../languages/card-types';

/** The card words of a language (English for an unknown one). */
export function getCardWords(language: TLanguageCode | undefined): TCardWords {
  return getLanguagePack(language).card;
}

/**
 * The language a card is written in (DESIGN §6): the user's own language when it is not the
 * default (a Turkish user reads Turkish cards), otherwise the question's language.
 */
export function cardLanguage(phrase: string, userLanguage: string | null | undefined): TLanguageCode {
  const user = userLanguagePack(userLanguage);
  if (user && user !== getLanguagePack()) return user.code;
  return detectLanguage(phrase, userLanguage);
}

/**
 * The locale numbers and dates of a card are written in: a language with a fixed locale (Turkish
 * cards in `tr`) always in it; others in the user's, unless that belongs to a fixed-locale
 * language, then in the language's own (English: en-US).
 */
export function cardLocale(language: TLanguageCode, userLocale: string | null | undefined): string {
  const { locale } = getLanguagePack(language);
  if (locale.fixed) return locale.name;
  const fixedUser = listLanguages().some(
    (p) => p.locale.fixed && userLocale?.toLowerCase().startsWith(p.code),
  );
  return userLocale && !fixedUser ? userLocale : locale.name;
}

/** A derived column's label in a language, from its row key's conventions (keys stay English). */
export function columnLabel(key: string, words: TCardWords): string | null {
  const f = words.field;
  const c = words.columns;
  // Longest conventions first: a forecast bound before the forecast itself.
  const rules: [string, string, (m: string) => string][] = [
    [FORECAST_PREFIX, FORECAST_LOW_SUFFIX, (m) => c.forecastLow(f(m))],
    [FORECAST_PREFIX, FORECAST_HIGH_SUFFIX, (m) => c.forecastHigh(f(m))],
    [FORECAST_PREFIX, '', (m) => c.forecast(f(m))],
    [PREVIOUS_PREFIX, '', (m) => c.previous(f(m))],
    ['', CHANGE_SUFFIX, (m) => c.change(f(m))],
    ['', CONTRIBUTION_SUFFIX, (m) => c.contribution(f(m))],
    ['', SHARE_SUFFIX, (m) => c.share(f(m))],
  ];
  for (const [prefix, suffix, label] of rules) {
    if (key.length > prefix.length + suffix.length && key.startsWith(prefix) && key.endsWith(suffix))
      return label(key.slice(prefix.length, key.length - suffix.length));
  }
  return null;
}
