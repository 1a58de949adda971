/** A time zone the browser knows, else undefined (the browser's own). */
export function knownZone(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** A moment as the user reads dates: their language's format, in their profile's time zone. */
export function formatMoment(iso: string, locale: string, zone?: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: knownZone(zone),
  }).format(date);
}
