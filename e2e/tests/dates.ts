/**
 * The calendar the app reads in an e2e run, so expectations follow the day the suite runs on: the
 * demo data ends today, "today" is the date in the browser's time zone, and a period is written
 * with Intl the way the presenter writes it. Worked out here on its own, not taken from the app.
 */

/** The browser's time zone in playwright.config.ts, and so the demo user's. */
export const TIME_ZONE = 'Europe/London';

/** Inclusive ISO dates; `running` when the period reaches today (the app adds "so far"). */
export interface Period {
  from: string;
  to: string;
  running: boolean;
}

/** Today's date (YYYY-MM-DD) in TIME_ZONE. */
export function today(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(now);
}

const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];
/** A calendar date; Date.UTC carries days and months over (day 0 is the month before's last). */
const date = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

export function addDays(iso: string, n: number): string {
  const [y, m, d] = parts(iso);
  return date(y, m, d + n);
}

/** Calendar months later (or earlier), the day clamped to the shorter month (Mar 31 − 1 = Feb 28). */
export function addMonths(iso: string, n: number): string {
  const [y, m, d] = parts(iso);
  const days = Number(date(y, m + n + 1, 0).slice(8));
  return date(y, m + n, Math.min(d, days));
}

export const monthStart = (iso: string): string => `${iso.slice(0, 8)}01`;
export const yearStart = (iso: string): string => `${iso.slice(0, 4)}-01-01`;
export function quarterStart(iso: string): string {
  const [y, m] = parts(iso);
  return date(y, m - ((m - 1) % 3), 1);
}

/** This month, quarter or year so far: from its first day to today (one day on the first). */
export const thisMonth = (day = today()): Period => ({ from: monthStart(day), to: day, running: true });
export const thisQuarter = (day = today()): Period => ({ from: quarterStart(day), to: day, running: true });
export const thisYear = (day = today()): Period => ({ from: yearStart(day), to: day, running: true });

/** The whole month before today's. */
export function lastMonth(day = today()): Period {
  const start = monthStart(day);
  return { from: addMonths(start, -1), to: addDays(start, -1), running: false };
}

/**
 * The same stretch `months` earlier, what a period is compared with: a period ending on a month's
 * last day keeps ending on one (Nov 30 → Aug 31), another day clamps (May 31 → Feb 28 is a month end).
 */
export function monthsBefore(period: Period, months: number): Period {
  const monthEnd = addDays(period.to, 1).endsWith('-01');
  const to = monthEnd
    ? addDays(addMonths(addDays(period.to, 1), -months), -1)
    : addMonths(period.to, -months);
  return { from: addMonths(period.from, -months), to, running: false };
}

/** The first day of every month from `from`'s month to `to`'s, in order. */
export function monthStarts(from: string, to: string): string[] {
  const out: string[] = [];
  for (let at = monthStart(from); at <= to; at = addMonths(at, 1)) out.push(at);
  return out;
}

/** The first days of the `n` months after today's. */
export const monthsAfter = (n: number, day = today()): string[] =>
  Array.from({ length: n }, (_, i) => addMonths(monthStart(day), i + 1));

/** The calendar quarter after today's: its name ("Q1 2027") and its months' first days. */
export function nextQuarter(day = today()): { name: string; months: string[] } {
  const start = addMonths(quarterStart(day), 3);
  const [y, m] = parts(start);
  return { name: `Q${(m + 2) / 3} ${y}`, months: [0, 1, 2].map((i) => addMonths(start, i)) };
}

/** Intl writes dates and ranges with thin and no-break spaces; compare plain text. */
export const plain = (s: string | null): string => (s ?? '').replace(/[\u2009\u202f\u00a0]/g, ' ').trim();

/** A string matched literally inside a RegExp. */
export const literal = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`);
const format = (locale: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });

/** A range the way the app writes a period: "Oct 1 – 31, 2026", "1–31 Eki 2026"; one day as that day. */
export function rangeText(period: Pick<Period, 'from' | 'to'>, locale = 'en-US'): string {
  const f = format(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  const text =
    period.from === period.to
      ? f.format(utcDay(period.from))
      : f.formatRange(utcDay(period.from), utcDay(period.to));
  return plain(text);
}

const SO_FAR: Record<string, string> = { 'en-US': 'so far', 'en-GB': 'so far', tr: 'şu ana kadar' };

/** A period's dates as its chip shows them, "(so far)" while it runs. */
export function periodText(period: Period, locale = 'en-US'): string {
  const text = rangeText(period, locale);
  return period.running ? `${text} (${SO_FAR[locale]})` : text;
}

/** A month bucket as the app names it: "Dec 2026", "Ara 2026". */
export const monthText = (iso: string, locale = 'en-US'): string =>
  plain(format(locale, { month: 'short', year: 'numeric' }).format(utcDay(iso)));
