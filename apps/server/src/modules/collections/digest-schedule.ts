/**
 * When digests are due (DESIGN §11, spec 2 §9): at 09:00 in the owner's time zone — every day,
 * on the week's first day (Monday, or Sunday for en-US), or on day 1 of the month. Pure: the
 * instants come from the zone's rules (Intl), so 09:00 stays 09:00 across daylight-saving changes.
 */
import type { TNotificationFrequency } from '@parley/contract';

/** The local hour digests go out at. */
export const DIGEST_HOUR = 9;

export type WeekStart = 'monday' | 'sunday';

/** One digest slot: its instant and the local date it falls on. */
export interface DigestSlot {
  at: Date;
  /** YYYY-MM-DD in the owner's zone. */
  date: string;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter, or UTC's when the zone is unknown. */
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let f = offsetFormats.get(timeZone);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = {
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    };
    try {
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    if (offsetFormats.size < 1000) offsetFormats.set(timeZone, f);
  }
  return f;
}

/** The zone's local wall-clock time at an instant, as if it were UTC (ms). */
function wallClockMs(timeZone: string, at: number): number {
  const parts = zoneFormat(timeZone).formatToParts(new Date(at));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** The instant a local date and hour happen in a zone (daylight saving included). */
export function instantAt(date: string, hour: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  // The offset at the guess, then again at the corrected instant (they differ near a change).
  let at = wall - (wallClockMs(timeZone, wall) - wall);
  const second = wall - (wallClockMs(timeZone, at) - at);
  if (second !== at) at = second;
  return new Date(at);
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(at: Date, timeZone: string): string {
  return new Date(wallClockMs(timeZone, at.getTime())).toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whether a digest of this frequency goes out on a local date. */
export function isDigestDay(frequency: TNotificationFrequency, date: string, weekStart: WeekStart): boolean {
  switch (frequency) {
    case 'daily':
      return true;
    case 'weekly':
      return new Date(`${date}T00:00:00Z`).getUTCDay() === (weekStart === 'sunday' ? 0 : 1);
    case 'monthly':
      return date.endsWith('-01');
  }
}

/** The first digest slot strictly after `after`. */
export function nextSlot(
  frequency: TNotificationFrequency,
  after: Date,
  timeZone: string,
  weekStart: WeekStart,
): DigestSlot {
  let date = localDate(after, timeZone);
  for (let i = 0; i < 40; i++, date = addDays(date, 1)) {
    if (!isDigestDay(frequency, date, weekStart)) continue;
    const at = instantAt(date, DIGEST_HOUR, timeZone);
    if (at.getTime() > after.getTime()) return { at, date };
  }
  throw new Error(`no ${frequency} digest slot within 40 days of ${after.toISOString()}`);
}

/** The latest digest slot at or before `at` (the period a late digest belongs to). */
export function latestSlot(
  frequency: TNotificationFrequency,
  at: Date,
  timeZone: string,
  weekStart: WeekStart,
): DigestSlot {
  let date = localDate(at, timeZone);
  for (let i = 0; i < 40; i++, date = addDays(date, -1)) {
    if (!isDigestDay(frequency, date, weekStart)) continue;
    const slot = instantAt(date, DIGEST_HOUR, timeZone);
    if (slot.getTime() <= at.getTime()) return { at: slot, date };
  }
  throw new Error(`no ${frequency} digest slot within 40 days before ${at.toISOString()}`);
}

/** The period a slot's digest stands for: one digest per collection and period. */
export function periodKey(frequency: TNotificationFrequency, slotDate: string): string {
  switch (frequency) {
    case 'daily':
      return `day:${slotDate}`;
    case 'weekly':
      return `week:${slotDate}`;
    case 'monthly':
      return `month:${slotDate.slice(0, 7)}`;
  }
}

const FREQUENCY_OF_PERIOD: Record<string, TNotificationFrequency> = {
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
};

/** The frequency a period key was planned by; null for a digest sent now ("now:…"). */
export function periodFrequency(period: string): TNotificationFrequency | null {
  return FREQUENCY_OF_PERIOD[period.slice(0, period.indexOf(':'))] ?? null;
}
