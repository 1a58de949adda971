/** Row-key conventions of a card's derived columns and which measures add up (web table, charts, mail). */
import type { TCardColumn } from '@parley/contract';

/** Row key suffix of a measure's share of the total ("Revenue__%"). */
export const SHARE_SUFFIX = '__%';
/** Row key suffix of a measure's change against the previous period ("Revenue__change"). */
export const CHANGE_SUFFIX = '__change';
/** Row key prefix of a measure's comparison value ("Previous_Revenue"). */
export const PREVIOUS_PREFIX = 'Previous_';
/** Row key suffix of a value's share of a total change, in percent ("Revenue__contribution"). */
export const CONTRIBUTION_SUFFIX = '__contribution';
/** Row key prefix of a forecast ("Forecast_Revenue"), and suffixes of its band's bounds. */
export const FORECAST_PREFIX = 'Forecast_';
export const FORECAST_LOW_SUFFIX = '__low';
export const FORECAST_HIGH_SUFFIX = '__high';

/** Rates and averages do not add up; everything else measured in money or counts does. */
const NOT_SUMMABLE = /\b(average|avg|mean|rate|ratio|median|per)\b/i;

/** Whether a measure's values add up (money, counts), unlike rates and averages. */
export function isAdditiveMeasure(column: Pick<TCardColumn, 'key' | 'label' | 'format'>): boolean {
  if (column.format === 'percent') return false;
  return !NOT_SUMMABLE.test(column.label) && !NOT_SUMMABLE.test(column.key);
}
