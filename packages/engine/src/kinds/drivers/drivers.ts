/**
 * Drivers ("why did revenue drop last month", DESIGN §6 "Question kinds"): the change of a
 * measure between a period and its comparison, split by every dimension the measure can be
 * broken down by. Each split is an ordinary compiled query (compileQuery with `compare`), so
 * there is one SQL generator; this module only plans those queries and turns their rows into
 * contributions and a card.
 */
import type { TCard, TSemanticQuery } from '@parley/contract';
import { getCardWords, type TAgainst } from '../../card/words';
import { previousKey } from '../../compiler/columns';
import { compileQuery, type TCompiledQuery, type TCompileOptions } from '../../compiler/compile';
import type { TLanguageCode } from '../../languages';
import {
  getBaseMeasures,
  getDimension,
  getMeasure,
  isDimensionAvailable,
  ModelError,
  type TMeasure,
  type TSemanticModel,
} from '../../model/semantic-model';
import { textFormat } from '../../util';
import {
  contributionKey,
  DRIVER_VALUE_KEY,
  driverFormats,
  driversColumns,
  driversTable,
  driversText,
  num,
  type TContribution,
  type TRankedSplit,
} from './drivers-card';

export {
  contributionKey,
  DRIVER_DIMENSION_KEY,
  DRIVER_REST_KEY,
  DRIVER_ROWS_PER_DIMENSION,
  DRIVER_VALUE_KEY,
  isDriversRestRow,
  type TContribution,
} from './drivers-card';

/** One split of the change: a dimension and its compiled query (measure, then its parts for ratios). */
export interface TDriverSplit {
  dimension: string;
  compiled: TCompiledQuery;
}

export interface TDriversPlan {
  /** The measure without a breakdown: the headline and the total change. */
  total: TCompiledQuery;
  splits: TDriverSplit[];
  /** For a ratio of two sums (AOV, Conversion Rate): its numerator and denominator measures. */
  ratio: { numerator: string; denominator: string } | null;
}

/** Sums and counts add up across a dimension's values; their change splits into row changes. */
function isSummable(m: TMeasure): boolean {
  return m.kind === 'aggregate' && ['sum', 'count', 'count_distinct'].includes(m.agg);
}

/**
 * The queries a drivers question needs, or a ModelError when it cannot be answered (no period to
 * compare, a measure that does not split). Dimensions a measure's own condition reads (Revenue
 * counts completed orders, so Status) are left out: grouping by them changes what is measured.
 */
export function planDrivers(
  query: TSemanticQuery,
  model: TSemanticModel,
  options: TCompileOptions & { language?: TLanguageCode },
): TDriversPlan {
  const name = query.measures[0];
  const measure = getMeasure(model, name);
  const words = getCardWords(options.language);
  const shown = words.field(measure.label);
  if (!query.timeDimension || query.timeDimension.range.kind === 'all')
    throw new ModelError(words.drivers.noPeriod(shown));
  let ratio: TDriversPlan['ratio'] = null;
  if (!isSummable(measure)) {
    const parts = measure.kind === 'ratio' ? [measure.numerator, measure.denominator] : [];
    if (parts.length === 0 || !parts.every((p) => isSummable(getMeasure(model, p))))
      throw new ModelError(words.drivers.notSplittable(shown));
    ratio = { numerator: parts[0], denominator: parts[1] };
  }
  const base: TSemanticQuery = {
    measures: ratio ? [name, ratio.numerator, ratio.denominator] : [name],
    dimensions: [],
    timeDimension: { field: query.timeDimension.field, range: query.timeDimension.range },
    compare: query.compare ?? 'previous_period',
    filters: query.filters,
  };
  const total = compileQuery(base, model, options);
  if (!total.comparison) throw new ModelError(words.drivers.noEarlier(shown));

  const conditioned = new Set(
    getBaseMeasures(model, name).flatMap((b) => (b.where ?? []).map((w) => `${w.table}.${w.column}`)),
  );
  const splits: TDriverSplit[] = [];
  // Dimensions the question names ("why did revenue drop, by channel") narrow the split to them.
  const asked = query.dimensions.length > 0 ? new Set(query.dimensions) : null;
  for (const dim of model.dimensions) {
    if (asked && !asked.has(dim.name)) continue;
    if (!isDimensionAvailable(model, name, dim.name)) continue;
    if (dim.sources.some((s) => conditioned.has(`${s.table}.${s.column}`))) continue;
    // Filtered to a single value already ("in Germany"): splitting by it explains nothing.
    if (query.filters.some((f) => f.field === dim.name && f.op === 'in' && f.values.length === 1)) continue;
    splits.push({
      dimension: dim.name,
      compiled: compileQuery({ ...base, dimensions: [dim.name] }, model, options),
    });
  }
  if (splits.length === 0) throw new ModelError(words.drivers.noDimension(shown));
  return { total, splits, ratio };
}

/**
 * Contributions of a dimension's values to the change: Δᵢ / ΣΔ × 100, so they add up to 100 %.
 * For a ratio R = N/D (AOV) the exact split of ΔR is Δᵢ = (N₁ᵢ − R₀·D₁ᵢ)/D₁ − (N₀ᵢ − R₀·D₀ᵢ)/D₀,
 * which sums to R₁ − R₀ and charges a value both for its own rate and for its weight moving.
 */
export function computeContributions(
  rows: {
    value: string;
    current: number;
    previous: number;
    num?: [number, number];
    den?: [number, number];
  }[],
): TContribution[] {
  const isRatio = rows.some((r) => r.num && r.den);
  let deltas: number[];
  if (isRatio) {
    const n0 = rows.reduce((a, r) => a + (r.num?.[1] ?? 0), 0);
    const d1 = rows.reduce((a, r) => a + (r.den?.[0] ?? 0), 0);
    const d0 = rows.reduce((a, r) => a + (r.den?.[1] ?? 0), 0);
    const r0 = d0 === 0 ? 0 : n0 / d0;
    deltas = rows.map((r) => {
      const [cn, pn] = r.num ?? [0, 0];
      const [cd, pd] = r.den ?? [0, 0];
      return (d1 === 0 ? 0 : (cn - r0 * cd) / d1) - (d0 === 0 ? 0 : (pn - r0 * pd) / d0);
    });
  } else {
    deltas = rows.map((r) => r.current - r.previous);
  }
  const total = deltas.reduce((a, d) => a + d, 0);
  // A change that is float noise around zero has no meaningful split.
  const scale = Math.max(...deltas.map(Math.abs), 0);
  const zero = total === 0 || Math.abs(total) < scale * 1e-12;
  return rows.map((r, i) => ({
    value: r.value,
    current: r.current,
    previous: r.previous,
    delta: deltas[i],
    contribution: zero ? null : (deltas[i] / total) * 100,
  }));
}

/**
 * How much a dimension explains: the normalised concentration (Herfindahl index) of its values'
 * absolute changes, times the share of that movement that is not cancelled out. 1 = one value
 * carries the whole change; 0 = the change is spread evenly or nets out.
 */
export function explanatoryScore(contributions: TContribution[]): number {
  const n = contributions.length;
  const abs = contributions.map((c) => Math.abs(c.delta));
  const mass = abs.reduce((a, v) => a + v, 0);
  if (n < 2 || mass === 0) return 0;
  const hhi = abs.reduce((a, v) => a + (v / mass) ** 2, 0);
  const concentration = (hhi - 1 / n) / (1 - 1 / n);
  const net = Math.abs(contributions.reduce((a, c) => a + c.delta, 0)) / mass;
  return concentration * net;
}

export interface TDriversCardInput {
  query: TSemanticQuery;
  model: TSemanticModel;
  plan: TDriversPlan;
  totalRows: Record<string, unknown>[];
  /** Rows of each split's query, in the plan's order. */
  splitRows: Record<string, unknown>[][];
  readAt: string;
  locale?: string;
  /** The user's date: a period reaching it is still running (partial). */
  today?: string;
  /** The card's language; English by default. */
  language?: TLanguageCode;
}

/** Each split's rows as contributions, the dimensions ordered by how much of the change they explain. */
function rankSplits(input: TDriversCardInput, label: string): TRankedSplit[] {
  const { model, plan } = input;
  const words = getCardWords(input.language);
  const ratio = plan.ratio;
  const partLabels = ratio
    ? [getMeasure(model, ratio.numerator).label, getMeasure(model, ratio.denominator).label]
    : null;
  const ranked: TRankedSplit[] = plan.splits.map((split, i) => {
    const dim = getDimension(model, split.dimension);
    const rows = (input.splitRows[i] ?? []).map((r) => ({
      value: r[dim.label] === null || r[dim.label] === undefined ? '–' : String(r[dim.label]),
      current: num(r[label]),
      previous: num(r[previousKey(label)]),
      ...(partLabels
        ? {
            num: [num(r[partLabels[0]]), num(r[previousKey(partLabels[0])])] as [number, number],
            den: [num(r[partLabels[1]]), num(r[previousKey(partLabels[1])])] as [number, number],
          }
        : {}),
    }));
    const contributions = computeContributions(rows).sort(
      (x, y) => Math.abs(y.delta) - Math.abs(x.delta) || x.value.localeCompare(y.value),
    );
    return {
      dimension: split.dimension,
      label: words.field(dim.label),
      score: explanatoryScore(contributions),
      contributions,
    };
  });
  ranked.sort((x, y) => y.score - x.score || x.label.localeCompare(y.label));
  return ranked;
}

/**
 * The drivers card. One table with a Dimension/Value pair of columns, because every dimension's
 * split is part of the answer and a single dimension column could hold only one of them; the
 * most explanatory dimension comes first, and within it the biggest absolute contributors. Each
 * dimension shows its top values plus an "Other" row, so its contributions still add up to 100 %.
 */
export function buildDriversCard(input: TDriversCardInput): TCard {
  const { query, model, plan } = input;
  const m = getMeasure(model, query.measures[0]);
  // Row keys are the model's labels; what users read is in the card's language.
  const label = m.label;
  const words = getCardWords(input.language);
  const shown = words.field(label);
  const format = textFormat(input.locale);
  const { fmt, fmtLevel } = driverFormats(m, format);
  const totalRow = input.totalRows[0] ?? {};
  const current = num(totalRow[label]);
  const previous = num(totalRow[previousKey(label)]);

  const ranked = rankSplits(input, label);
  const table = driversTable(ranked, label, Boolean(plan.ratio), words);
  const columns = driversColumns(m, label, shown, words);

  const range = plan.total.range!;
  const comparison = plan.total.comparison!;
  const compare = query.compare ?? 'previous_period';
  // The comparison is named without its range ("the previous period"), as the question put it.
  const against: TAgainst = { kind: 'comparison', compare };
  const when = words.range(query.timeDimension!.range);
  const empty = input.splitRows.every((rows) => rows.length === 0) && current === 0 && previous === 0;
  const { text, insights } = driversText({
    query,
    model,
    ranked,
    words,
    format,
    fmt,
    fmtLevel,
    shown,
    when,
    against,
    current,
    previous,
    empty,
    range,
    comparison,
  });

  return {
    kind: 'drivers',
    title: words.drivers.title(shown, when, against),
    text,
    date: input.readAt,
    table,
    columns,
    // Contributions are signed, so a bar chart over them reads as diverging bars around zero.
    chart: [{ chart: { type: 'bar' }, x: DRIVER_VALUE_KEY, y: [contributionKey(label)] }],
    insights,
    query: { sql: plan.splits.map((s) => s.compiled.sql).join(';\n'), semantic: query },
    period: {
      from: range.from,
      to: range.to,
      label: when,
      partial: input.today !== undefined && range.to >= input.today,
      comparison: { from: comparison.from, to: comparison.to },
    },
  };
}
