// The shape of a language's card words: what card/words.ts hands out and each language's card-words.ts fills.
import type { TComparison, TDateRange, TSemanticQuery, TTimeGrain } from '@parley/contract';
import type { TSemanticModel } from '../model/semantic-model';
import type { TLanguageCode } from './language-code';

/** What a change is measured against: the comparison period, or an earlier time bucket. */
export type TAgainst =
  | { kind: 'comparison'; compare: TComparison; range?: TDateRange }
  | { kind: 'bucket'; text: string };

export type TDirection = 'up' | 'down' | 'unchanged';

/** A calendar quarter or year that a forecast's buckets exactly cover. */
export type TCalendarSpan =
  | { kind: 'quarter'; quarter: number; year: number }
  | { kind: 'year'; year: number };

export interface TCardWords {
  code: TLanguageCode;
  /** A model label (measure, dimension, time bucket) as this language's users read it. */
  field(label: string): string;
  /** Labels of derived columns, from the measure's (already translated) name. */
  columns: {
    previous(m: string): string;
    change(m: string): string;
    /** A share column: of the measure's whole total, or (shown: a count) of the rows shown only. */
    share(m: string, shown?: number | null): string;
    contribution(m: string): string;
    forecast(m: string): string;
    forecastLow(m: string): string;
    forecastHigh(m: string): string;
    /** The drivers table's dimension and value columns. */
    dimension: string;
    value: string;
  };
  /** The merged remainder row ("Other (5)"). */
  other(count: number): string;
  range(range: TDateRange): string;
  /** The comparison period's name ("the month before"). */
  comparison(compare: TComparison, range?: TDateRange): string;
  title(query: TSemanticQuery, model: TSemanticModel): string;
  describe(query: TSemanticQuery, model: TSemanticModel): string;
  /** A title with what it is compared with. */
  titleVs(title: string, against: string): string;
  /** A time grain as a unit after a number ("3 months" / "3 ay"). */
  units(grain: TTimeGrain, n: number): string;

  /** The answer text (card/answer-text.ts); `*Html` arguments are escaped and may hold <b>. */
  text: {
    noData: string;
    change(dir: TDirection, amountHtml: string, against: TAgainst): string;
    when(periodEsc: string): string;
    valueIs(labelEsc: string, valueHtml: string, first: boolean): string;
    againstValue(prevHtml: string, against: TAgainst): string;
    single(nameHtml: string, labelEsc: string, valueHtml: string, when: string): string;
    lead(nameHtml: string, lowest: boolean, labelEsc: string, valueHtml: string, when: string): string;
    /** A change between periods, per group: how many groups matched, and the one that moved most. */
    movedMost(count: number, nameHtml: string, valueHtml: string, prevHtml: string, change: string): string;
    /**
     * A share of the measure's total, naming that total (labelEsc: the measure): the whole's, or
     * when `shown` is a count, the total of only the rows shown (the source gave no more).
     */
    shareOfTotal(shareHtml: string, labelEsc: string, shown: number | null): string;
    extreme(highest: boolean, nameHtml: string, valueHtml: string): string;
    latest(labelEsc: string, valueHtml: string, bucketHtml: string, soFar: boolean): string;
    inTotal(totalHtml: string, when: string): string;
    understood(
      describeEsc: string,
      datesEsc: string | null,
      vs: { against: TAgainst; datesEsc: string } | null,
    ): string;
    /** History rows read on one day: today, or (`periodEnd`) the asked period's (each bucket's, in a series) last day. */
    validOn(dayEsc: string, previousEsc: string | null, periodEnd: boolean, series: boolean): string;
  };
  /** Insights (card/insights.ts). */
  insights: {
    /** The rows' total; `shown`: they are only that many of the groups (a top N), so named. */
    total(
      labelEsc: string,
      totalHtml: string,
      change: { changeEsc: string; against: TAgainst | null; prevEsc: string } | null,
      shown: number | null,
    ): string;
    /** A top N's share of the measure's whole total, and that total. */
    partOfWhole(shown: number, shareHtml: string, labelEsc: string, wholeHtml: string): string;
    single(
      labelEsc: string,
      change: number | null,
      changeHtml: string,
      prevHtml: string,
      valueHtml: string,
    ): string;
    /** Shares as in text.shareOfTotal: of the whole, or of the `shown` rows only. */
    highest(
      nameHtml: string,
      labelEsc: string,
      valueHtml: string,
      shareEsc: string | null,
      shown: number | null,
    ): string;
    lowest(
      nameHtml: string,
      valueHtml: string,
      shareEsc: string | null,
      labelEsc: string,
      shown: number | null,
    ): string;
    top3(shareHtml: string, labelEsc: string, shown: number | null): string;
    biggestMove(up: boolean, nameHtml: string, changeEsc: string, diffEsc: string): string;
    flat(labelEsc: string): string;
    trend(
      labelEsc: string,
      up: boolean,
      slopeEsc: string,
      grain: TTimeGrain | null,
      relativeEsc: string,
    ): string;
    peak(peakWhenHtml: string, peakHtml: string, lowWhenHtml: string, lowHtml: string): string;
    unusual(nameHtml: string, valueHtml: string, above: boolean, meanEsc: string): string;
  };
  /** The drivers card (analysis/drivers.ts). */
  drivers: {
    title(label: string, when: string, against: TAgainst): string;
    headline(p: {
      labelEsc: string;
      dir: TDirection;
      deltaHtml: string | null;
      changeHtml: string | null;
      whenEsc: string;
      against: TAgainst;
      previousHtml: string;
      currentHtml: string;
    }): string;
    empty(labelEsc: string, whenEsc: string, against: TAgainst): string;
    movers(dimensionEsc: string, namesHtml: string[], explainedHtml: string): string;
    offset(nameHtml: string, deltaEsc: string): string;
    second(dimensionEsc: string, nameHtml: string, shareHtml: string): string;
    understood(describeEsc: string, datesEsc: string, against: TAgainst, comparisonDatesEsc: string): string;
    insight(dimensionEsc: string, nameHtml: string, deltaEsc: string, shareHtml: string): string;
    /** Why a change cannot be explained (plain text: the caller escapes it). */
    noPeriod(label: string): string;
    notSplittable(label: string): string;
    noEarlier(label: string): string;
    noDimension(label: string): string;
  };
  /** The forecast card (analysis/forecast.ts). */
  forecast: {
    title(label: string, horizon: number, grain: TTimeGrain): string;
    period(horizon: number, grain: TTimeGrain): string;
    /** The forecast covers one calendar period ("next quarter" → Q1 2027): titled by it. */
    calendarTitle(label: string, span: TCalendarSpan): string;
    calendarPeriod(span: TCalendarSpan): string;
    tooLittle(
      labelEsc: string,
      have: number,
      grain: TTimeGrain,
      need: number,
      seasonal: number | null,
    ): string;
    headline(p: {
      labelEsc: string;
      firstHtml: string;
      firstBucketHtml: string;
      lowEsc: string;
      highEsc: string;
      last: { valueHtml: string; bucketHtml: string } | null;
      sum: { valueHtml: string; n: number; grain: TTimeGrain } | null;
    }): string;
    method(season: number | null, wantedSeason: boolean): string;
    notes(methodEsc: string, n: number, grain: TTimeGrain, spanEsc: string): string;
    running(grain: TTimeGrain, bucketEsc: string): string;
    startsAfter(grain: TTimeGrain, bucketEsc: string): string;
    cut(count: number, grain: TTimeGrain, bucketsEsc: string): string;
    /** The data begins inside its first bucket, which is left out of the history. */
    partialStart(grain: TTimeGrain, bucketEsc: string, firstDayEsc: string): string;
    understood(describeEsc: string, horizon: number, grain: TTimeGrain): string;
    insight(
      labelEsc: string,
      trend: number,
      slopeEsc: string,
      grain: TTimeGrain,
      levelEsc: string,
      atEsc: string,
    ): string;
    /** A measure without a date (plain text). */
    noDate(label: string): string;
  };
  /** Why a question understood has no card (the answer service); arguments are escaped. */
  failures: {
    /** The source refused the combination asked (GA4's incompatible fields); `reasonEsc` is the source's own words. */
    refused(describeEsc: string, reasonEsc: string): string;
    timeout(describeEsc: string): string;
  };
}
