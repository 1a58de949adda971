import { COUNTRY_CODES } from '@parley/contract';

/** ISO 3166-1 alpha-2 country codes: the contract's list, the one the server accepts; names from Intl.DisplayNames. */
export { COUNTRY_CODES };

/** Countries as select options, named and sorted in the given language. */
export function countryOptions(language: string): Array<{ value: string; label: string }> {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, language),
  );
}

/** IANA time-zone names known to the browser (about 400), with UTC. */
export function timezoneOptions(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/** A country guess from the browser locale's region ("en-GB" → GB). */
export function guessCountry(locales: readonly string[]): string | null {
  for (const locale of locales) {
    const region = locale.split(/[-_]/)[1]?.toUpperCase();
    if (region && COUNTRY_CODES.includes(region)) return region;
  }
  return null;
}
