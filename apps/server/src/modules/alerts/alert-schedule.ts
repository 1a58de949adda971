/**
 * When alerts are checked, and what a check does to an alert's state (issue 34). Pure.
 * Scheduled checks run just after a period completes in the owner's zone (hourly: each hour;
 * daily: 00:05 local; weekly: the week's first day; monthly: day 1), so the last complete period is
 * fresh; on_sync alerts have no time of their own: they run after their source syncs.
 */
import type { AlertSchedule } from '@parley/contract';
import { assertNever } from '@parley/engine';
import type { AlertNoticeKind, AlertState } from '../../db/schema';
import { instantAt, localDate, type weekStartFor } from '../../lib/time';

type WeekStart = ReturnType<typeof weekStartFor>;

const HOUR_MS = 3_600_000;
/** Minutes past a period's end a scheduled check runs (late rows of the period have landed). */
const GRACE_MS = 5 * 60_000;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function isCheckDay(schedule: 'daily' | 'weekly' | 'monthly', date: string, weekStart: WeekStart): boolean {
  if (schedule === 'daily') return true;
  if (schedule === 'weekly')
    return new Date(`${date}T00:00:00Z`).getUTCDay() === (weekStart === 'sunday' ? 0 : 1);
  return date.endsWith('-01');
}

/** The first scheduled check strictly after `after`; null for on_sync. */
export function nextCheck(
  schedule: AlertSchedule,
  after: Date,
  timeZone: string,
  weekStart: WeekStart,
): Date | null {
  switch (schedule) {
    case 'on_sync':
      return null;
    case 'hourly':
      return new Date(Math.floor((after.getTime() - GRACE_MS) / HOUR_MS) * HOUR_MS + HOUR_MS + GRACE_MS);
    case 'daily':
    case 'weekly':
    case 'monthly': {
      let date = localDate(after, timeZone);
      for (let i = 0; i < 40; i++, date = addDays(date, 1)) {
        if (!isCheckDay(schedule, date, weekStart)) continue;
        const at = new Date(instantAt(date, 0, timeZone).getTime() + GRACE_MS);
        if (at.getTime() > after.getTime()) return at;
      }
      throw new Error(`no ${schedule} alert check within 40 days of ${after.toISOString()}`);
    }
    default:
      return assertNever(schedule);
  }
}

/**
 * The state machine of an alert. armed → met: fired, one notice; fired stays quiet while still
 * met and re-arms when clear. Any → failed: failing, one notice; failing stays quiet while it
 * fails, and the first check that answers again gives one recovery notice (and fires only if
 * the condition is met and was not met before the failure).
 */
export function transition(
  state: AlertState,
  outcome: 'met' | 'clear' | 'failed',
  lastJudged: 'met' | 'clear' | null,
): { state: AlertState; notices: AlertNoticeKind[] } {
  if (outcome === 'failed') return { state: 'failing', notices: state === 'failing' ? [] : ['failing'] };
  const recovered: AlertNoticeKind[] = state === 'failing' ? ['recovered'] : [];
  if (outcome === 'clear') return { state: 'armed', notices: recovered };
  const wasMet = state === 'fired' || (state === 'failing' && lastJudged === 'met');
  return { state: 'fired', notices: wasMet ? recovered : [...recovered, 'fired'] };
}
