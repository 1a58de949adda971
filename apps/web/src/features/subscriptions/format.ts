import './i18n';
import type { PlanId, TSubscription } from '@parley/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const DAY = 86_400_000;

/** Dates and money in the UI language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lng = i18n.language || 'en-US';
  return {
    date: (iso: string | null) =>
      iso ? new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(new Date(iso)) : null,
    money: (amount: number, currency: string) =>
      new Intl.NumberFormat(lng, { style: 'currency', currency, maximumFractionDigits: 2 }).format(amount),
  };
}

/** Whether the account pays for a plan now (changes go through `change`, not a new checkout). */
export const paying = (s: TSubscription) =>
  s.status === 'ACTIVE' && s.plan !== 'free' && s.renewal_date !== null;

/** Whole days of the trial left, counting a started day (0 once it ended); null outside a trial. */
export function trialDaysLeft(s: Pick<TSubscription, 'status' | 'trial_ends_at'>, now: Date): number | null {
  if (s.status !== 'TRIAL' || !s.trial_ends_at) return null;
  return Math.max(0, Math.ceil((new Date(s.trial_ends_at).getTime() - now.getTime()) / DAY));
}

/** The day a period bought now ends: a month or a year from today (the server's rule too). */
export function paidUntil(now: Date, cycle: 'monthly' | 'annual'): Date {
  const d = new Date(now);
  const day = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() + (cycle === 'annual' ? 12 : 1));
  d.setDate(Math.min(day, new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate()));
  return d;
}
