/**
 * How the parser tells a forecast question ("forecast revenue next quarter", "what will sales
 * be") and shapes it: the history at a grain (the asked unit; months for quarters and years)
 * plus `horizon` buckets ahead.
 */
import type { TSemanticQuery, TTimeGrain } from '@parley/contract';
import { findMeasure } from '../../model/semantic-model';
import { analysisBase } from '../analysis-base';
import type { TKindQuestion } from '../types';

/** How far ahead the question asked ("next 3 months"); no horizon words: `horizon` null. */
export interface TForecastCue {
  horizon: THorizon | null;
}

interface THorizon {
  unit: 'day' | 'week' | 'month' | 'quarter' | 'half' | 'year';
  n: number | null;
}

/** Days in one unit, to turn "next quarter" into buckets of another grain. */
const UNIT_DAYS: Record<string, number> = {
  day: 1,
  week: 7,
  month: 30.4,
  quarter: 91.3,
  half: 182.6,
  year: 365.2,
};

/** History a forecast is fitted on, per grain: at least two seasons where there is one. */
const FORECAST_HISTORY: Record<
  TTimeGrain,
  { unit: 'day' | 'week' | 'month' | 'quarter' | 'year'; n: number }
> = {
  day: { unit: 'day', n: 120 },
  week: { unit: 'week', n: 104 },
  month: { unit: 'month', n: 36 },
  quarter: { unit: 'quarter', n: 16 },
  year: { unit: 'year', n: 8 },
};

export const forecastQuestion: TKindQuestion<TForecastCue> = {
  detect: (scanner, pack, normalised) => {
    // The future tense around the measure ("what will revenue be") cues it without consuming.
    let forecast = pack.intents.forecastCue.test(normalised);
    let horizon: THorizon | null = null;
    scanner.scan(pack.intents.horizon, (g) => {
      const unit = (pack.horizonUnits?.[g[1]] ?? g[1]) as THorizon['unit'];
      horizon ??= { unit, n: g[0] ? Number(g[0]) : null };
      forecast = true;
      return true;
    });
    scanner.scan(pack.intents.forecast, () => {
      forecast = true;
      return true;
    });
    return forecast ? { horizon } : null;
  },
  shape: (query, { horizon }, { model, grain, today }): TSemanticQuery => {
    const start = analysisBase(query, model);
    if (!start) return query;
    const { base, field } = start;
    const unit = horizon?.unit ?? 'month';
    const n = horizon?.n ?? (horizon ? 1 : 3);
    const bucket: TTimeGrain =
      grain && grain !== 'auto'
        ? grain
        : unit === 'quarter' || unit === 'half' || unit === 'year'
          ? 'month'
          : unit;
    const buckets = Math.max(1, Math.round((UNIT_DAYS[unit] * n) / UNIT_DAYS[bucket]));
    // "next quarter" is the next calendar quarter: in November, the months after December.
    const month = Number(today.slice(5, 7));
    const monthsLeft: Record<string, number> = {
      quarter: 2 - ((month - 1) % 3),
      half: 5 - ((month - 1) % 6),
      year: 12 - month,
    };
    const skip = bucket === 'month' && horizon && unit in monthsLeft ? monthsLeft[unit] : 0;
    const { compare: _compare, ...rest } = base;
    return {
      ...rest,
      dimensions: [],
      timeDimension: {
        field,
        grain: bucket,
        range: { kind: 'last', ...FORECAST_HISTORY[bucket] },
      },
      analysis:
        skip > 0 ? { kind: 'forecast', horizon: buckets, skip } : { kind: 'forecast', horizon: buckets },
    };
  },
  // The history the forecast would be based on.
  instead: (query, model, pack) => {
    const measure = query.measures[0];
    const label = findMeasure(model, measure)?.label ?? measure;
    return [pack.messages.phrases.trendOf(label, 'in the last 12 months')];
  },
};
