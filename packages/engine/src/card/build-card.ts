/**
 * Builds the analysis card (DESIGN §6 Card CONTRACT) from a query and its result rows: user-
 * facing row keys, comparison columns (Previous_M, M__change), shares (M__%), charts chosen by
 * the result's shape, escaped HTML text and computed insights.
 */
import type {
  TCard,
  TCardChart,
  TCardColumn,
  TCardPeriod,
  TCardRow,
  TChartType,
  TSemanticQuery,
  TTimeGrain,
} from '@parley/contract';
import { addsUp, queryModel } from '../compiler/aggregations';
import { changeKey, previousKey, shareKey, wholeKey } from '../compiler/columns';
import { keepsSomeGroups, type TCompiledQuery } from '../compiler/compile';
import { addDays, addUnits } from '../dates/date-range';
import type { TLanguageCode } from '../languages';
import { getDimension, getMeasure, type TSemanticModel } from '../model/semantic-model';
import { textFormat } from '../util';
import { buildAnswerText } from './answer-text';
import { computeInsights, type TShareBasis } from './insights';
import { columnLabel, getCardWords, type TCardWords } from './words';

export interface TBuildCardInput {
  query: TSemanticQuery;
  model: TSemanticModel;
  compiled: TCompiledQuery;
  /** Rows as returned by the connector, keyed by the compiled column keys. */
  rows: Record<string, unknown>[];
  /** ISO time the data was read (passed in: the engine never reads the clock). */
  readAt: string;
  /** The user's locale for numbers and dates in the text and insights (en-US, en-GB, tr). */
  locale?: string;
  /** The user's date (YYYY-MM-DD): a period reaching it is still running (partial). */
  today?: string;
  /** The card's language (cardLanguage): titles, labels, text and insights; English by default. */
  language?: TLanguageCode;
}

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

function toCell(value: unknown, column: TCardColumn): string | number | null {
  if (value === null || value === undefined) return null;
  if (column.kind === 'measure') return toNumber(value);
  if (column.kind === 'time') {
    const text = value instanceof Date ? value.toISOString() : String(value);
    return text.slice(0, 10);
  }
  return String(value);
}

const round = (v: number, digits: number): number => Math.round(v * 10 ** digits) / 10 ** digits;

/** Whether a measure's rows add up to a meaningful total (shares and totals make sense). */
function isAdditive(model: TSemanticModel, name: string): boolean {
  const m = getMeasure(model, name);
  return (
    m.kind === 'aggregate' && ['sum', 'count', 'count_distinct'].includes(m.agg) && m.format !== 'percent'
  );
}

type TPart = NonNullable<TCardColumn['part']>;

const sumOf = (table: TCardRow[], key: string): number =>
  table.reduce((a, r) => a + ((r[key] as number | null) ?? 0), 0);

/**
 * Whether the rows of a measure (or previous value) column are a part of the question's groups,
 * and the whole's total: read beside the rows (SQL sources), or unknown when the source only
 * returned the groups kept (null) — then shares are of the rows shown and say so.
 */
function partOf(input: TBuildCardInput, key: string, table: TCardRow[], shown: number): TPart | null {
  const { query } = input;
  const first = input.rows[0];
  if (first && wholeKey(key) in first) {
    const whole = toNumber(first[wholeKey(key)]);
    if (whole === null) return null;
    // A top 5 of four groups holds them all: its rows are the whole.
    return Math.abs(whole - sumOf(table, key)) > 1e-9 * Math.max(1, Math.abs(whole))
      ? { shown, whole }
      : null;
  }
  const cut =
    keepsSomeGroups(query, queryModel(input.model, query)) &&
    (query.limit === undefined || shown >= query.limit);
  return cut ? { shown, whole: null } : null;
}

/**
 * What the text's and insights' shares of the first measure are of: the whole total (or, when the
 * source gave only the groups kept, the rows shown, saying how many); null where groups do not
 * add up. A series over time counts its groups, not its rows.
 */
function shareBasis(
  input: TBuildCardInput,
  model: TSemanticModel,
  table: TCardRow[],
  first: { name: string; col: TCardColumn },
  dim: TCardColumn | null,
  parts: Map<string, TPart>,
): TShareBasis | null {
  if (!dim || !addsUp(model, first.name)) return null;
  const groups = new Set(table.map((r) => r[dim.key])).size;
  const part = parts.get(first.col.key) ?? partOf(input, first.col.key, table, groups);
  const shown = part && part.whole === null ? part.shown : null;
  return { total: part?.whole ?? sumOf(table, first.col.key), shown, part };
}

/** The measure columns (and their previous values) marked by whether their rows add up. */
function withAdditive(columns: TCardColumn[], query: TSemanticQuery, model: TSemanticModel): TCardColumn[] {
  const byKey = new Map<string, boolean>();
  for (const name of query.measures) {
    const m = getMeasure(model, name);
    for (const key of [m.label, previousKey(m.label)]) byKey.set(key, addsUp(model, name));
  }
  return columns.map((c) => {
    const additive = c.kind === 'measure' ? byKey.get(c.key) : undefined;
    return additive === undefined ? c : { ...c, additive };
  });
}

/**
 * The owner's value labels of each dimension column, by its key: a row shows "Agent" for 'AG'.
 * Only the card's rows change; filters and drill-downs read values through the query.
 */
function valueLabelsByKey(query: TSemanticQuery, model: TSemanticModel): Map<string, Record<string, string>> {
  const byKey = new Map<string, Record<string, string>>();
  for (const name of query.dimensions) {
    const d = getDimension(model, name);
    if (d.valueLabels) byKey.set(d.label, d.valueLabels);
  }
  return byKey;
}

/** The measure columns (and their previous values) with the currency their measure names. */
function withCurrency(columns: TCardColumn[], query: TSemanticQuery, model: TSemanticModel): TCardColumn[] {
  const byKey = new Map<string, string>();
  for (const name of query.measures) {
    const m = getMeasure(model, name);
    if (m.currency) for (const key of [m.label, previousKey(m.label)]) byKey.set(key, m.currency);
  }
  return columns.map((c) => {
    const currency = c.kind === 'measure' ? byKey.get(c.key) : undefined;
    return currency ? { ...c, currency } : c;
  });
}

/**
 * Columns as the card's language labels them; keys stay the model's labels, so rows, charts, CSV
 * and saved cards read the same in every language.
 */
export function localiseColumns(columns: TCardColumn[], words: TCardWords): TCardColumn[] {
  return columns.map((c) => ({ ...c, label: columnLabel(c.key, words) ?? words.field(c.label) }));
}

/** The card for a query's result. */
export function buildCard(input: TBuildCardInput): TCard {
  const { query, compiled } = input;
  // Measures read with a named aggregation ("median salary") are labelled as the compiler named them.
  const model = queryModel(input.model, query);
  const words = getCardWords(input.language);
  const baseColumns = compiled.columns;
  const dims = baseColumns.filter((c) => c.kind === 'dimension');
  const time = baseColumns.find((c) => c.kind === 'time') ?? null;
  const measures = query.measures.map((name) => ({
    name,
    col: baseColumns.find((c) => c.key === getMeasure(model, name).label)!,
  }));
  const hasCompare = baseColumns.some((c) => c.key.startsWith('Previous_'));

  const valueLabels = valueLabelsByKey(query, model);
  const table: TCardRow[] = input.rows.map((raw) => {
    const row: TCardRow = {};
    for (const c of baseColumns) {
      const cell = toCell(raw[c.key], c);
      row[c.key] = typeof cell === 'string' ? (valueLabels.get(c.key)?.[cell] ?? cell) : cell;
    }
    return row;
  });

  // Labels in the card's language; the text and insights name measures as the columns do.
  const labelled = withAdditive(
    withCurrency(localiseColumns(baseColumns, words), query, model),
    query,
    model,
  );
  const labelOf = (key: string): TCardColumn => labelled.find((c) => c.key === key)!;
  const columns: TCardColumn[] = [...labelled];
  if (hasCompare) {
    for (const { col } of measures) {
      const key = changeKey(col.key);
      for (const row of table) {
        const cur = row[col.key] as number | null;
        const prev = row[previousKey(col.key)] as number | null;
        row[key] =
          cur === null || prev === null || prev === 0
            ? null
            : round(((cur - prev) / Math.abs(prev)) * 100, 2);
      }
      columns.push({ key, label: columnLabel(key, words)!, kind: 'measure', format: 'percent' });
    }
  }
  // Shares only for breakdowns of measures whose groups add up to one whole, and of that whole.
  const showShare = dims.length > 0 && !time && table.length > 1;
  const parts = new Map<string, TPart>();
  if (showShare) {
    for (const { name, col } of measures) {
      if (!addsUp(model, name)) continue;
      const keys = [col.key, ...(hasCompare ? [previousKey(col.key)] : [])];
      for (const k of keys) {
        const part = partOf(input, k, table, table.length);
        if (part) parts.set(k, part);
      }
      const part = parts.get(col.key);
      const total = part?.whole ?? sumOf(table, col.key);
      const key = shareKey(col.key);
      for (const row of table) {
        const v = row[col.key] as number | null;
        row[key] = v === null || total === 0 ? null : round((v / total) * 100, 2);
      }
      const shown = part && part.whole === null ? part.shown : null;
      columns.push({
        key,
        label: words.columns.share(labelOf(col.key).label, shown),
        kind: 'measure',
        format: 'percent',
      });
    }
  }
  const finalColumns = columns.map((c) => (parts.has(c.key) ? { ...c, part: parts.get(c.key)! } : c));

  const first = measures[0];
  const share = shareBasis(input, model, table, first, dims[0] ?? null, parts);
  const format = textFormat(input.locale);
  const period = cardPeriod(input, table, time, words);
  const insights = computeInsights({
    format,
    rows: table,
    dimension: dims[0] ? labelOf(dims[0].key) : null,
    time: time ? labelOf(time.key) : null,
    measure: labelOf(first.col.key),
    additive: isAdditive(model, first.name),
    share,
    previousKey: hasCompare ? previousKey(first.col.key) : null,
    changeKey: hasCompare ? changeKey(first.col.key) : null,
    grainWord: query.timeDimension?.grain ?? null,
    against: query.compare
      ? { kind: 'comparison', compare: query.compare, range: query.timeDimension?.range }
      : null,
    words,
  });

  const title = words.title(query, model);
  return {
    kind: 'aggregate',
    // The title says what is compared, so a chart with two series is never read as one.
    title: query.compare
      ? words.titleVs(title, words.comparison(query.compare, query.timeDimension?.range))
      : title,
    text: buildAnswerText({
      query,
      model,
      table,
      dims: dims.map((d) => labelOf(d.key)),
      time: time ? labelOf(time.key) : null,
      measures: measures.map((m) => labelOf(m.col.key)),
      additive: isAdditive(model, first.name),
      share,
      hasCompare,
      period,
      validOn: input.compiled.validOn ?? null,
      format,
      words,
    }),
    date: input.readAt,
    table,
    columns: finalColumns,
    chart: chooseCharts(
      query,
      table,
      dims,
      time,
      measures.map((m) => m.col),
      hasCompare,
      model,
    ),
    insights,
    query: { sql: compiled.sql, semantic: query },
    ...(period ? { period } : {}),
  };
}

/** The last day of the time bucket that starts on `start`. */
function bucketEnd(start: string, grain: TTimeGrain): string {
  return grain === 'day' ? start : addDays(addUnits(start, grain, 1), -1);
}

/**
 * The answer's resolved period for the card (the chip "Oct 1 – 31, 2026"): partial when it
 * reaches the user's today, or when its last time bucket ends after today (this month so far).
 */
function cardPeriod(
  input: TBuildCardInput,
  table: TCardRow[],
  time: TCardColumn | null,
  words: TCardWords,
): TCardPeriod | null {
  const { compiled, query, today } = input;
  const range = query.timeDimension?.range;
  if (!compiled.range || !range) return null;
  const grain = query.timeDimension?.grain;
  const lastBucket = time && grain ? (table.at(-1)?.[time.key] as string | null | undefined) : null;
  const partial =
    today !== undefined &&
    (compiled.range.to >= today || (typeof lastBucket === 'string' && bucketEnd(lastBucket, grain!) > today));
  return {
    from: compiled.range.from,
    to: compiled.range.to,
    label: words.range(range),
    partial,
    ...(compiled.comparison
      ? { comparison: { from: compiled.comparison.from, to: compiled.comparison.to } }
      : {}),
  };
}

/** Chart views by result shape; a chart the user asked for comes first. */
function chooseCharts(
  query: TSemanticQuery,
  table: TCardRow[],
  dims: TCardColumn[],
  time: TCardColumn | null,
  measures: TCardColumn[],
  hasCompare: boolean,
  model: TSemanticModel,
): TCardChart[] {
  const y = measures.map((m) => m.key);
  const yCompare = hasCompare ? measures.flatMap((m) => [m.key, previousKey(m.key)]) : y;
  const charts: TCardChart[] = [];
  const add = (type: TChartType, x: string, ys: string[], stacked?: boolean): void => {
    if (!charts.some((c) => c.chart.type === type))
      charts.push({ chart: stacked ? { type, stacked } : { type }, x, y: ys });
  };
  if (table.length === 0) return charts;
  // Stacks add up: only sums and counts stack; rates and averages stand side by side.
  const summable = query.measures.every((name) => isAdditive(model, name));
  if (time) {
    if (dims.length > 0) {
      add('bar', time.key, y, summable || undefined);
      add('line', time.key, y);
      if (summable) add('area', time.key, y, true);
    } else {
      add('line', time.key, yCompare);
      add('area', time.key, yCompare);
      add('bar', time.key, yCompare);
    }
  } else if (dims.length > 0) {
    const x = dims[0].key;
    add('bar', x, yCompare, dims.length > 1 && summable ? true : undefined);
    // Slices are parts of one whole: never averages, rates or distinct counts of shared members.
    const additive = query.measures.every((name) => addsUp(model, name));
    const nonNegative = table.every((r) => y.every((k) => ((r[k] as number | null) ?? 0) >= 0));
    if (measures.length === 1 && dims.length === 1 && additive && nonNegative && table.length <= 12) {
      add('pie', x, y);
      add('donut', x, y);
    }
  } else if (hasCompare) {
    // A single number with its comparison: two bars side by side.
    add('bar', measures[0].key, yCompare);
  }
  // A pie asked for where slices would not be parts of a whole is left out: the bars answer.
  const refused =
    (query.chart === 'pie' || query.chart === 'donut') && !query.measures.every((n) => addsUp(model, n));
  if (query.chart && !refused) {
    const x = time?.key ?? dims[0]?.key ?? measures[0].key;
    const wanted = charts.find((c) => c.chart.type === query.chart) ?? { chart: { type: query.chart }, x, y };
    return [wanted, ...charts.filter((c) => c !== wanted)];
  }
  return charts;
}
