import type { TSemanticQuery } from '@parley/contract';
import { ZAlertCondition } from '@parley/contract';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { alertSentence, conditionOf, defaultForm, formOf, parseAmount } from './words';

let t: TFunction<'alerts'>;
let tr: TFunction<'alerts'>;
beforeAll(async () => {
  if (!i18next.isInitialized)
    await i18next.init({
      lng: 'en-US',
      fallbackLng: 'en-US',
      resources: {},
      interpolation: { escapeValue: false },
    });
  await import('./i18n');
  t = i18next.getFixedT('en-US', 'alerts');
  tr = i18next.getFixedT('tr', 'alerts');
});

const weekly: TSemanticQuery = {
  measures: ['orders.revenue'],
  dimensions: [],
  filters: [],
  timeDimension: { field: 'orders.created_at', grain: 'week', range: { kind: 'last', unit: 'week', n: 12 } },
};
const byRegion: TSemanticQuery = { ...weekly, dimensions: ['customers.sales_region'] };

describe('conditionOf', () => {
  it('builds each kind of condition the contract accepts', () => {
    const form = defaultForm(weekly);
    const cases = [
      [
        { ...form, kind: 'threshold', thresholdOp: 'below', value: '1 500,5' },
        { kind: 'threshold', op: 'below', value: 1500.5 },
      ],
      [
        {
          ...form,
          kind: 'change',
          changeOp: 'either',
          value: '250',
          unit: 'amount',
          against: 'same_period_last_year',
        },
        { kind: 'change', op: 'either', value: 250, unit: 'amount', against: 'same_period_last_year' },
      ],
      [
        { ...form, kind: 'outside_forecast', band: 1.5, value: '' },
        { kind: 'outside_forecast', band: 1.5 },
      ],
    ] as const;
    for (const [input, expected] of cases) {
      const result = conditionOf(input);
      expect(result).toEqual({ ok: true, condition: expected });
      if (result.ok) expect(ZAlertCondition.safeParse(result.condition).success).toBe(true);
    }
  });

  it('refuses a missing or unreadable value, and a negative change', () => {
    const form = defaultForm(weekly);
    expect(conditionOf({ ...form, kind: 'threshold', value: ' ' })).toEqual({
      ok: false,
      error: 'value_required',
    });
    expect(conditionOf({ ...form, kind: 'threshold', value: '12abc' })).toEqual({
      ok: false,
      error: 'value_required',
    });
    expect(conditionOf({ ...form, kind: 'change', value: '-5' })).toEqual({
      ok: false,
      error: 'value_negative',
    });
    // A threshold may be negative (a margin below zero).
    expect(conditionOf({ ...form, kind: 'threshold', value: '-5' })).toMatchObject({ ok: true });
  });

  it('round-trips an alert through the form', () => {
    const condition = {
      kind: 'change',
      op: 'up',
      value: 7,
      unit: 'percent',
      against: 'previous_period',
    } as const;
    expect(conditionOf(formOf(condition, 'hourly'))).toEqual({ ok: true, condition });
    expect(formOf(condition, 'hourly').schedule).toBe('hourly');
  });

  it('checks at the card’s grain by default', () => {
    expect(defaultForm(weekly).schedule).toBe('weekly');
    expect(defaultForm({ ...weekly, timeDimension: undefined }).schedule).toBe('daily');
  });
});

describe('parseAmount', () => {
  it('reads plain, comma-decimal and spaced numbers only', () => {
    expect(parseAmount('10')).toBe(10);
    expect(parseAmount('2,5')).toBe(2.5);
    expect(parseAmount('.5')).toBe(0.5);
    expect(parseAmount('1e3')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });
});

describe('alertSentence', () => {
  it('says the condition in words', () => {
    const down = {
      kind: 'change',
      op: 'down',
      value: 10,
      unit: 'percent',
      against: 'previous_period',
    } as const;
    expect(alertSentence(down, weekly, t, 'en-US')).toBe(
      'Tell me when revenue is down more than 10% week on week',
    );
    expect(
      alertSentence(
        { ...down, op: 'either', unit: 'amount', value: 2500, against: 'same_period_last_year' },
        weekly,
        t,
        'en-US',
      ),
    ).toBe('Tell me when revenue moves more than 2,500 against the same week last year');
    expect(
      alertSentence({ kind: 'threshold', op: 'above', value: 1000 }, weekly, t, 'en-US', 'Revenue'),
    ).toBe('Tell me when Revenue is above 1,000');
    expect(alertSentence({ kind: 'outside_forecast', band: 1.5 }, weekly, t, 'en-US')).toBe(
      'Tell me when revenue falls outside 1.5× its expected range',
    );
  });

  it('says a grouped card’s alert is about any group', () => {
    const down = {
      kind: 'change',
      op: 'down',
      value: 10,
      unit: 'percent',
      against: 'previous_period',
    } as const;
    expect(alertSentence(down, byRegion, t, 'en-US')).toBe(
      'Tell me when revenue of any sales region is down more than 10% week on week',
    );
  });

  it('speaks Turkish with its own word order and percent sign', () => {
    const down = {
      kind: 'change',
      op: 'down',
      value: 10,
      unit: 'percent',
      against: 'previous_period',
    } as const;
    expect(alertSentence(down, weekly, tr, 'tr')).toBe(
      'revenue bir önceki haftaya göre %10 üzerinde düştüğünde haber ver',
    );
  });
});
