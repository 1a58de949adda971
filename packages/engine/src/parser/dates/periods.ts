/** Periods as written ("March", "1 March 2025", "2024") and spans between two of them. */
import { daysInMonth } from '../../dates/date-range';
import { makeDate, pad, recentYearForMonth } from './calendar';

/** A day, a month or a year as the words gave it; a missing year is the reader's to fill. */
export interface TPeriodWords {
  day?: number;
  month?: number;
  year?: number;
}

type TDays = { from: string; to: string };

/** Whole days of a period; a month without a year is its latest occurrence on or before today. */
export function readPeriod(p: TPeriodWords, today: string): TDays | null {
  if (p.month === undefined)
    return p.year === undefined ? null : { from: `${p.year}-01-01`, to: `${p.year}-12-31` };
  const y = p.year ?? recentYearForMonth(p.month, today);
  if (p.day !== undefined) {
    const d = makeDate(y, p.month, p.day);
    return d ? { from: d, to: d } : null;
  }
  return { from: `${y}-${pad(p.month)}-01`, to: `${y}-${pad(p.month)}-${pad(daysInMonth(y, p.month))}` };
}

/** A year the grammars can write (19xx, 20xx): a span never reaches past them. */
const writable = (y: number): boolean => y >= 1900 && y <= 2099;

/**
 * Both ends of "from A to B" as whole days, inclusive. A year written on one end only belongs
 * to the other too; when that would put the start after the end, the span crosses New Year:
 * "from December to February 2025" is December 2024 – February 2025 (an analyst naming a
 * winter season writes the year of its end), "from November 2025 to February" runs into 2026.
 * With no year at all the span ends at the latest occurrence of its end on or before today.
 * Both years written and out of order: null (not read, so the parser asks).
 */
export function readSpan(a: TPeriodWords, b: TPeriodWords, today: string): TDays | null {
  const withYear = (p: TPeriodWords, y: number) =>
    writable(y) ? readPeriod({ ...p, year: y }, today) : null;
  let from: TDays | null;
  let to: TDays | null;
  if (a.year !== undefined && b.year !== undefined) {
    from = readPeriod(a, today);
    to = readPeriod(b, today);
  } else if (a.year !== undefined) {
    from = readPeriod(a, today);
    if (!from) return null;
    const y = Number(from.from.slice(0, 4));
    to = withYear(b, y);
    if (to && to.to < from.from) to = withYear(b, y + 1);
  } else {
    // The year on the end only, or nowhere (then the end's latest occurrence).
    to = readPeriod(b, today);
    if (!to) return null;
    const y = Number(to.to.slice(0, 4));
    from = withYear(a, y);
    if (from && from.from > to.to) from = withYear(a, y - 1);
  }
  if (!from || !to || from.from > to.to) return null;
  return { from: from.from, to: to.to };
}
