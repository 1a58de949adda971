/**
 * Whether a reading meets an alert's condition (issue 34): pure, so the rules are unit-tested
 * apart from any data. Every comparison is strict ("above 100" is not met by 100; "down more
 * than 10 %" is not met by exactly 10 %), so a size of 0 means "any move that way".
 */
import type { TAlertCondition } from '@parley/contract';

/** One value of the card for the period (a group's, or the whole card's) and its comparison. */
export interface AlertReading {
  /** The group's name on a grouped card; null for the whole card. */
  name: string | null;
  value: number | null;
  previous: number | null;
}

/** The forecast of the period: its expected value and the 95 % band around it. */
export interface ForecastBand {
  expected: number;
  low: number;
  high: number;
}

/** Percent change from `previous` to `value`; null when there is nothing to compare (no or zero previous). */
export function percentChange(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return ((value - previous) / Math.abs(previous)) * 100;
}

/** The band widened (band > 1) or narrowed (< 1) around the expected value; 1 by default. */
export function scaleBand(forecast: ForecastBand, band = 1): ForecastBand {
  const { expected } = forecast;
  return {
    expected,
    low: expected - (expected - forecast.low) * band,
    high: expected + (forecast.high - expected) * band,
  };
}

/** threshold: strictly above or below the value. */
function meetsThreshold(condition: TAlertCondition, reading: AlertReading): boolean {
  if (reading.value === null || condition.value === undefined) return false;
  return condition.op === 'below' ? reading.value < condition.value : reading.value > condition.value;
}

/**
 * change: the move against the comparison, by percent (of |previous|) or amount, strictly more than
 * the size in the direction asked. No comparison value, or a percent of a zero → not met.
 */
function meetsChange(condition: TAlertCondition, reading: AlertReading): boolean {
  const { value, previous } = reading;
  if (value === null || previous === null) return false;
  const size = condition.value ?? 0;
  const move = condition.unit === 'amount' ? value - previous : percentChange(value, previous);
  if (move === null) return false;
  switch (condition.op) {
    case 'up':
      return move > size;
    case 'down':
      return -move > size;
    default:
      return Math.abs(move) > size;
  }
}

/** Whether `reading` meets a threshold or change condition (outside_forecast: see meetsForecast). */
export function meetsCondition(condition: TAlertCondition, reading: AlertReading): boolean {
  switch (condition.kind) {
    case 'threshold':
      return meetsThreshold(condition, reading);
    case 'change':
      return meetsChange(condition, reading);
    case 'outside_forecast':
      return false;
  }
}

/** outside_forecast: strictly outside the band (scaled by `band`). */
export function meetsForecast(value: number | null, forecast: ForecastBand, band = 1): boolean {
  if (value === null) return false;
  const scaled = scaleBand(forecast, band);
  return value < scaled.low || value > scaled.high;
}
