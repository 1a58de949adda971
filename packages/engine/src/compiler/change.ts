/**
 * A question about change between periods, per group ("which products sold less than last
 * year"): a filter on the first measure's value in the period against its comparison, and the
 * order that puts the largest change first.
 */
import type { TChangeDirection } from '@parley/contract';
import { assertNever } from '../util';

/** The WHERE condition over the aggregated columns and the ORDER BY term that ranks the change. */
export function changeClauses(
  change: TChangeDirection,
  current: string,
  previous: string,
): { filter: string; order: string } {
  switch (change) {
    case 'down':
      return { filter: `${current} < ${previous}`, order: `(${current} - ${previous}) ASC` };
    case 'up':
      return { filter: `${current} > ${previous}`, order: `(${current} - ${previous}) DESC` };
    // Nothing in one period is no row there: an average is then null, a count 0.
    case 'lost':
      return {
        filter: `COALESCE(${previous}, 0) > 0 AND COALESCE(${current}, 0) = 0`,
        order: `${previous} DESC`,
      };
    case 'gained':
      return {
        filter: `COALESCE(${current}, 0) > 0 AND COALESCE(${previous}, 0) = 0`,
        order: `${current} DESC`,
      };
    default:
      return assertNever(change);
  }
}
