/**
 * Questions about change between periods, per group: "which products sold less than last year",
 * "which regions grew this quarter", "which countries had fewer orders in 2025 than in 2024",
 * "customers who ordered in 2024 but not in 2025". The slot reads the words of the change; the
 * step settles the two periods into one range and its comparison, and keeps the groups that moved.
 */
import type { TChangeDirection, TComparison, TDateRange, TSemanticQuery } from '@parley/contract';
import { resolveComparison, resolveRange, type TWeekStart } from '../../dates/date-range';
import type { TLanguagePack } from '../../languages';
import { ask, type TClarification } from '../clarification';
import { describeQuery } from '../describe';
import type { TokenScanner } from '../scanner';
import { getExampleQuestions } from './examples';
import type { TAssembleInput, TChangeCue } from './types';

/** Finds and consumes the words of a change between periods. */
export function findChange(scanner: TokenScanner, pack: TLanguagePack): TChangeCue | null {
  let cue: TChangeCue | null = null;
  const read = (dir: TChangeDirection, comparative: boolean) => (): boolean => {
    cue ??= { dir, comparative };
    return true;
  };
  const rules = pack.change;
  scanner.scan(rules.less, read('down', true));
  scanner.scan(rules.more, read('up', true));
  scanner.scan(rules.fell, read('down', false));
  scanner.scan(rules.grew, read('up', false));
  if (rules.lost) scanner.scan(rules.lost, read('lost', true));
  if (!cue) return null;
  // "less in 2025 than in 2024": the word that leads to the second period.
  if (rules.than) scanner.scan(rules.than, () => true);
  return cue;
}

/**
 * Sets the query's change and leaves one range and its comparison in the slots (in place), or asks
 * which two periods to compare. A change of a total (no grouping) is the plain comparison.
 */
export function settleChange(input: TAssembleInput, query: TSemanticQuery): TClarification | null {
  const cue = input.slots.change;
  if (!cue) return null;
  const { dates } = input.slots;
  const ranges = dates.ranges.filter((r) => r.kind !== 'all');
  const grouped = query.dimensions.length > 0;
  if (!grouped && cue.dir !== 'lost') {
    input.slots = { ...input.slots, dates: { ...dates, wantsChange: true } };
    return null;
  }
  let settled: { range: TDateRange; compare: TComparison } | null = null;
  if (ranges.length === 2) settled = adjacent(ranges[0]!, ranges[1]!, cue.dir, input.today, input.weekStart);
  else if (ranges.length <= 1 && cue.dir !== 'lost' && dates.compare)
    settled = { range: ranges[0] ?? { kind: 'all' }, compare: dates.compare };
  else if (ranges.length === 1 && cue.dir !== 'lost' && !cue.comparative)
    settled = { range: ranges[0]!, compare: 'previous_period' };
  if (!settled) {
    const understood = describeQuery({ ...query, timeDimension: undefined }, input.model, input.pack.code);
    return ask(
      { key: 'changePeriods', understood },
      understood,
      getExampleQuestions(input.model, input.pack),
    );
  }
  const kept = settled.range.kind === 'all' ? [] : [settled.range];
  input.slots = { ...input.slots, dates: { ...dates, ranges: kept, compare: settled.compare } };
  query.change = cue.dir;
  return null;
}

/**
 * Two periods said in a question of change: the later is the period, the earlier its comparison —
 * only when the earlier is the period just before (or the same one a year before); else null.
 */
function adjacent(
  first: TDateRange,
  second: TDateRange,
  dir: TChangeDirection,
  today: string,
  weekStart: TWeekStart,
): { range: TDateRange; compare: TComparison } | null {
  // "ordered last year but not this year": the period without rows is said second.
  const [range, before] = dir === 'lost' ? [second, first] : [first, second];
  const earlier = resolveRange(before, today, weekStart);
  if (!earlier) return null;
  for (const compare of ['previous_period', 'previous_year'] as const) {
    const c = resolveComparison(range, compare, today, weekStart);
    if (c && c.from === earlier.from && c.to === earlier.to) return { range, compare };
  }
  return null;
}
