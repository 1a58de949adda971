const DAY_MS = 86_400_000;

export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

/** Whole calendar days between two dates (DST-safe). */
export function daysBetween(earlier: Date, later: Date): number {
  return Math.round((startOfDay(later).getTime() - startOfDay(earlier).getTime()) / DAY_MS);
}

/**
 * A day separator's text (spec 2 §2): Today, Yesterday, the weekday name under 7 days old,
 * otherwise the day and short month, in the given locale.
 */
export function dayLabel(
  date: Date,
  now: Date,
  locale: string,
  words: { today: string; yesterday: string },
): string {
  const diff = daysBetween(date, now);
  if (diff <= 0) return words.today;
  if (diff === 1) return words.yesterday;
  if (diff < 7) return new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(date);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(date);
}

/** Groups items (oldest first) by calendar day, keeping their order. */
export function groupByDay<T>(
  items: readonly T[],
  createdOf: (item: T) => number,
): { day: number; items: T[] }[] {
  const groups: { day: number; items: T[] }[] = [];
  for (const item of items) {
    const day = startOfDay(new Date(createdOf(item))).getTime();
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}
