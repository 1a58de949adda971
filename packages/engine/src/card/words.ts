/**
 * The card's words per language (issue 13): column labels, periods, the answer text, insights and
 * the drivers and forecast texts, like the parser's messages (parser/messages.ts). Builders pass
 * escaped HTML fragments (values already in <b>); a catalogue only orders them into sentences.
 * English is words-en.ts, Turkish words-tr.ts.
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
import { detectLanguage } from '../parser/lang/index';
import type { TLanguageCode } from '../parser/lang/types';
import { EN_WORDS } from './words-en';
import { TR_WORDS } from './words-tr';

import type { TCardWords } from './words-types';

export type { TAgainst, TCalendarSpan, TCardWords, TDirection } from './words-types';

/** The card words of a language. */
export function getCardWords(language: TLanguageCode | undefined): TCardWords {
  return language === 'tr' ? TR_WORDS : EN_WORDS;
}

/**
 * The language a card is written in (DESIGN §6): Turkish for a Turkish question or for a user
 * whose language is Turkish, otherwise English.
 */
export function cardLanguage(phrase: string, userLanguage: string | null | undefined): TLanguageCode {
  if (userLanguage?.toLowerCase().startsWith('tr')) return 'tr';
  return detectLanguage(phrase, userLanguage);
}

/** The locale numbers and dates of a card are written in: Turkish cards in `tr`, others in the user's. */
export function cardLocale(language: TLanguageCode, userLocale: string | null | undefined): string {
  if (language === 'tr') return 'tr';
  return userLocale && !userLocale.toLowerCase().startsWith('tr') ? userLocale : 'en-US';
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
