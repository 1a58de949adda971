/** What a chart draws for a card: its view name and the shape of the answer as a chart sees it. */
import type { TCard, TCardChart, TCardColumn, TQuestionKind, TTimeGrain } from '@parley/contract';
import {
  CONTRIBUTION_SUFFIX,
  FORECAST_HIGH_SUFFIX,
  FORECAST_LOW_SUFFIX,
  FORECAST_PREFIX,
  PREVIOUS_PREFIX,
} from '../card-columns';
import { formsWhole, slicesFit } from './slices';
import type { ChartShape, ChartViewType, ShapeOf } from './types';

/**
 * A chart spec's view name: its type in lower case, bar flagged stacked being bar-stacked — unless
 * the card's measure is a rate or an average, which never stack, and a pie or donut of values that
 * are not parts of one whole is drawn as bars (the view says what is drawn).
 */
export function chartViewType(
  spec: TCardChart,
  card?: Pick<TCard, 'columns'> & Partial<Pick<TCard, 'table'>>,
): ChartViewType {
  const type = spec.chart.type.toLowerCase() as TCardChart['chart']['type'];
  if ((type === 'pie' || type === 'donut') && card && !slicesFit(card, spec)) return 'bar';
  if (type !== 'bar' || !spec.chart.stacked) return type;
  const measure = card?.columns.find((c) => c.key === spec.y[0]);
  return measure && !formsWhole(measure) ? 'bar' : 'bar-stacked';
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

/**
 * The kind of a card stored before cards carried one: told by its columns, as charts did then —
 * a forecast by its forecast and band columns, a drivers answer by its one contribution series.
 */
export function detectedKind(card: TCard, spec: TCardChart): TQuestionKind {
  const keys = new Set(card.columns.map((c) => c.key));
  const forecast = forecastShape(spec);
  if (forecast && keys.has(forecast.forecast) && keys.has(forecast.low) && keys.has(forecast.high))
    return 'forecast';
  if (spec.y.length === 1 && spec.y[0].endsWith(CONTRIBUTION_SUFFIX)) return 'drivers';
  return 'aggregate';
}

/** A forecast's series by the row-key conventions: the measure, its forecast and band; null without a measure. */
function forecastShape(spec: TCardChart): ShapeOf<'forecast'> | null {
  const measure = spec.y.find((y) => !y.startsWith(FORECAST_PREFIX) && !y.startsWith(PREVIOUS_PREFIX));
  if (!measure) return null;
  const forecast = `${FORECAST_PREFIX}${measure}`;
  return {
    kind: 'forecast',
    measure,
    forecast,
    low: `${forecast}${FORECAST_LOW_SUFFIX}`,
    high: `${forecast}${FORECAST_HIGH_SUFFIX}`,
  };
}

/** What the chart draws for this spec of this card: by the card's kind (by its columns when it has none). */
export function chartShape(card: TCard, spec: TCardChart): ChartShape {
  const kind = card.kind ?? detectedKind(card, spec);
  switch (kind) {
    case 'forecast':
      return forecastShape(spec) ?? resultShape(card, spec);
    case 'drivers': {
      const group = card.columns.find((c) => c.kind === 'dimension' && c.key !== spec.x);
      return { kind: 'contributions', dimension: group?.key ?? null };
    }
    case 'aggregate':
      return resultShape(card, spec);
    default:
      return assertNever(kind);
  }
}

/** A plain answer's shape by its columns: two periods, a pivot of a second category, or simple. */
function resultShape(card: TCard, spec: TCardChart): ChartShape {
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
