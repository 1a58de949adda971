/**
 * The model as a file (DESIGN §12 `model.yaml`): the whole effective model written as YAML, and a
 * file read back into the overlay that makes the introspected model into it.
 */
import { type TModelOverlay, ZModelOverlay } from '@parley/contract';
import { Document, isScalar, visit } from 'yaml';
import type { TIntrospection } from '../introspection';
import type { TSemanticModel } from '../semantic-model';
import { applyOverlay } from './apply-overlay';
import { diffModelFile } from './model-file-diff';
import { exprText, metricText } from './model-file-expr';
import { ModelFileError } from './model-file-node';
import { readModelFile } from './model-file-read';
import {
  isMetric,
  type TFileMeasure,
  type TLined,
  type TModelFile,
  type TReadModelFile,
} from './model-file-types';
import { modelToFile } from './model-file-write';

export { ModelFileError } from './model-file-node';

const HEADER = [
  ' The Parley model of this data source: what questions are answered from.',
  ' Edit it and import it back to change the model; what you change is kept as your edits over',
  ' the introspected schema, so a re-introspection keeps them. A measure or dimension left out is',
  ' hidden. expr: arithmetic (+ - * /) over the table’s columns, days(a, b) or hours(a, b) from',
  ' date a to date b; metric: two measures with + - * or / between them.',
].join('\n');

/** A measure as written: its expression and metric as text, a condition's table only when another. */
function measureYaml(m: TFileMeasure): Record<string, unknown> {
  if (isMetric(m)) {
    const { metric, ...rest } = m;
    return { ...rest, metric: metricText(metric.op, metric.left, metric.right) };
  }
  const { expr, where, exists, time, ...rest } = m;
  return {
    ...rest,
    ...(expr ? { expr: exprText(expr) } : {}),
    ...(where.length > 0
      ? { where: where.map((w) => (w.table === m.table ? { column: w.column, values: w.values } : w)) }
      : {}),
    ...(exists ? { exists } : {}),
    time,
  };
}

/** The whole effective model (base with the overlay applied) as YAML. */
export function modelToYaml(
  base: TSemanticModel,
  overlay: TModelOverlay,
  schema: TIntrospection | null,
): string {
  const file: TModelFile = modelToFile(applyOverlay(base, overlay, schema).model);
  const doc = new Document({ ...file, measures: file.measures.map(measureYaml) });
  doc.commentBefore = HEADER;
  // Short lists of words and column names read best on one line; long ones one item a line.
  visit(doc, {
    Seq(_, node) {
      const words = node.items.map((i) => (isScalar(i) ? String(i.value) : null));
      if (words.every((w) => w !== null) && words.join(', ').length <= 60) node.flow = true;
    },
  });
  return doc.toString({ lineWidth: 100 });
}

/**
 * The overlay a model file stands for, against the introspected `base`. Throws ModelFileError
 * (with the line) when the file is not a model file, or names a column `schema` does not have.
 */
export function overlayFromYaml(
  text: string,
  base: TSemanticModel,
  schema: TIntrospection | null,
): TModelOverlay {
  const file = readModelFile(text);
  const parsed = ZModelOverlay.safeParse(diffModelFile(file, base));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue.path.map(String);
    const named = path[0] === 'fields' ? `fields.${path[1]}` : path.join('.');
    throw new ModelFileError(lineOf(file, named), `${path.join('.')} ${issue.message}`);
  }
  // An edit the schema cannot hold would be saved only to be disabled: the file is wrong there.
  const problem = applyOverlay(base, parsed.data, schema).disabled[0];
  if (problem) throw new ModelFileError(lineOf(file, problem.path), problem.reason);
  return parsed.data;
}

/** The line of the file item an overlay path (`measures.net_revenue`, `joins.add.a→b`) comes from; else 1. */
function lineOf(file: TReadModelFile, path: string): number {
  const dot = path.indexOf('.');
  const kind = path.slice(0, dot);
  const rest = path.slice(dot + 1);
  const byName = (items: TLined<{ name: string }>[]) =>
    items.find((x) => x.name === rest || `${x.name}.time` === rest)?.line;
  const found: Record<string, () => number | undefined> = {
    tables: () => byName(file.tables),
    measures: () => byName(file.measures),
    dimensions: () => byName(file.dimensions),
    fields: () => byName([...file.measures, ...file.dimensions, ...file.time_dimensions]),
    values: () => file.dimensions.find((d) => rest.startsWith(`${d.name}=`))?.line,
    joins: () => file.joins.find((j) => rest.endsWith(`.${j.from}→${j.to}`))?.line,
  };
  return found[kind]?.() ?? 1;
}
