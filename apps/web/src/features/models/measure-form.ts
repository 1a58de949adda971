import type {
  MODEL_AGGREGATIONS,
  MODEL_FORMATS,
  TOverlayAggregate,
  TOverlayDimension,
  TOverlayExpr,
  TOverlayMetric,
} from '@parley/contract';
import { assertNever } from '../../lib/assert-never';

/**
 * The "define a measure / metric / dimension" forms as plain data, and their translation into
 * overlay entries. Errors are i18n keys of the `models` namespace, so the forms stay pure.
 */

export type Aggregation = (typeof MODEL_AGGREGATIONS)[number];
export type Format = (typeof MODEL_FORMATS)[number];
export type Arith = '+' | '-' | '*' | '/';

/** What the expression builder offers: a column, two columns with an operator, or time between two dates. */
export type ExprDraft =
  | { kind: 'rows' }
  | { kind: 'column'; column: string }
  | { kind: 'op'; left: string; op: Arith; right: string }
  | { kind: 'span'; span: 'day' | 'hour'; from: string; to: string };

export interface WhereDraft {
  table: string;
  column: string;
  values: string[];
}

export interface MeasureDraft {
  name: string;
  label: string;
  table: string;
  agg: Aggregation;
  expr: ExprDraft;
  where: WhereDraft[];
  /** "Has a related row in": the related table, its column, and the measure table's column it matches. */
  exists: { table: string; column: string; refColumn: string } | null;
  format: Format;
  currency: string;
  /** '' = the table's first date column (the server's default); a name; or null = none. */
  time: string | null;
  synonyms: string[];
}

export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** A blank measure form on a table. */
export function blankMeasure(table: string): MeasureDraft {
  return {
    name: '',
    label: '',
    table,
    agg: 'sum',
    expr: { kind: 'column', column: '' },
    where: [],
    exists: null,
    format: 'number',
    currency: '',
    time: '',
    synonyms: [],
  };
}

// Letters that Unicode decomposition leaves whole, so "sayısı" still names "sayisi".
const PLAIN: Record<string, string> = { ı: 'i', ø: 'o', æ: 'ae', ß: 'ss', đ: 'd', ł: 'l' };

/** A field name from a label: "Net revenue (EUR)" → "net_revenue_eur". */
export function nameFromLabel(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ıøæßđł]/g, (c) => PLAIN[c] ?? c)
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 200);
}

/** The overlay expression of the builder's choice, or an error key when a column is missing. */
function exprOf(d: ExprDraft): { expr?: TOverlayExpr; error?: string } {
  switch (d.kind) {
    case 'rows':
      return {};
    case 'column':
      return d.column ? { expr: { column: d.column } } : { error: 'errors.column' };
    case 'op':
      return d.left && d.right
        ? { expr: { op: d.op, left: { column: d.left }, right: { column: d.right } } }
        : { error: 'errors.column' };
    case 'span':
      return d.from && d.to
        ? { expr: { span: d.span, from: { column: d.from }, to: { column: d.to } } }
        : { error: 'errors.column' };
    default:
      return assertNever(d);
  }
}

/** Checks the label, name, format and currency shared by measures and metrics. */
function checkCommon(d: { label: string; name: string; format: Format; currency?: string }) {
  const errors: Record<string, string> = {};
  const name = d.name.trim() || nameFromLabel(d.label);
  if (!d.label.trim()) errors.label = 'errors.required';
  else if (!name) errors.name = 'errors.name';
  if (d.format === 'currency' && d.currency !== undefined && !/^[A-Z]{3}$/.test(d.currency.trim()))
    errors.currency = 'errors.currency';
  return { errors, name };
}

/** The overlay entry a filled-in measure form defines. */
export function measureFromDraft(d: MeasureDraft): FormResult<TOverlayAggregate> {
  const { errors, name } = checkCommon(d);
  if (!d.table) errors.table = 'errors.required';
  const expr = d.agg === 'count' && d.expr.kind === 'rows' ? {} : exprOf(d.expr);
  if (d.expr.kind === 'rows' && d.agg !== 'count') expr.error = 'errors.rows_count_only';
  if (expr.error) errors.expr = expr.error;
  if (d.where.some((w) => !w.column || w.values.length === 0)) errors.where = 'errors.where';
  if (d.exists && !(d.exists.table && d.exists.column && d.exists.refColumn)) errors.exists = 'errors.exists';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const value: TOverlayAggregate = {
    kind: 'aggregate',
    name,
    label: d.label.trim(),
    synonyms: d.synonyms,
    format: d.format,
    table: d.table,
    agg: d.agg,
    where: d.where.map((w) => ({ table: w.table || d.table, column: w.column, values: w.values })),
    ...(expr.expr ? { expr: expr.expr } : {}),
    ...(d.format === 'currency' ? { currency: d.currency.trim() } : {}),
    ...(d.exists
      ? { exists: { table: d.exists.table, columns: [d.exists.column], refColumns: [d.exists.refColumn] } }
      : {}),
    ...(d.time === '' ? {} : { time: d.time }),
  };
  return { ok: true, value };
}

export interface MetricDraft {
  name: string;
  label: string;
  op: Arith;
  left: string;
  right: string;
  format: Format;
  synonyms: string[];
}

/** The overlay entry of a ratio or derived metric of two measures. */
export function metricFromDraft(d: MetricDraft): FormResult<TOverlayMetric> {
  const { errors, name } = checkCommon(d);
  if (!d.left) errors.left = 'errors.required';
  if (!d.right) errors.right = 'errors.required';
  if (d.left && d.left === d.right && d.op === '/') errors.right = 'errors.same_measure';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      kind: 'metric',
      name,
      label: d.label.trim(),
      synonyms: d.synonyms,
      format: d.format,
      op: d.op,
      left: d.left,
      right: d.right,
    },
  };
}

/** The overlay entry that makes a table's column a dimension. */
export function dimensionFromColumn(
  table: string,
  column: string,
  label: string,
  synonyms: string[],
  name = '',
): FormResult<TOverlayDimension> {
  const { errors, name: finalName } = checkCommon({ label, name, format: 'number' });
  if (!table || !column) errors.column = 'errors.column';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { table, column, name: finalName, label: label.trim(), synonyms } };
}
