/**
 * Shares among numeric columns: a fraction (0.25 = 25 %) or a percent of 100 (25 = 25 %), read
 * from the column's name and, where the source measured them, its values. Either is shown as a
 * percentage and averaged, never summed.
 */
import type { TIntrospectedColumn } from '../introspection';

/** How a column's values read as a percentage: as they are, divided by 100, or not at all. */
export type TShareScale = 'fraction' | 'hundred' | null;

/** Names that say a share, whatever the scale of their values. */
const SHARE_NAME = /(rate|ratio|pct|percent|share)$/;
/** Names that say a percent: past 1 their values are a percent of 100 ("discount pct" 15 = 15 %). */
const PERCENT_NAME = /\b(pct|percent|percentage)$/;
/**
 * Amounts and units in [0, 1] stay numbers: a few cents, a fraction of an hour, a weight in kg.
 * A rate ("hourly rate") or a score past 1 is no share either; those only the name can tell.
 */
const UNIT_NAME =
  /\b(amount|revenue|price|cost|sales|salary|fee|spend|budget|value|total|income|payment|balance|freight|hours|hrs|minutes|mins|seconds|secs|days|duration|age|weight|length|width|height|size|temperature|latitude|longitude|lat|lng|lon)\b/;

/**
 * Whether `c` (its name said as words in `base`) holds a share, and on which scale. Values in
 * [0, 1] with a fractional part are a fraction whatever the name (margin, conversion); a `pct`
 * name whose values run past 1 is a percent of 100; a share's name past 1 ("exchange rate",
 * "hourly rate") is a plain number. Unmeasured, only the name tells, as a fraction.
 */
export function shareScale(c: TIntrospectedColumn, base: string): TShareScale {
  const range = c.range;
  if (!range) return SHARE_NAME.test(base) ? 'fraction' : null;
  const named = SHARE_NAME.test(base);
  const withinOne = range.min >= 0 && range.max <= 1;
  // Only 0s and 1s: a flag (flags.ts) unless the name says a share.
  if (withinOne && (!range.whole || named)) return named || !UNIT_NAME.test(base) ? 'fraction' : null;
  if (PERCENT_NAME.test(base) && !withinOne) return 'hundred';
  return null;
}
