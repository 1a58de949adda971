/**
 * The slot stage: grammar rules of a language pack run over the tokens, each consuming what it
 * reads — chart hints, numeric filters, ranking, grain. Dates are the pack's own grammar.
 */
import type { TChartType, TQueryFilter, TTimeGrain } from '@parley/contract';
import type { TLanguagePack } from '../languages';
import type { TokenScanner } from './scanner';
import type { TToken } from './text';

export interface TNumericFilter {
  op: TQueryFilter['op'];
  values: number[];
  percent: boolean;
  /** Index of the first token, to find the nearest measure. */
  at: number;
}

export interface TRanking {
  dir: 'asc' | 'desc';
  n: number | null;
  superlative: boolean;
  /** Only an order was asked for ("sorted by revenue"): every row, no limit. */
  sortOnly?: boolean;
  /** Said with a word that also names a column's maximum or minimum ("maximum"). */
  extreme?: 'min' | 'max';
}

/** An aggregation the user named ("median", "90th percentile"), to apply to the nearest measure. */
export interface TAggregationWord {
  fn: 'median' | 'percentile' | 'min' | 'max';
  percentile?: number;
  /** Index of the first token, to find the nearest measure; the words, for a question back. */
  at: number;
  words: string;
}

/** Reads the pack's aggregation words (before amounts, so "90th percentile" is no number). */
export function findAggregations(scanner: TokenScanner, pack: TLanguagePack): TAggregationWord[] {
  const out: TAggregationWord[] = [];
  for (const [rule, fn] of pack.aggregations) {
    scanner.scan(rule, (g, at) => {
      // The words as said, for a question back: from the first that is not a filler ("the").
      const said = scanner.tokens.slice(at).filter((t) => !t.consumed && !pack.fillers.has(t.norm));
      const first = said[0]?.norm ?? fn;
      if (fn !== 'percentile') {
        out.push({ fn, at, words: first });
        return true;
      }
      const rank = Number(g[0]);
      if (!(rank >= 1 && rank <= 99)) return false;
      const words = first === `p${g[0]}` ? first : `${first} ${said[1]?.norm ?? ''}`.trim();
      // "50th percentile" is the median, said another way.
      out.push(rank === 50 ? { fn: 'median', at, words } : { fn, percentile: rank, at, words });
      return true;
    });
  }
  return out;
}

/**
 * Arithmetic words ("divided by", "minus"): consumed here so typo correction never turns "minus"
 * into a measure; the assemble stage joins the measures around them, or asks back.
 */
export function findOperators(scanner: TokenScanner, pack: TLanguagePack): TToken[] {
  const free = scanner.tokens.filter((t) => !t.consumed);
  for (const [rule] of pack.arithmetic) scanner.scan(rule, () => true);
  return free.filter((t) => t.consumed);
}

/**
 * "in total", "altogether": the question wants one total, so no word of it is a breakdown unless
 * grouped. The words stay for the vocabulary: "total" may name the amount ("pay in total").
 */
export function findTotal(scanner: TokenScanner, pack: TLanguagePack): boolean {
  let total = false;
  scanner.scan(pack.total, () => {
    total = true;
    return false;
  });
  return total;
}

/**
 * "share of customers with fiber optic", "müşterilerin yüzde kaçı": the words that ask for a share
 * of the rows the question's values pick, left unconsumed (the assemble stage takes them when the
 * question has such values). A word that starts a phrase of the model ("market share") is not one.
 */
export function findShare(
  scanner: TokenScanner,
  pack: TLanguagePack,
  startsPhrase: (at: number) => boolean,
): TToken[] {
  const free = scanner.tokens.filter((t) => !t.consumed);
  let done = false;
  scanner.scan(pack.shareOf, (_, at) => {
    if (done || startsPhrase(at) || (at > 0 && startsPhrase(at - 1))) return false;
    done = true;
    return true;
  });
  const words = free.filter((t) => t.consumed);
  for (const t of words) t.consumed = false;
  return words;
}

export function findChart(scanner: TokenScanner, pack: TLanguagePack): TChartType | null {
  let chart: TChartType | null = null;
  for (const rule of pack.chart.rules) {
    scanner.scan(rule, (g) => {
      const word = g.find((x) => x !== undefined);
      if (word) chart ??= pack.chart.types[word] ?? null;
      return true;
    });
  }
  scanner.scan(pack.chart.table, () => true);
  return chart;
}

function toNumber(pack: TLanguagePack, value: string, suffix: string | undefined): number {
  return Number(value) * (suffix ? (pack.numbers.multipliers[suffix] ?? 1) : 1);
}

export function findNumericFilters(scanner: TokenScanner, pack: TLanguagePack): TNumericFilter[] {
  const out: TNumericFilter[] = [];
  const { numbers } = pack;
  const isPercent = (s: string | undefined) => s !== undefined && numbers.percent.has(s);
  scanner.scan(numbers.between, (g, at) => {
    // Years are dates, not amounts ("between 2024 and 2025").
    if (/^(19|20)\d\d$/.test(g[0]) && /^(19|20)\d\d$/.test(g[2]) && !g[1]) return false;
    const a = toNumber(pack, g[0], g[1]);
    const b = toNumber(pack, g[2], g[3]);
    out.push({ op: 'between', values: [Math.min(a, b), Math.max(a, b)], percent: isPercent(g[1]), at });
    return true;
  });
  for (const [words, op] of numbers.comparators) {
    scanner.scan(`(?:with |having |where |is |are |was |were )?(?:${words}) ${numbers.amount}`, (g, at) => {
      out.push({ op, values: [toNumber(pack, g[0], g[1])], percent: isPercent(g[1]), at });
      return true;
    });
  }
  scanner.scan(numbers.orMore, (g, at) => {
    out.push({ op: 'gte', values: [toNumber(pack, g[0], g[1])], percent: isPercent(g[1]), at });
    return true;
  });
  scanner.scan(numbers.orLess, (g, at) => {
    out.push({ op: 'lte', values: [toNumber(pack, g[0], g[1])], percent: isPercent(g[1]), at });
    return true;
  });
  for (const [words, op] of numbers.after ?? []) {
    scanner.scan(`${numbers.amount} (?:daha )?(?:${words})`, (g, at) => {
      out.push({ op, values: [toNumber(pack, g[0], g[1])], percent: isPercent(g[1]), at });
      return true;
    });
  }
  return out;
}

export function findRanking(scanner: TokenScanner, pack: TLanguagePack): TRanking | null {
  const rules = pack.ranking;
  let ranking: TRanking | null = null;
  const set = (r: TRanking): boolean => {
    ranking ??= r;
    return true;
  };
  scanner.scan(rules.topN, (g) => set({ dir: 'desc', n: Number(g[1]) || null, superlative: false }));
  scanner.scan(rules.bottomN, (g) => set({ dir: 'asc', n: Number(g[1]) || null, superlative: false }));
  scanner.scan(rules.top, () => set({ dir: 'desc', n: null, superlative: false }));
  scanner.scan(rules.bottom, () => set({ dir: 'asc', n: null, superlative: false }));
  for (const [rule, extreme] of rules.extremes) {
    const dir = extreme === 'max' ? 'desc' : 'asc';
    scanner.scan(rule, () => set({ dir, n: null, superlative: true, extreme }));
  }
  scanner.scan(rules.most, () => set({ dir: 'desc', n: null, superlative: true }));
  scanner.scan(rules.least, () => set({ dir: 'asc', n: null, superlative: true }));
  let dir: 'asc' | 'desc' | null = null;
  scanner.scan(rules.ascending, () => {
    dir = 'asc';
    return true;
  });
  scanner.scan(rules.descending, () => {
    dir = 'desc';
    return true;
  });
  scanner.scan(rules.sort, () => {
    dir ??= 'desc';
    return true;
  });
  if (!ranking && dir) return { dir, n: null, superlative: true, sortOnly: true };
  return ranking;
}

/**
 * The grain asked for. `startsPhrase` says whether the words from a token on name something of
 * the model: "monthly charges" is a column, not charges by month.
 */
export function findGrain(
  scanner: TokenScanner,
  pack: TLanguagePack,
  startsPhrase: (at: number) => boolean = () => false,
): TTimeGrain | 'auto' | null {
  let grain: TTimeGrain | 'auto' | null = null;
  const read = (g: string[], at: number): boolean => {
    const word = g.find((x) => x !== undefined);
    if (word && scanner.tokens[at]?.norm === word && startsPhrase(at)) return false;
    if (word) grain ??= pack.grain.words[word] ?? null;
    return true;
  };
  for (const rule of pack.grain.rules) scanner.scan(rule, read);
  scanner.scan(pack.grain.joined, read);
  scanner.scan(pack.grain.auto, () => {
    grain ??= 'auto';
    return true;
  });
  return grain;
}
