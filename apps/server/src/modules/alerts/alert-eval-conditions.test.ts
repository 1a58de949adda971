import { describe, expect, it } from 'vitest';
import { meetsCondition, meetsForecast, percentChange, scaleBand } from './alert-eval-conditions';

const r = (value: number | null, previous: number | null = null) => ({ name: null, value, previous });

describe('alert conditions', () => {
  it('threshold: strictly above or below', () => {
    expect(meetsCondition({ kind: 'threshold', op: 'above', value: 100 }, r(101))).toBe(true);
    expect(meetsCondition({ kind: 'threshold', op: 'above', value: 100 }, r(100))).toBe(false);
    expect(meetsCondition({ kind: 'threshold', op: 'below', value: 100 }, r(99.5))).toBe(true);
    expect(meetsCondition({ kind: 'threshold', op: 'below', value: 100 }, r(100))).toBe(false);
    expect(meetsCondition({ kind: 'threshold', op: 'below', value: 100 }, r(null))).toBe(false);
  });

  it('change by percent, up / down / either', () => {
    const down10 = { kind: 'change' as const, op: 'down' as const, value: 10, unit: 'percent' as const };
    expect(meetsCondition(down10, r(85, 100))).toBe(true);
    expect(meetsCondition(down10, r(90, 100))).toBe(false);
    expect(meetsCondition(down10, r(120, 100))).toBe(false);
    expect(meetsCondition({ ...down10, op: 'up' }, r(120, 100))).toBe(true);
    expect(meetsCondition({ ...down10, op: 'either' }, r(80, 100))).toBe(true);
    expect(meetsCondition({ ...down10, op: 'either' }, r(105, 100))).toBe(false);
    // A negative base: the move is measured against its size.
    expect(meetsCondition({ ...down10, op: 'up' }, r(-50, -100))).toBe(true);
  });

  it('change without a comparison, or a percent of zero, is not met', () => {
    const up = { kind: 'change' as const, op: 'up' as const, value: 0, unit: 'percent' as const };
    expect(meetsCondition(up, r(10, null))).toBe(false);
    expect(meetsCondition(up, r(10, 0))).toBe(false);
    expect(meetsCondition({ ...up, unit: 'amount' }, r(10, 0))).toBe(true);
  });

  it('change by amount', () => {
    const c = { kind: 'change' as const, op: 'down' as const, value: 500, unit: 'amount' as const };
    expect(meetsCondition(c, r(1000, 1600))).toBe(true);
    expect(meetsCondition(c, r(1000, 1500))).toBe(false);
  });

  it('outside the forecast band, widened or narrowed', () => {
    const f = { expected: 100, low: 80, high: 130 };
    expect(meetsForecast(135, f)).toBe(true);
    expect(meetsForecast(75, f)).toBe(true);
    expect(meetsForecast(125, f)).toBe(false);
    expect(meetsForecast(135, f, 2)).toBe(false);
    expect(meetsForecast(120, f, 0.5)).toBe(true);
    expect(scaleBand(f, 2)).toEqual({ expected: 100, low: 60, high: 160 });
    expect(meetsForecast(null, f)).toBe(false);
  });

  it('percent change', () => {
    expect(percentChange(110, 100)).toBeCloseTo(10);
    expect(percentChange(110, 0)).toBeNull();
    expect(percentChange(null, 5)).toBeNull();
  });
});
