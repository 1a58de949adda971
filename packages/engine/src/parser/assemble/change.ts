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
    cue ??= { dir, comparative, words: '' };
    return true;
  };
  const rules = pack.change;
  const before = scanner.tokens.map((t) => t.consumed);
  scanner.scan(rules.less, read('down', true));
  scanner.scan(rules.more, read('up', true));
  scanner.scan(rules.fell, read('down', false));
  scanner.scan(rules.grew, read('up', false));
  if (rules.lost) scanner.scan(rules.lost, read('lost', true));
  if (!cue) return null;
  const found: TChangeCue = cue;
  found.words = scanner.tokens
    .filter((t, i) => t.consumed && !before[i])
    .map((t) => t.norm)
    .join(' ');
  // "less in 2025 than in 2024": the word that leads to the second period.
  if (rules.than) scanner.scan(rules.than, () => true);
  return found;
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
  // "Customers who ordered last year but not this year" with nothing to list them by: a total of
  // two periods would not answer it.
  if (!grouped) return null;
  let settled: { range: TDateRange; compare: TComparison; dir: TChangeDirection } | null = null;
  const { dir } = cue;
  if (ranges.length === 2) settled = adjacent(ranges[0]!, ranges[1]!, dir, input.today, input.weekStart);
  else if (ranges.length <= 1 && dir !== 'lost' && dates.compare)
    settled = { range: ranges[0] ?? { kind: 'all' }, compare: dates.compare, dir };
  else if (ranges.length === 1 && dir !== 'lost' && !cue.comparative)
    settled = { range: ranges[0]!, compare: 'previous_period', dir };
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
  query.change = settled.dir;
  return null;
}

/**
 * Two periods said in a question of change: the period and its comparison (the period just before,
 * or the same one a year before), or null. "Had orders last year but not this year" lost them,
 * "this year but not last year" gained them.
 */
function adjacent(
  first: TDateRange,
  second: TDateRange,
  dir: TChangeDirection,
  today: string,
  weekStart: TWeekStart,
): { range: TDateRange; compare: TComparison; dir: TChangeDirection } | null {
  if (dir !== 'lost') return comparedWith(first, second, today, weekStart, dir);
  return (
    comparedWith(second, first, today, weekStart, 'lost') ??
    comparedWith(first, second, today, weekStart, 'gained')
  );
}

function comparedWith(
  said: TDateRange,
  before: TDateRange,
  today: string,
  weekStart: TWeekStart,
  dir: TChangeDirection,
): { range: TDateRange; compare: TComparison; dir: TChangeDirection } | null {
  const earlier = resolveRange(before, today, weekStart);
  if (!earlier) return null;
  // Rows in one period and none in the other: "this year" is the whole year against the whole last one.
  const whole = dir === 'lost' || dir === 'gained' ? wholeUnit(said, today) : null;
  for (const range of whole ? [said, whole] : [said]) {
    for (const compare of ['previous_period', 'previous_year'] as const) {
      const c = resolveComparison(range, compare, today, weekStart);
      if (c && c.from === earlier.from && c.to === earlier.to) return { range, compare, dir };
    }
  }
  return null;
}

/** "This year" as the calendar year it is in (likewise a quarter or a month), else null. */
function wholeUnit(range: TDateRange, today: string): TDateRange | null {
  if (range.kind !== 'this') return null;
  const [year, month] = today.split('-').map(Number) as [number, number];
  if (range.unit === 'year') return { kind: 'year', year };
  if (range.unit === 'quarter') return { kind: 'quarter', year, quarter: Math.ceil(month / 3) };
  if (range.unit === 'month') return { kind: 'month', year, month };
  return null;
}
