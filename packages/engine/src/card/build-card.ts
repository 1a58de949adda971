/**
 * Builds the analysis card (DESIGN §6 Card CONTRACT) from a query and its result rows: user-
 * facing row keys, comparison columns (Previous_M, M__change), shares (M__%), charts chosen by
 * the result's shape, escaped HTML text and computed insights.
 */
import type { TCard, TCardChart, TCardColumn, TCardRow, TChartType, TSemanticQuery } from '@parley/contract';
import { escapeHtml, formatChange, formatValue } from '@parley/presenter';
import { changeKey, previousKey, shareKey } from '../compiler/columns';
import type { TCompiledQuery } from '../compiler/compile';
import { describeComparison, describeRange } from '../dates/date-range';
import { getMeasure, type TSemanticModel } from '../model/semantic-model';
import { describeTitle } from '../parser/describe';
import { TEXT_FORMAT } from '../util';
import { computeInsights } from './insights';

export interface TBuildCardInput {
  query: TSemanticQuery;
  model: TSemanticModel;
  compiled: TCompiledQuery;
  /** Rows as returned by the connector, keyed by the compiled column keys. */
  rows: Record<string, unknown>[];
  /** ISO time the data was read (passed in: the engine never reads the clock). */
  readAt: string;
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

/** The card for a query's result. */
export function buildCard(input: TBuildCardInput): TCard {
  const { query, model, compiled } = input;
  const baseColumns = compiled.columns;
  const dims = baseColumns.filter((c) => c.kind === 'dimension');
  const time = baseColumns.find((c) => c.kind === 'time') ?? null;
  const measures = query.measures.map((name) => ({
    name,
    col: baseColumns.find((c) => c.key === getMeasure(model, name).label)!,
  }));
  const hasCompare = baseColumns.some((c) => c.key.startsWith('Previous_'));

  const table: TCardRow[] = input.rows.map((raw) => {
    const row: TCardRow = {};
    for (const c of baseColumns) row[c.key] = toCell(raw[c.key], c);
    return row;
  });

  const columns: TCardColumn[] = [...baseColumns];
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
      columns.push({ key, label: `${col.label} Change %`, kind: 'measure', format: 'percent' });
    }
  }
  // Shares of the total only for breakdowns of summable measures.
  const showShare = dims.length > 0 && !time && table.length > 1;
  if (showShare) {
    for (const { name, col } of measures) {
      if (!isAdditive(model, name)) continue;
      const total = table.reduce((a, r) => a + ((r[col.key] as number | null) ?? 0), 0);
      const key = shareKey(col.key);
      for (const row of table) {
        const v = row[col.key] as number | null;
        row[key] = v === null || total === 0 ? null : round((v / total) * 100, 2);
      }
      columns.push({ key, label: `${col.label} %`, kind: 'measure', format: 'percent' });
    }
  }

  const first = measures[0];
  const insights = computeInsights({
    rows: table,
    dimension: dims[0] ?? null,
    time,
    measure: first.col,
    additive: isAdditive(model, first.name),
    previousKey: hasCompare ? previousKey(first.col.key) : null,
    changeKey: hasCompare ? changeKey(first.col.key) : null,
    grainWord: query.timeDimension?.grain ?? null,
    comparisonWords: query.compare ? describeComparison(query.compare) : null,
  });

  return {
    // The title says what is compared, so a chart with two series is never read as one.
    title: query.compare
      ? `${describeTitle(query, model)} vs ${describeComparison(query.compare)}`
      : describeTitle(query, model),
    text: buildText(
      input,
      table,
      measures.map((m) => m.col),
      hasCompare,
    ),
    date: input.readAt,
    table,
    columns,
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
  if (time) {
    if (dims.length > 0) {
      add('bar', time.key, y, true);
      add('line', time.key, y);
      add('area', time.key, y, true);
    } else {
      add('line', time.key, yCompare);
      add('area', time.key, yCompare);
      add('bar', time.key, yCompare);
    }
  } else if (dims.length > 0) {
    const x = dims[0].key;
    add('bar', x, yCompare, dims.length > 1 ? true : undefined);
    const additive = query.measures.every((name) => getMeasure(model, name).format !== 'percent');
    const nonNegative = table.every((r) => y.every((k) => ((r[k] as number | null) ?? 0) >= 0));
    if (measures.length === 1 && dims.length === 1 && additive && nonNegative && table.length <= 12) {
      add('pie', x, y);
      add('donut', x, y);
    }
  } else if (hasCompare) {
    // A single number with its comparison: two bars side by side.
    add('bar', measures[0].key, yCompare);
  }
  if (query.chart) {
    const x = time?.key ?? dims[0]?.key ?? measures[0].key;
    const wanted = charts.find((c) => c.chart.type === query.chart) ?? { chart: { type: query.chart }, x, y };
    return [wanted, ...charts.filter((c) => c !== wanted)];
  }
  return charts;
}

/** The card's explanatory HTML: what was measured, over which dates, and the headline figure. */
function buildText(
  input: TBuildCardInput,
  table: TCardRow[],
  measures: TCardColumn[],
  hasCompare: boolean,
): string {
  const { query, compiled } = input;
  const range = query.timeDimension?.range;
  const period = compiled.range
    ? `${range ? `${describeRange(range)} ` : ''}(${compiled.range.from} to ${compiled.range.to})`
    : 'over all available data';
  const parts: string[] = [];
  const m = measures[0];
  if (table.length === 1 && query.dimensions.length === 0 && !query.timeDimension?.grain) {
    let sentence = `${escapeHtml(m.label)} was <b>${escapeHtml(formatValue(table[0][m.key], m.format, TEXT_FORMAT))}</b> ${escapeHtml(period)}`;
    if (hasCompare && compiled.comparison) {
      const change = table[0][changeKey(m.key)] as number | null;
      sentence += `, ${escapeHtml(formatChange(change, TEXT_FORMAT.locale))} compared with ${escapeHtml(formatValue(table[0][previousKey(m.key)], m.format, TEXT_FORMAT))} from ${escapeHtml(compiled.comparison.from)} to ${escapeHtml(compiled.comparison.to)}`;
    }
    parts.push(`<p>${sentence}.</p>`);
  } else {
    let sentence = `${escapeHtml(describeTitle(query, input.model))}: ${table.length} row${table.length === 1 ? '' : 's'}, ${escapeHtml(period)}`;
    if (hasCompare && compiled.comparison) {
      sentence += `, compared with ${escapeHtml(compiled.comparison.from)} to ${escapeHtml(compiled.comparison.to)}`;
    }
    parts.push(`<p>${sentence}.</p>`);
  }
  const filters = query.filters.filter((f) => f.op === 'in' || f.op === 'not_in');
  if (filters.length > 0) {
    const words = filters.map((f) => `${f.field} ${f.op === 'in' ? 'is' : 'is not'} ${f.values.join(', ')}`);
    parts.push(`<p>Filtered to ${escapeHtml(words.join('; '))}.</p>`);
  }
  return parts.join('');
}
