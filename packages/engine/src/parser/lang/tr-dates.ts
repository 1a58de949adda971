/** The Turkish date grammar: the one date-grammar driver (parser/dates/) fed with the Turkish rules. */
import type { TDateContext, TDateFindings } from '../../languages/date-rule-types';
import { TR_DATES } from '../../languages/tr/dates';
import { findDatesWith } from '../dates/driver';
import type { TokenScanner } from '../scanner';

/** Finds and consumes every Turkish date range and comparison in the phrase. */
export function findDatesTr(scanner: TokenScanner, ctx: TDateContext): TDateFindings {
  return findDatesWith(TR_DATES, scanner, ctx);
}
