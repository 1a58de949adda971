const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "2 minutes ago" in the UI language, from an ISO time; `now` is passed in by tests. */
export function timeAgo(iso: string, language: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  let amount = (at - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) {
      return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(Math.round(amount), unit);
    }
    amount /= size;
  }
  return iso;
}
