/**
 * The parser's messages as keys with parameters (issue 10 item 2): the parser says *what* it
 * needs to ask, the caller writes it in the user's language with `renderParseMessage`. Each
 * language pack carries its texts; parameters that came from the user are escaped here, once.
 */
import { escapeHtml } from '@parley/presenter';

export type TParseMessage =
  | { key: 'failed' }
  | { key: 'empty' }
  | { key: 'tooLong'; max: number }
  | { key: 'ambiguousWord'; words: string; options: string[] }
  | { key: 'noRatio'; words: string; numerator: string; denominator: string }
  | { key: 'ambiguousValue'; words: string; options: string[] }
  | { key: 'unknownWords'; understood: string | null; words: string[] }
  | { key: 'nothingKnown' }
  | { key: 'whichMeasure'; understood: string | null }
  | { key: 'twoPeriods' }
  | { key: 'noDate'; measure: string }
  | { key: 'whatToRank'; understood: string }
  | { key: 'notAvailable'; measures: string[]; dimension: string }
  | { key: 'notAQuery' }
  | { key: 'kindNotYet'; kind: 'drivers' | 'forecast'; understood: string | null }
  | { key: 'cutOff'; word: string; understood: string | null }
  | { key: 'measureFromMeasure'; measure: string; source: string }
  | { key: 'perWhat'; measure: string; words: string };

export type TParseMessageKey = TParseMessage['key'];

/** The titles of the choice lists. */
export type TChoiceTitle =
  | 'youCouldAsk'
  | 'whichOne'
  | 'whichMeasure'
  | 'didYouMean'
  | 'rankBy'
  | 'breakdowns';

/** Texts of one language. Parameters arrive escaped (they may hold the user's own words). */
export interface TMessages {
  text: { [K in TParseMessageKey]: (m: Extract<TParseMessage, { key: K }>) => string };
  titles: Record<TChoiceTitle, string>;
  /** Whole questions offered as choices, built from the model's labels. */
  phrases: {
    lastMonth(measure: string): string;
    byMonthThisYear(measure: string): string;
    thisVsLastMonth(measure: string): string;
    thisVsLastQuarter(measure: string): string;
    rank(dir: 'asc' | 'desc', n: number, dimension: string, measure: string): string;
    by(measures: string[], dimension: string): string;
    both(a: string, b: string): string;
    fieldValue(field: string, value: string): string;
    trendOf(measure: string, period: string): string;
  };
  /** A list joined the language's way ("A, B or C"). */
  list(items: string[], conjunction: 'and' | 'or'): string;
}

/** Escapes every string (and string array) parameter of a message. */
function escaped<T extends TParseMessage>(m: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(m)) {
    if (k === 'key' || k === 'kind') out[k] = v;
    else if (typeof v === 'string') out[k] = escapeHtml(v);
    else if (Array.isArray(v)) out[k] = v.map((x) => (typeof x === 'string' ? escapeHtml(x) : x));
    else out[k] = v;
  }
  return out as T;
}

/** A parser message as sanitised HTML text in the given language. */
export function renderParseMessage(message: TParseMessage, messages: TMessages): string {
  const render = messages.text[message.key] as (m: TParseMessage) => string;
  return render(escaped(message));
}
