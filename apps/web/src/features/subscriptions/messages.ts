import './i18n';
import { BILLING_MESSAGES } from '@parley/contract';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../lib/api/errors';

/** The contract's billing sentences by their text: the server sends the English words only. */
const KEYS = new Map<string, string>(Object.entries(BILLING_MESSAGES).map(([key, text]) => [text, key]));
/** The server's refusal of an address's country names the field first. */
const COUNTRY_REFUSAL = /^Invalid field country\b/;

/** A billing or account-closure message from the server in the UI language; any other unchanged. */
export function billingText(message: string, t: TFunction): string {
  const key = KEYS.get(message) ?? (COUNTRY_REFUSAL.test(message) ? 'countryInvalid' : undefined);
  return key ? t(`subscriptions:server.${key}`) : message;
}

/** What a failed billing call says: the server's message translated where known, else the fallback. */
export function billingError(error: unknown, t: TFunction, fallback: string): string {
  return billingText(errorMessage(error, fallback), t);
}
