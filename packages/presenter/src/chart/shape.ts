/** What a chart draws for a card: its view name and the shape of the answer as a chart sees it. */
import type { TCard, TCardChart, TCardColumn, TTimeGrain } from '@parley/contract';
import {
  CONTRIBUTION_SUFFIX,
  FORECAST_HIGH_SUFFIX,
  FORECAST_LOW_SUFFIX,
  FORECAST_PREFIX,
  isAdditiveMeasure,
  PREVIOUS_PREFIX,
} from '../card-columns';
import type { ChartShape, ChartViewType } from './types';

/**
 * A chart spec's view name: its type in lower case, bar flagged stacked being bar-stacked — unless
 * the card's measure is a rate or an average, which never stack (the view says what is drawn).
 */
export function chartViewType(spec: TCardChart, card?: Pick<TCard, 'columns'>): ChartViewType {
  const type = spec.chart.type.toLowerCase() as TCardChart['chart']['type'];
  if (type !== 'bar' || !spec.chart.stacked) return type;
  const measure = card?.columns.find((c) => c.key === spec.y[0]);
  return measure && !isAdditiveMeasure(measure) ? 'bar' : 'bar-stacked';
}

/** The card's column of a key, or a plain number measure named by the key. */
export function columnOf(card: TCard, key: string): TCardColumn {
  return (
    card.columns.find((c) => c.key === key) ?? {
      key,
      label: key,
      kind: 'measure',
      format: 'number',
    }
  );
}

/** The time grain the card's query buckets by. */
export function grainOf(card: TCard): TTimeGrain | undefined {
  return card.query?.semantic.timeDimension?.grain;
}

/** A finite number, or null. */
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** What the chart draws for this spec of this card. */
export function chartShape(card: TCard, spec: TCardChart): ChartShape {
  const keys = new Set(card.columns.map((c) => c.key));
  const measure = spec.y.find((y) => !y.startsWith(FORECAST_PREFIX) && !y.startsWith(PREVIOUS_PREFIX));
  if (measure) {
    const forecast = `${FORECAST_PREFIX}${measure}`;
    const low = `${forecast}${FORECAST_LOW_SUFFIX}`;
    const high = `${forecast}${FORECAST_HIGH_SUFFIX}`;
    if (keys.has(forecast) && keys.has(low) && keys.has(high))
      return { kind: 'forecast', measure, forecast, low, high };
  }
  if (spec.y.length === 1 && spec.y[0].endsWith(CONTRIBUTION_SUFFIX)) {
    const group = card.columns.find((c) => c.kind === 'dimension' && c.key !== spec.x);
    return { kind: 'contributions', dimension: group?.key ?? null };
  }
  const x = columnOf(card, spec.x);
  if (x.kind === 'measure') return { kind: 'periods' };
  const other = card.columns.find(
    (c) => c.key !== spec.x && (c.kind === 'dimension' || c.kind === 'time') && c.kind !== x.kind,
  );
  const sameKind = card.columns.find((c) => c.key !== spec.x && c.kind === 'dimension');
  const series = x.kind === 'time' ? other : sameKind;
  return series ? { kind: 'pivot', series: series.key } : { kind: 'simple' };
}

/** Fails the type check when a switch misses a case; throws if one is reached at run time. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
