/**
 * Maps dbt metrics onto the overlay: a simple metric is an aggregate (its measure, with its filter
 * as `where`), a ratio a metric `/`, a derived metric of one operation on two metrics a metric of
 * that operation. Cumulative and conversion metrics have no Parley shape and are listed unmapped.
 */
import type { TOverlayAggregate } from '@parley/contract';
import { editField, humanize, nameWords, type TDbtContext, type TMappedMeasure } from './dbt-context';
import { resolveFilters } from './dbt-filters';
import type { TDbtInput, TDbtMetric } from './dbt-project';

/** A metric as the overlay holds it: its measure name, and its aggregate and dbt measure when it is one. */
interface TResolved {
  name: string;
  aggregate?: TOverlayAggregate;
  measure?: TMappedMeasure;
}
type TOutcome = TResolved | { error: string };

const UNSUPPORTED: Record<string, string> = {
  cumulative: 'cumulative metrics (a running total over a window) are not supported',
  conversion: 'conversion metrics (a funnel from one event to another) are not supported',
};

/** Maps every metric, simple ones first (others build on them), and files each in file order. */
export function mapMetrics(ctx: TDbtContext): void {
  const outcomes = new Map<string, TOutcome | 'pending'>();
  const resolve = (name: string): TOutcome | null => {
    const metric = ctx.project.metrics.find((m) => m.name === name);
    if (!metric) return null;
    const known = outcomes.get(name);
    if (known === 'pending') return { error: `metric \`${name}\` is defined through itself` };
    if (known) return known;
    outcomes.set(name, 'pending');
    const outcome = mapMetric(ctx, metric, resolve);
    outcomes.set(name, outcome);
    return outcome;
  };
  const simpleFirst = [...ctx.project.metrics].sort(
    (a, b) => Number(b.type === 'simple') - Number(a.type === 'simple'),
  );
  for (const metric of simpleFirst) resolve(metric.name);
  for (const metric of ctx.project.metrics) {
    const outcome = outcomes.get(metric.name) as TOutcome;
    if ('error' in outcome) ctx.unmapped.push({ kind: 'metric', name: metric.name, reason: outcome.error });
    else ctx.mapped.push({ kind: 'metric', name: metric.name });
  }
}

type TResolve = (name: string) => TOutcome | null;

function mapMetric(ctx: TDbtContext, metric: TDbtMetric, resolve: TResolve): TOutcome {
  if (UNSUPPORTED[metric.type]) return { error: UNSUPPORTED[metric.type] };
  if (metric.type === 'simple') return simpleMetric(ctx, metric);
  if (metric.type !== 'ratio' && metric.type !== 'derived')
    return { error: `metric type \`${metric.type}\` is not supported` };
  if (metric.filter.length > 0)
    return { error: `a filter on a whole ${metric.type} metric is not supported` };
  const parts = metric.type === 'ratio' ? ratioParts(metric) : derivedParts(metric);
  if ('error' in parts) return parts;
  const role = (input: TDbtInput, ratioRole: string): string =>
    metric.type === 'ratio' ? ratioRole : (input.alias ?? input.name);
  const left = inputMeasure(ctx, metric, parts.left, role(parts.left, 'numerator'), resolve);
  if ('error' in left) return left;
  const right = inputMeasure(ctx, metric, parts.right, role(parts.right, 'denominator'), resolve);
  if ('error' in right) return right;
  // A ratio of a measure's filtered rows to all of them is a part of a whole: a fraction, shown as %.
  const fraction = metric.type === 'ratio' && parts.left.name === parts.right.name;
  ctx.overlay.measures.push({
    kind: 'metric',
    ...describe(metric),
    format: fraction ? 'percent' : 'number',
    op: parts.op,
    left: left.name,
    right: right.name,
  });
  return { name: metric.name };
}

/** A label, description and the name's words as a synonym, from the metric. */
function describe(metric: TDbtMetric): {
  name: string;
  label: string;
  description?: string;
  synonyms: string[];
} {
  return {
    name: metric.name,
    label: metric.label ?? humanize(metric.name),
    ...(metric.description ? { description: metric.description } : {}),
    synonyms: [nameWords(metric.name)],
  };
}

/** Its measure, filtered by the metric's and the input's filters; the measure itself when unfiltered. */
function simpleMetric(ctx: TDbtContext, metric: TDbtMetric): TOutcome {
  const input = metric.measure;
  if (!input) return { error: 'it names no measure (type_params.measure)' };
  const measure = ctx.measures.get(input.name);
  if (!measure) return { error: `its measure \`${input.name}\` is not mapped` };
  const where = resolveFilters(ctx, measure, [...metric.filter, ...input.filter]);
  if ('error' in where) return where;
  const aggregate = { ...measure.aggregate, where: [...measure.aggregate.where, ...where] };
  const text = describe(metric);
  if (where.length === 0 && measure.aggregate.name === metric.name) {
    // The metric is its measure offered by name: the measure takes the metric's words and is shown.
    Object.assign(measure.aggregate, { label: text.label, synonyms: text.synonyms });
    if (text.description) measure.aggregate.description = text.description;
    const edit = ctx.overlay.fields[metric.name];
    if (edit) delete edit.hidden;
    if (edit && Object.keys(edit).length === 0) delete ctx.overlay.fields[metric.name];
    return { name: metric.name, aggregate: measure.aggregate, measure };
  }
  const defined: TOverlayAggregate = { ...aggregate, ...text };
  if (!text.description) delete defined.description;
  ctx.overlay.measures.push(defined);
  return { name: metric.name, aggregate: defined, measure };
}

interface TParts {
  op: '/' | '+' | '-' | '*';
  left: TDbtInput;
  right: TDbtInput;
}

function ratioParts(metric: TDbtMetric): TParts | { error: string } {
  if (!metric.numerator || !metric.denominator)
    return { error: 'a ratio needs a numerator and a denominator' };
  return { op: '/', left: metric.numerator, right: metric.denominator };
}

/** `a - b` over two of its input metrics (by alias or name). */
function derivedParts(metric: TDbtMetric): TParts | { error: string } {
  const expr = metric.expr ?? '';
  const m = expr.match(/^\s*(\w+)\s*([-+*/])\s*(\w+)\s*$/);
  if (!m) return { error: `expr \`${expr}\` is not one operation of two metrics` };
  const input = (name: string): TDbtInput | undefined =>
    metric.inputs.find((i) => i.alias === name) ?? metric.inputs.find((i) => !i.alias && i.name === name);
  const left = input(m[1]);
  const right = input(m[3]);
  if (!left || !right)
    return { error: `\`${left ? m[3] : m[1]}\` in expr \`${expr}\` is not one of its metrics` };
  return { op: m[2] as TParts['op'], left, right };
}

/** The measure an input reads: a metric (or measure) by name, filtered into a hidden part if it has a filter. */
function inputMeasure(
  ctx: TDbtContext,
  metric: TDbtMetric,
  input: TDbtInput,
  role: string,
  resolve: TResolve,
): TOutcome {
  if (input.offset)
    return { error: `\`${input.name}\` is read over an offset window, which is not supported` };
  const measure = ctx.measures.get(input.name);
  const target =
    resolve(input.name) ??
    (measure ? { name: measure.aggregate.name, aggregate: measure.aggregate, measure } : null);
  if (!target) return { error: `\`${input.name}\` is neither a metric nor a measure of the files` };
  if ('error' in target) return { error: `its metric \`${input.name}\` is not mapped` };
  if (input.filter.length === 0) return target;
  const home = target.measure;
  if (!target.aggregate || !home)
    return { error: `a filter on \`${input.name}\`, which is not a simple metric` };
  const where = resolveFilters(ctx, home, input.filter);
  if ('error' in where) return where;
  const part = { ...target.aggregate, where: [...target.aggregate.where, ...where] };
  const same = ctx.overlay.measures.find((m) => m.kind === 'aggregate' && sameRows(m, part));
  if (same) return { name: same.name };
  // A hidden part of the metric: its input's rows under the input's own filter.
  const name = `${metric.name}_${role}`;
  const label = `${metric.label ?? humanize(metric.name)} (${nameWords(role)})`;
  ctx.overlay.measures.push({ ...part, name, label, synonyms: [] });
  editField(ctx, name, { hidden: true });
  return { name };
}

/** Whether two aggregates read the same rows the same way (so one can stand for the other). */
function sameRows(a: TOverlayAggregate, b: TOverlayAggregate): boolean {
  const key = (x: TOverlayAggregate) =>
    JSON.stringify([x.table, x.agg, x.expr, x.where, x.exists, x.time ?? null]);
  return key(a) === key(b);
}
