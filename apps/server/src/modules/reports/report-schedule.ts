/**
 * When scheduled reports are due (spec 2 §9, DESIGN §7): at 09:00 in the owner's time zone on
 * day 1 of each period — every month, every second month (January, March, …) or every quarter
 * (January, April, July, October). Pure, like the digests' schedule it shares the clock rules with.
 */
import { REPORT_FREQUENCY_MONTHS, type TReportFrequency } from '@parley/contract';
import { instantAt, localDate } from '../../lib/time';
import { DIGEST_HOUR } from '../digests/digest-schedule';

/** The local hour reports go out at: the digests' 9:00. */
export const REPORT_HOUR = DIGEST_HOUR;

export interface ReportSlot {
  at: Date;
  /** YYYY-MM-01 in the owner's zone. */
  date: string;
}

/** Whether day 1 of this month (1–12) starts a period of the frequency. */
export function isReportMonth(frequency: TReportFrequency, month: number): boolean {
  return (month - 1) % REPORT_FREQUENCY_MONTHS[frequency] === 0;
}

function monthStart(year: number, month: number): string {
  const d = new Date(Date.UTC(year, month - 1, 1));
  return d.toISOString().slice(0, 10);
}

/** Day 1 of the month `offset` months from `date`'s. */
function shiftMonth(date: string, offset: number): { year: number; month: number } {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The first report slot strictly after `after`. */
export function nextReportSlot(frequency: TReportFrequency, after: Date, timeZone: string): ReportSlot {
  const today = localDate(after, timeZone);
  for (let i = 0; i <= 13; i++) {
    const { year, month } = shiftMonth(today, i);
    if (!isReportMonth(frequency, month)) continue;
    const date = monthStart(year, month);
    const at = instantAt(date, REPORT_HOUR, timeZone);
    if (at.getTime() > after.getTime()) return { at, date };
  }
  throw new Error(`no ${frequency} report slot within 13 months of ${after.toISOString()}`);
}

/** The latest report slot at or before `at` (the period a late issue belongs to). */
export function latestReportSlot(frequency: TReportFrequency, at: Date, timeZone: string): ReportSlot {
  const today = localDate(at, timeZone);
  for (let i = 0; i <= 13; i++) {
    const { year, month } = shiftMonth(today, -i);
    if (!isReportMonth(frequency, month)) continue;
    const date = monthStart(year, month);
    const slot = instantAt(date, REPORT_HOUR, timeZone);
    if (slot.getTime() <= at.getTime()) return { at: slot, date };
  }
  throw new Error(`no ${frequency} report slot within 13 months before ${at.toISOString()}`);
}

/** The period an issue stands for: one issue per report and period ("monthly:2026-12"). */
export function reportPeriodKey(frequency: TReportFrequency, slotDate: string): string {
  return `${frequency}:${slotDate.slice(0, 7)}`;
}

/** A Generate issue's period: its own, so it never takes a scheduled period's place. */
export const manualPeriod = (issueId: string) => `now:${issueId}`;
export const isManualPeriod = (period: string) => period.startsWith('now:');
