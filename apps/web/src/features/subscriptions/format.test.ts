import { describe, expect, it } from 'vitest';
import { paidUntil, trialDaysLeft } from './format';

describe('trialDaysLeft', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const trial = (days: number) => ({
    status: 'TRIAL' as const,
    trial_ends_at: new Date(now.getTime() + days * 86_400_000).toISOString(),
  });

  it('counts a started day as left', () => {
    expect(trialDaysLeft(trial(9), now)).toBe(9);
    expect(trialDaysLeft(trial(8.2), now)).toBe(9);
    expect(trialDaysLeft(trial(0.1), now)).toBe(1);
  });

  it('is 0 after the end and null outside a trial', () => {
    expect(trialDaysLeft(trial(-1), now)).toBe(0);
    expect(trialDaysLeft({ status: 'ACTIVE', trial_ends_at: trial(9).trial_ends_at }, now)).toBeNull();
  });
});

describe('paidUntil', () => {
  it('adds a month or a year, keeping the day where the month has it', () => {
    expect(paidUntil(new Date(2026, 10, 20), 'monthly')).toEqual(new Date(2026, 11, 20));
    expect(paidUntil(new Date(2026, 0, 31), 'monthly')).toEqual(new Date(2026, 1, 28));
    expect(paidUntil(new Date(2026, 10, 20), 'annual')).toEqual(new Date(2027, 10, 20));
  });
});
