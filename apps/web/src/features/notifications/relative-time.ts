/** How long ago something happened, in the user's language ("5 minutes ago", "yesterday"). */

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** The time from `now` to `iso` in the largest unit it fills; under a minute reads as "now". */
export function relativeTime(iso: string, now: Date, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  let amount = (new Date(iso).getTime() - now.getTime()) / 1000;
  if (Math.abs(amount) < 60) return format.format(0, 'second');
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}
