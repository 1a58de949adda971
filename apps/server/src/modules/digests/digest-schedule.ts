/**
 * When digests are due (DESIGN §11, spec 2 §9): at 09:00 in the owner's time zone — every day,
 * on the week's first day (Monday, or Sunday for en-US), or on day 1 of the month. Pure: the
 * instants come from the zone's rules (Intl), so 09:00 stays 09:00 across daylight-saving changes.
 */
import type { TNotificationFrequency } from '@parley/contract';
import { assertNever } from '@parley/engine';
import { instantAt, localDate } from '../../lib/time';

/** The local hour digests go out at. */
export const DIGEST_HOUR = 9;

export type WeekStart = 'monday' | 'sunday';

/** One digest slot: its instant and the local date it falls on. */
export interface DigestSlot {
  at: Date;
  /** YYYY-MM-DD in the owner's zone. */
  date: string;
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
    default:
      return assertNever(frequency);
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
    default:
      return assertNever(frequency);
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
