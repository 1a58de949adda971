/** The English date grammar: the one date-grammar driver (dates/driver.ts) fed with the English rules. */
import type { TDateContext, TDateFindings } from '../languages/date-rule-types';
import { EN_DATES } from '../languages/en/dates';
import { findDatesWith } from './dates/driver';
import type { TokenScanner } from './scanner';

export type { TDateContext, TDateFindings } from '../languages/date-rule-types';

/** Finds and consumes every date range and comparison in the phrase. */
export function findDates(scanner: TokenScanner, ctx: TDateContext): TDateFindings {
  return findDatesWith(EN_DATES, scanner, ctx);
}
