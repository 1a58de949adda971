/** Row-key conventions of a card's derived columns and which measures add up (web table, charts, mail). */
import type { TCardColumn } from '@parley/contract';

/** Row key suffix of a measure's share of the total ("Revenue__%"). */
export const SHARE_SUFFIX = '__%';
/** Row key suffix of a measure's change against the previous period ("Revenue__change"). */
export const CHANGE_SUFFIX = '__change';
/** Row key prefix of a measure's comparison value ("Previous_Revenue"). */
export const PREVIOUS_PREFIX = 'Previous_';

/** Rates and averages do not add up; everything else measured in money or counts does. */
const NOT_SUMMABLE = /\b(average|avg|mean|rate|ratio|median|per)\b/i;

/** Whether a measure's values add up (money, counts), unlike rates and averages. */
export function isAdditiveMeasure(column: Pick<TCardColumn, 'key' | 'label' | 'format'>): boolean {
  if (column.format === 'percent') return false;
  return !NOT_SUMMABLE.test(column.label) && !NOT_SUMMABLE.test(column.key);
}
