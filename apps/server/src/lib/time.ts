// Building an Intl.DateTimeFormat costs far more than using one: keep one per zone.
const dateFormats = new Map<string, Intl.DateTimeFormat | null>();

function dateFormat(timeZone: string): Intl.DateTimeFormat | null {
  let f = dateFormats.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone });
    } catch {
      f = null;
    }
    if (dateFormats.size < 1000) dateFormats.set(timeZone, f);
  }
  return f;
}

/**
 * The last date read per zone and the second it was read for: every answer asks for "today"
 * (twice), and an Intl format is costly (docs/perf/notes.md). Every zone's offset is a whole number of
 * seconds, so a date cannot change within one second.
 */
const lastDates = new Map<string, { second: number; date: string }>();

/** The calendar date (YYYY-MM-DD) at `now` in an IANA time zone; invalid zones fall back to UTC. */
export function dateIn(timeZone: string | null, now = new Date()): string {
  const zone = timeZone ?? 'UTC';
  const second = Math.floor(now.getTime() / 1000);
  const last = lastDates.get(zone);
  if (last?.second === second) return last.date;
  const date = dateFormat(zone)?.format(now) ?? now.toISOString().slice(0, 10);
  if (last) {
    last.second = second;
    last.date = date;
  } else if (lastDates.size < 1000) lastDates.set(zone, { second, date });
  return date;
}

/** The start of the last day asked for per zone (two Intl calls to work out). */
const dayStarts = new Map<string, { date: string; start: number }>();

/** The instant the current day began in a time zone ("today" of DESIGN §6 is the user's date). */
export function startOfDayIn(timeZone: string | null, now = new Date()): Date {
  const zone = timeZone ?? 'UTC';
  const date = dateIn(timeZone, now);
  const known = dayStarts.get(zone);
  if (known?.date === date) return new Date(known.start);
  const start = instantAt(date, 0, zone);
  if (known) {
    known.date = date;
    known.start = start.getTime();
  } else if (dayStarts.size < 1000) dayStarts.set(zone, { date, start: start.getTime() });
  return start;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall-clock formatter, or UTC's when the zone is unknown; one per zone. */
function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let f = wallFormats.get(timeZone);
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
    if (wallFormats.size < 1000) wallFormats.set(timeZone, f);
  }
  return f;
}

/** The zone's local wall-clock time at an instant, as if it were UTC (ms). */
function wallClockMs(timeZone: string, at: number): number {
  const parts = wallFormat(timeZone).formatToParts(new Date(at));
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

/** Weeks start on Sunday for en-US and Monday for en-GB and tr (DESIGN §6). */
export const weekStartFor = (language: string): 'sunday' | 'monday' =>
  language === 'en-US' ? 'sunday' : 'monday';
