/**
 * The parser's messages as keys with parameters and the texts a language gives
 * for them: the parser says *what* it needs to ask, each language pack says it in its words
 * (rendered by parser/messages.ts, which escapes the user's words once).
 */

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
  | { key: 'changePeriods'; understood: string | null }
  | { key: 'noDate'; measure: string }
  | { key: 'whatToRank'; understood: string }
  | { key: 'notAvailable'; measures: string[]; dimension: string }
  | { key: 'notAQuery' }
  | { key: 'kindNotYet'; kind: 'drivers' | 'forecast'; understood: string | null }
  | { key: 'cutOff'; word: string; understood: string | null }
  | { key: 'measureFromMeasure'; measure: string; source: string }
  | { key: 'perWhat'; measure: string; words: string }
  | { key: 'noAggregation'; words: string; measure: string };

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
    /** One measure divided by another, as the question's arithmetic reads it. */
    divided(a: string, b: string): string;
    fieldValue(field: string, value: string): string;
    trendOf(measure: string, period: string): string;
    /** A ranking in the user's words: "top 5" or "best", the breakdown's words, the measure. */
    ranked(ranking: string, dimension: string, measure: string): string;
    /**
     * A question of a measure and what else was understood, in the language's word order:
     * its breakdowns, its values (excluded or not) and the other words read as written ("last month").
     */
    compose(
      measure: string,
      dimensions: string[],
      values: { value: string; excluded: boolean }[],
      words: string,
    ): string;
  };
  /**
   * What a question back says it understood, in the language's names and word order
   * (English "by Country", "Country is Germany"; Turkish "Ülke bazında", "Ülke: Almanya").
   */
  understood: {
    name(label: string): string;
    by(dimension: string): string;
    values(dimension: string, values: string[], excluded: boolean): string;
  };
  /** A list joined the language's way ("A, B or C"). */
  list(items: string[], conjunction: 'and' | 'or'): string;
}
