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

/** The calendar date (YYYY-MM-DD) at `now` in an IANA time zone; invalid zones fall back to UTC. */
export function dateIn(timeZone: string | null, now = new Date()): string {
  return dateFormat(timeZone ?? 'UTC')?.format(now) ?? now.toISOString().slice(0, 10);
}

/** The instant the current day began in a time zone ("today" of DESIGN §6 is the user's date). */
export function startOfDayIn(timeZone: string | null, now = new Date()): Date {
  const day = dateIn(timeZone, now);
  // Offset of the zone at that midnight: format the UTC midnight in the zone and diff.
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  const offsetMs = zoneOffsetMs(timeZone, utcMidnight);
  return new Date(utcMidnight.getTime() - offsetMs);
}

function zoneOffsetMs(timeZone: string | null, at: Date): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone ?? 'UTC',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(at);
    const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
    const asUtc = Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour'),
      get('minute'),
      get('second'),
    );
    return asUtc - at.getTime();
  } catch {
    return 0;
  }
}

/** Weeks start on Sunday for en-US and Monday for en-GB and tr (DESIGN §6). */
export const weekStartFor = (language: string): 'sunday' | 'monday' =>
  language === 'en-US' ? 'sunday' : 'monday';
