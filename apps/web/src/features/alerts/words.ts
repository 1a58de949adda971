import type { AlertSchedule, TAlertCondition, TSemanticQuery, TTimeGrain } from '@parley/contract';
import type { TFunction } from 'i18next';

/** What the alert dialog edits: the condition's fields as the form holds them (the value as typed). */
export interface AlertForm {
  kind: TAlertCondition['kind'];
  thresholdOp: 'above' | 'below';
  changeOp: 'up' | 'down' | 'either';
  value: string;
  unit: 'percent' | 'amount';
  against: 'previous_period' | 'same_period_last_year';
  /** The forecast band's factor: 1 the usual range, below narrower, above wider (0.25–4). */
  band: number;
  schedule: AlertSchedule;
}

/** The band slider's ends and its step (the contract allows 0.25–4). */
export const BAND_RANGE = { min: 0.5, max: 3, step: 0.25 } as const;

/** The check that matches a card's time grain (an hourly check of a monthly number only waits). */
const GRAIN_SCHEDULES: Partial<Record<TTimeGrain, AlertSchedule>> = {
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
};

/** A new alert's form: a 10 % drop on the previous period, checked at the card's grain. */
export function defaultForm(query: TSemanticQuery | null): AlertForm {
  const grain = query?.timeDimension?.grain;
  return {
    kind: 'change',
    thresholdOp: 'above',
    changeOp: 'down',
    value: '10',
    unit: 'percent',
    against: 'previous_period',
    band: 1,
    schedule: (grain && GRAIN_SCHEDULES[grain]) || 'daily',
  };
}

/** An alert's form, to edit it. */
export function formOf(condition: TAlertCondition, schedule: AlertSchedule): AlertForm {
  const base = defaultForm(null);
  return {
    ...base,
    kind: condition.kind,
    thresholdOp: condition.op === 'below' ? 'below' : 'above',
    changeOp: condition.op === 'up' || condition.op === 'either' ? condition.op : 'down',
    value: condition.value === undefined ? base.value : String(condition.value),
    unit: condition.unit ?? base.unit,
    against: condition.against ?? base.against,
    band: condition.band ?? 1,
    schedule,
  };
}

/** The typed number, or null: accepts a decimal comma ("2,5") and spaces between thousands. */
export function parseAmount(text: string): number | null {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  if (cleaned === '' || !/^-?\d*\.?\d+$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

export type ConditionResult =
  | { ok: true; condition: TAlertCondition }
  | { ok: false; error: 'value_required' | 'value_negative' };

/** The condition the form describes (ZAlertCondition's shape), or why the value cannot be sent. */
export function conditionOf(form: AlertForm): ConditionResult {
  if (form.kind === 'outside_forecast')
    return { ok: true, condition: { kind: 'outside_forecast', band: form.band } };
  const value = parseAmount(form.value);
  if (value === null) return { ok: false, error: 'value_required' };
  if (form.kind === 'threshold')
    return { ok: true, condition: { kind: 'threshold', op: form.thresholdOp, value } };
  if (value < 0) return { ok: false, error: 'value_negative' };
  return {
    ok: true,
    condition: { kind: 'change', op: form.changeOp, value, unit: form.unit, against: form.against },
  };
}

/** A model field's name in words: its last part, underscores as spaces ("orders.net_revenue" → "net revenue"). */
export function fieldWords(name: string): string {
  return (name.split('.').pop() ?? name).replace(/_/g, ' ').trim();
}

/** What the alert watches: the first measure, "of any <group>" on a grouped query. */
export function subjectOf(query: TSemanticQuery, t: TFunction<'alerts'>, measureLabel?: string): string {
  const measure = measureLabel?.trim() || fieldWords(query.measures[0] ?? '');
  const group = query.dimensions[0];
  return group ? t('sentence.subject_grouped', { measure, group: fieldWords(group) }) : measure;
}

/** The alert in one sentence ("Tell me when revenue is down more than 10% week on week"). */
export function alertSentence(
  condition: TAlertCondition,
  query: TSemanticQuery,
  t: TFunction<'alerts'>,
  locale: string,
  measureLabel?: string,
): string {
  const subject = subjectOf(query, t, measureLabel);
  const number = (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n);
  if (condition.kind === 'outside_forecast') {
    const band = condition.band ?? 1;
    return band === 1
      ? t('sentence.outside', { subject })
      : t('sentence.outside_band', { subject, band: number(band) });
  }
  const value = number(condition.value ?? 0);
  if (condition.kind === 'threshold')
    return t(condition.op === 'below' ? 'sentence.below' : 'sentence.above', { subject, value });
  const amount = condition.unit === 'amount' ? value : t('sentence.percent', { value });
  const grain = query.timeDimension?.grain ?? 'none';
  const against =
    condition.against === 'same_period_last_year'
      ? t(`sentence.last_year.${grain}`)
      : t(`sentence.previous.${grain}`);
  const op = condition.op === 'up' || condition.op === 'either' ? condition.op : 'down';
  return t(`sentence.${op}`, { subject, value: amount, against });
}

/** Whether the alert is snoozed at `now` (a snooze in the past has run out). */
export function isSnoozed(alert: { snoozed_until: string | null }, now: Date): boolean {
  return alert.snoozed_until !== null && new Date(alert.snoozed_until).getTime() > now.getTime();
}

/** The end of a snooze of `days` days from now, as the PUT body takes it (ISO, UTC). */
export function snoozeUntil(now: Date, days: number): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString();
}
