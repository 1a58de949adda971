/** The chips' words in the user's language, date format and time zone. */
import type { TComparison, TDateRange } from '@parley/contract';
import { formatDateRange } from '@parley/presenter';
import type { TFunction } from 'i18next';
import { unknownCase } from '../../lib/assert-never';
import type { ChipWords } from './understood';

function isoDay(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/** A date range's words: "Last month", "Q3 2026", "March 2026", "Year to date". */
export function rangeWords(range: TDateRange, t: TFunction, locale: string): string {
  const p = 'understood.range';
  switch (range.kind) {
    case 'all':
      return t(`${p}.all`);
    case 'this':
      return t(`${p}.this.${range.unit}`);
    case 'last':
      return range.n === 1
        ? t(`${p}.last.${range.unit}`)
        : t(`${p}.last_n.${range.unit}`, { count: range.n });
    case 'to_date':
      return t(`${p}.to_date.${range.unit}`);
    case 'half':
      return t(`${p}.half`, { half: range.half, year: range.year ?? new Date().getFullYear() });
    case 'year':
      return String(range.year);
    case 'quarter':
      return t(`${p}.quarter`, { quarter: range.quarter, year: range.year });
    case 'month':
      return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(Date.UTC(range.year, range.month - 1, 1)),
      );
    case 'day':
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        isoDay(range.date),
      );
    case 'between':
      return formatDateRange(range.from, range.to, locale);
    default:
      return unknownCase(range, '');
  }
}

/**
 * A moment as the user reads it, in their time zone: the time alone when it is today there, else
 * the date and time.
 */
export function momentWords(
  iso: string,
  locale: string,
  timeZone: string | undefined,
  now = new Date(),
): string {
  const date = new Date(iso);
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(d);
  const options: Intl.DateTimeFormatOptions =
    day(date) === day(now) ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);
}

/** Every word the chips need, for `buildChips` and `alternativesFor`. */
export function chipWords(t: TFunction, locale: string, timeZone: string | undefined): ChipWords {
  return {
    range: (range) => rangeWords(range, t, locale),
    comparison: (compare: TComparison | null) => t(`understood.comparison.${compare ?? 'none'}`),
    dates: (from, to) => formatDateRange(from, to, locale),
    read: (iso) => t('understood.read', { time: momentWords(iso, locale, timeZone) }),
    synced: (iso) => t('data_as_of', { date: momentWords(iso, locale, timeZone) }),
    soFar: t('so_far'),
    zone: timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    noGrouping: t('understood.no_grouping'),
    removeFilter: t('understood.remove_filter'),
    not: t('understood.not'),
  };
}
