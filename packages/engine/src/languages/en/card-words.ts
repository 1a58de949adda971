/** The card's English words (see card/words.ts): the model's labels as they are, sentences in English. */
import type { TTimeGrain } from '@parley/contract';
import { escapeHtml } from '@parley/presenter';
import { describeComparison, describeRange } from '../../dates/date-range';
import type { TAgainst, TCalendarSpan, TCardWords } from '../card-types';
import { describeQuery, describeTitle } from './describe';

const PLURAL: Record<TTimeGrain, string> = {
  day: 'days',
  week: 'weeks',
  month: 'months',
  quarter: 'quarters',
  year: 'years',
};
const units = (grain: TTimeGrain, n: number): string => (n === 1 ? grain : PLURAL[grain]);
/** "Q1 2027", as formatDate names a quarter bucket. */
const spanEn = (span: TCalendarSpan): string =>
  span.kind === 'quarter' ? `Q${span.quarter} ${span.year}` : String(span.year);

/** The total a share is of: the measure's whole, or only the rows shown ("Revenue of these 5"). */
const totalOf = (label: string, shown: number | null | undefined): string =>
  shown == null ? `total ${label}` : `${label} of these ${shown}`;

/** What a change is measured against, in words (escaped). */
function against(a: TAgainst): string {
  return escapeHtml(a.kind === 'bucket' ? a.text : describeComparison(a.compare, a.range));
}

export const EN_WORDS: TCardWords = {
  code: 'en',
  field: (label) => label,
  columns: {
    previous: (m) => `Previous ${m}`,
    change: (m) => `${m} Change %`,
    share: (m, shown) => `% of ${totalOf(m, shown)}`,
    contribution: (m) => `${m} Contribution %`,
    forecast: (m) => `Forecast ${m}`,
    forecastLow: (m) => `Forecast ${m} (low)`,
    forecastHigh: (m) => `Forecast ${m} (high)`,
    dimension: 'Dimension',
    value: 'Value',
  },
  other: (n) => `Other (${n})`,
  range: describeRange,
  comparison: describeComparison,
  title: (q, m) => describeTitle(q, m),
  describe: (q, m) => describeQuery(q, m),
  titleVs: (title, vs) => `${title} vs ${vs}`,
  units,

  text: {
    noData: 'No data matched this question.',
    change: (dir, amount, a) =>
      dir === 'unchanged' ? `unchanged on ${against(a)}` : `${dir} ${amount} on ${against(a)}`,
    when: (period) => ` ${period}`,
    valueIs: (label, value, first) => `${label} ${first ? 'was ' : ''}${value}`,
    againstValue: (prev, a) => `, against ${prev} in ${against(a)}`,
    single: (name, label, value, when) => `${name}: ${label} ${value}${when}`,
    lead: (name, lowest, label, value, when) =>
      `${name} ${lowest ? 'had the lowest' : 'led'} ${label} with ${value}${when}`,
    movedMost: (count, name, value, prev, change) =>
      `${count === 1 ? 'One matches' : `${count} match`}; ${name} moved most: ${value} against ${prev}${change ? `, ${change}` : ''}`,
    shareOfTotal: (share, label, shown) => `, ${share} of ${totalOf(label, shown)}`,
    extreme: (highest, name, value) => `; ${highest ? 'the highest' : 'the lowest'} is ${name} at ${value}`,
    latest: (label, value, bucket, soFar) => `${label} was ${value} in ${bucket}${soFar ? ' (so far)' : ''}`,
    inTotal: (total, when) => `; ${total} in total${when}`,
    understood: (describe, dates, vs) => {
      if (dates === null) return `Understood: ${describe} · all available data.`;
      const compared = vs ? ` · vs ${against(vs.against)} (${vs.datesEsc})` : '';
      return `Understood: ${describe} · ${dates}${compared}.`;
    },
    validOn: (day, previous, periodEnd, series) =>
      series
        ? `Each period read on its last day (the last one on ${day}): the rows valid then, not every version.`
        : periodEnd
          ? `Read as of ${day}, the period’s last day${previous ? ` (and ${previous} for the comparison)` : ''}: the rows valid on that day, not every version.`
          : `Read as of today, ${day}: the rows valid on that day, not every version.`,
  },

  insights: {
    total: (label, total, change, shown) =>
      `Total ${label}${shown === null ? '' : ` of these ${shown}`}: ${total}${change ? ` (${change.changeEsc} vs ${change.against ? against(change.against) : 'previous period'}, ${change.prevEsc} before)` : ''}.`,
    partOfWhole: (shown, share, label, whole) =>
      `These ${shown} account for ${share} of total ${label} (${whole}).`,
    single: (label, change, changeHtml, prev, value) =>
      `${label} ${change === null ? 'compared with' : change >= 0 ? 'rose' : 'fell'} ${change === null ? '' : `${changeHtml} `}from ${prev} to ${value}.`,
    highest: (name, label, value, share, shown) =>
      `${name} has the highest ${label}: ${value}${share ? ` (${share} of ${totalOf(label, shown)})` : ''}.`,
    lowest: (name, value, share, label, shown) =>
      `${name} has the lowest: ${value}${share ? ` (${share} of ${totalOf(label, shown)})` : ''}.`,
    top3: (share, label, shown) => `The top 3 account for ${share} of ${totalOf(label, shown)}.`,
    biggestMove: (up, name, change, diff) =>
      `Biggest ${up ? 'increase' : 'decrease'}: ${name}, ${change} (${diff}).`,
    flat: (label) => `${label} is <b>flat</b> over this period.`,
    trend: (label, up, slope, grain, relative) =>
      `${label} is trending <b>${up ? 'up' : 'down'}</b>: about ${slope} per ${grain ?? 'period'} (${relative}).`,
    peak: (peakWhen, peak, lowWhen, low) => `Peak: ${peakWhen} with ${peak}; low: ${lowWhen} with ${low}.`,
    unusual: (name, value, above, mean) =>
      `Unusual value: ${name} at ${value}, ${above ? 'far above' : 'far below'} the average of ${mean}.`,
  },

  drivers: {
    title: (label, when, a) =>
      `Why ${label} changed, ${when} vs ${a.kind === 'bucket' ? a.text : describeComparison(a.compare)}`,
    headline: (p) => {
      const verb = p.dir === 'up' ? 'rose' : p.dir === 'down' ? 'fell' : 'did not change';
      let s = `${p.labelEsc} ${verb}`;
      if (p.deltaHtml) s += ` by ${p.deltaHtml}`;
      if (p.changeHtml) s += ` (${p.changeHtml})`;
      return `${s} ${p.whenEsc} against ${against(p.against)}, from ${p.previousHtml} to ${p.currentHtml}.`;
    },
    empty: (label, when, a) => `No ${label} data in ${when} or ${against(a)}.`,
    movers: (dim, names, explained) =>
      ` By ${dim}, ${names.join(' and ')} ${names.length === 1 ? 'explains' : 'explain'} ${explained} of the change`,
    offset: (name, delta) => `, partly offset by ${name} (${delta}).`,
    second: (dim, name, share) => ` By ${dim}, ${name} explains ${share}.`,
    understood: (describe, dates, a, comparisonDates) =>
      `Understood: what drove the change in ${describe} · ${dates} · vs ${against(a)} (${comparisonDates}).`,
    insight: (dim, name, delta, share) => `By ${dim}: ${name} ${delta}, ${share} of the change.`,
    noPeriod: (label) =>
      `To explain a change in ${label}, say which period to look at, e.g. “why did ${label.toLowerCase()} drop last month”.`,
    notSplittable: (label) => `${label} is not a sum or a ratio of sums, so its change cannot be split.`,
    noEarlier: (label) => `There is no earlier period to compare ${label} with.`,
    noDimension: (label) => `${label} cannot be broken down by any dimension.`,
  },

  forecast: {
    title: (label, horizon, grain) => `${label} forecast, next ${horizon} ${units(grain, horizon)}`,
    period: (horizon, grain) => `next ${horizon} ${units(grain, horizon)}`,
    calendarTitle: (label, span) => `${label} forecast, ${spanEn(span)}`,
    calendarPeriod: (span) => spanEn(span),
    tooLittle: (label, have, grain, need, seasonal) =>
      `There is too little history to forecast ${label}: ${have} complete ${PLURAL[grain]}, and a forecast needs at least ${seasonal ? `${need} (${seasonal} for a seasonal model)` : need}. ` +
      `Ask over a longer history, e.g. “forecast ${label.toLowerCase()} next 3 months based on the last 24 months”.`,
    headline: (p) => {
      let s = `${p.labelEsc} is forecast at <b>${p.firstHtml}</b> for <b>${p.firstBucketHtml}</b> (95% range ${p.lowEsc} – ${p.highEsc})`;
      if (p.last) s += ` and <b>${p.last.valueHtml}</b> for <b>${p.last.bucketHtml}</b>`;
      if (p.sum) s += `: <b>${p.sum.valueHtml}</b> over the ${p.sum.n} ${PLURAL[p.sum.grain]}`;
      return `${s}.`;
    },
    method: (season, wanted) =>
      season
        ? `Holt-Winters additive, season ${season}`
        : `Holt's linear trend (no season${wanted ? ': fewer than two seasons of history' : ''})`,
    notes: (method, n, grain, span) =>
      `Method: ${method}, fitted on ${n} ${PLURAL[grain]} (${span}); bounds are a 95% prediction interval.`,
    running: (grain, bucket) =>
      ` The current ${grain} (${bucket}) is still running, so it is not part of the history.`,
    startsAfter: (grain, bucket) => ` The forecast starts after the current ${grain} (${bucket}).`,
    cut: (count, grain, buckets) =>
      ` Incomplete ${count === 1 ? grain : PLURAL[grain]} at the edge of the range (${buckets}) left out.`,
    partialStart: (grain, bucket, firstDay) =>
      ` The data begins on ${firstDay}, so its first ${grain} (${bucket}) is incomplete and not part of the history.`,
    understood: (describe, horizon, grain) =>
      `Understood: forecast of ${describe}, next ${horizon} ${units(grain, horizon)}.`,
    insight: (label, trend, slope, grain, level, at) =>
      `${label} ${trend > 0 ? 'trends up' : trend < 0 ? 'trends down' : 'is flat'}: about ${slope} per ${grain} (level ${level} at ${at}).`,
    noDate: (label) => `${label} has no date to forecast by.`,
  },
  failures: {
    refused: (describe, reason) =>
      `The data source cannot answer “${describe}” as asked: ${reason} Try other measures or breakdowns.`,
    timeout: (describe) =>
      `The question “${describe}” took too long to answer. Try a shorter date range or fewer breakdowns.`,
  },
};
