import { BILLING_MESSAGES, type PlanId } from '@parley/contract';
import type { TFunction } from 'i18next';
import { errorMessage } from './api/errors';

/**
 * Billing words two features say (the subscription screen and account deletion), in the UI
 * language from the shared texts: plan names and the server's billing sentences. The shared
 * namespace is named, since a feature's `t` defaults to its own.
 */

/** A plan id as its name in the UI language ("free" → "Free", "Ücretsiz"), never the server's English. */
export const planName = (t: TFunction, id: PlanId | undefined) =>
  id ? t(`billing.plan_names.${id}`, { ns: 'translation' }) : '';

/** The contract's billing sentences by their text: the server sends the English words only. */
const KEYS = new Map<string, string>(Object.entries(BILLING_MESSAGES).map(([key, text]) => [text, key]));
/** The server's refusal of an address's country names the field first. */
const COUNTRY_REFUSAL = /^Invalid field country\b/;

/** A billing or account-closure message from the server in the UI language; any other unchanged. */
export function billingText(message: string, t: TFunction): string {
  const key = KEYS.get(message) ?? (COUNTRY_REFUSAL.test(message) ? 'countryInvalid' : undefined);
  return key ? t(`billing.server.${key}`, { ns: 'translation' }) : message;
}

/** What a failed billing call says: the server's message translated where known, else the fallback. */
export function billingError(error: unknown, t: TFunction, fallback: string): string {
  return billingText(errorMessage(error, fallback), t);
}
