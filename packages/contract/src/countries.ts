import countries from 'i18n-iso-countries';
import { z } from './zod';

/** Every ISO 3166-1 alpha-2 code (and XK, which payment providers accept), from i18n-iso-countries. */
export const COUNTRY_CODES: readonly string[] = Object.keys(countries.getAlpha2Codes()).sort();

const known = new Set(COUNTRY_CODES);

/** Whether `code` is an assigned ISO 3166-1 alpha-2 code ("DE" yes; "EU", "XX", "Germany" no). */
export function isCountryCode(code: string): boolean {
  return known.has(code);
}

/**
 * A billing address's country: an assigned ISO 3166-1 alpha-2 code, lower case accepted. Names
 * and region codes that are not countries ("Germany", "EU") are refused, never guessed.
 */
export const ZCountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { message: 'Invalid field country: an ISO 3166-1 alpha-2 code' });
