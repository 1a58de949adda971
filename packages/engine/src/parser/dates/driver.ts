/**
 * The date grammar of DESIGN §6 / spec 2 §9, one driver for every language: relative ranges
 * (last N days, this quarter, year to date, first half…), absolute periods (2025, March 2025,
 * Q2 2025, explicit dates) and comparisons (vs last year, month over month, 2024 vs 2025). A
 * language brings its rules (languages/<code>/dates.ts): each is tried in order over the tokens
 * not yet consumed, its words read by role and handed to one of the steps in builders.ts.
 * Produces TDateRange values; resolution to concrete dates happens later against "today".
 */
import type {
  TDateContext,
  TDateFindings,
  TDateGrammar,
  TDateParts,
  TDateRole,
  TDateRule,
  TDateWords,
} from '../../languages/date-rule-types';
import type { TokenScanner } from '../scanner';
import { DATE_STEPS, type TDateState } from './builders';
import { compareForUnit, unitOfRange } from './calendar';

/** Finds and consumes every date range and comparison a language's rules read in the phrase. */
export function findDatesWith(
  grammar: TDateGrammar,
  scanner: TokenScanner,
  ctx: TDateContext,
): TDateFindings {
  const state: TDateState = {
    ctx,
    currentYear: Number(ctx.today.slice(0, 4)),
    ranges: [],
    compare: null,
    compareUnit: null,
    previousSpan: null,
    wantsChange: false,
  };
  for (const rule of grammar.rules) {
    scanner.scan(rule.source, (groups, at) => {
      const words = wordsOf(rule, groups, ctx.dayFirst);
      const following = () => scanner.tokens.slice(at).map((t) => t.norm);
      if (rule.when && !rule.when(words, following())) return false;
      return DATE_STEPS[rule.build]({ ...partsOf(grammar, words), ...rule.preset }, state);
    });
  }
  settleComparison(state);
  return { ranges: state.ranges, compare: state.compare, wantsChange: state.wantsChange };
}

/** 01/03/2025: the first number is the day for day-first readers, else the month. */
const NUMERIC: Partial<Record<TDateRole, [TDateRole, TDateRole]>> = {
  dm: ['day', 'month'],
  md: ['month', 'day'],
  dm2: ['day2', 'month2'],
  md2: ['month2', 'day2'],
};

/** The words of a match by role; of two groups with one role, the first that matched. */
function wordsOf(rule: TDateRule, groups: string[], dayFirst: boolean): TDateWords {
  const words: TDateWords = {};
  rule.groups?.forEach((role, i) => {
    if (!role || groups[i] === undefined) return;
    const numeric = NUMERIC[role];
    words[numeric ? numeric[dayFirst ? 0 : 1] : role] ??= groups[i];
  });
  return words;
}

/** The words as values, through the language's lookups. */
function partsOf(grammar: TDateGrammar, words: TDateWords): TDateParts {
  const parts: TDateParts = {};
  for (const [role, word] of Object.entries(words) as [TDateRole, string][]) {
    switch (role) {
      case 'unit':
      case 'unit2':
        parts[role] = grammar.unit(word);
        break;
      case 'month':
      case 'month2':
        // A numeric month (2025-03-01, 01/03/2025) or a month's name.
        parts[role] = /^\d+$/.test(word) ? Number(word) : grammar.month(word);
        break;
      case 'quarter':
      case 'quarter2':
        parts[role] = grammar.ordinal(word);
        break;
      case 'half':
        parts.half = grammar.ordinal(word) === 1 ? 1 : 2;
        break;
      case 'yearShift':
        parts.yearShift = grammar.yearShift(word);
        break;
      case 'this':
        parts.this = true;
        break;
      case 'n':
      case 'day':
      case 'day2':
      case 'year':
      case 'year2':
      case 'yearBoth':
        parts[role] = Number(word);
        break;
      default:
        // dm/md were renamed by wordsOf; 'word' is for a rule's `when` only.
        break;
    }
  }
  return parts;
}

/**
 * The end of every language's grammar: "vs the previous 7 days" is the comparison of a "last 7
 * days" range, else a second period (the parser asks); "vs the month before" is named by the one
 * range found (same unit → previous_period, DESIGN §6).
 */
function settleComparison(s: TDateState): void {
  const only = s.ranges.length === 1 ? s.ranges[0] : null;
  if (s.previousSpan) {
    const span = s.previousSpan;
    if (only?.kind === 'last' && only.n === span.n && only.unit === span.unit)
      s.compare ??= 'previous_period';
    else s.ranges.push({ kind: 'last', unit: span.unit, n: span.n });
  }
  if (s.compareUnit) {
    const single = s.ranges.length === 1 ? s.ranges[0] : null;
    s.compare ??= compareForUnit(s.compareUnit, single ? unitOfRange(single) : null);
  }
}
