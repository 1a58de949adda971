/** Reads the model file's YAML into its shape, every problem a ModelFileError naming the line. */
import { MODEL_AGGREGATIONS, MODEL_FORMATS } from '@parley/contract';
import { isMap, LineCounter, parseDocument } from 'yaml';
import { parseExpr, parseMetric } from './model-file-expr';
import { FileMap, ModelFileError } from './model-file-node';
import type {
  TFileAggregate,
  TFileDimension,
  TFileJoin,
  TFileMeasure,
  TFileTimeDimension,
  TLined,
  TReadModelFile,
} from './model-file-types';

const MEASURE_KEYS = ['name', 'label', 'description', 'synonyms', 'format', 'currency', 'hidden'] as const;
const AGGREGATE_KEYS = [...MEASURE_KEYS, 'table', 'agg', 'expr', 'where', 'exists', 'time'] as const;
const FIELD_KEYS = ['name', 'label', 'table', 'column', 'synonyms', 'hidden'] as const;

/** The file read; throws ModelFileError. */
export function readModelFile(text: string): TReadModelFile {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const error = doc.errors[0];
  if (error) throw new ModelFileError(lines.linePos(error.pos[0]).line, error.message.split('\n')[0]);
  if (!isMap(doc.contents))
    throw new ModelFileError(1, 'the file must be a map with measures, dimensions, …');
  const root = new FileMap(doc.contents, '', lines);
  root.only(['model', 'tables', 'joins', 'measures', 'dimensions', 'time_dimensions']);
  const lined = <T>(f: FileMap, value: T): TLined<T> => ({ ...value, line: f.lineOf(f.map) });
  const file: TReadModelFile = {
    tables: root.list('tables').map((f) => {
      f.only(['name', 'label']);
      return lined(f, { name: f.text('name', true), label: f.text('label', true) });
    }),
    joins: root.list('joins').map((f) => lined(f, readJoin(f))),
    measures: root.list('measures').map((f) => lined(f, readMeasure(f))),
    dimensions: root.list('dimensions').map((f) => lined(f, readDimension(f))),
    time_dimensions: root.list('time_dimensions').map((f) => lined(f, readTimeDimension(f))),
  };
  for (const kind of ['measures', 'dimensions', 'time_dimensions', 'tables'] as const)
    unique(kind, file[kind]);
  return file;
}

function unique(kind: string, items: TLined<{ name: string }>[]): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.name))
      throw new ModelFileError(item.line, `${kind}[${i}].name: ${item.name} is named twice in ${kind}`);
    seen.add(item.name);
  });
}

function readJoin(f: FileMap): TFileJoin {
  f.only(['from', 'from_columns', 'to', 'to_columns']);
  const join = {
    from: f.text('from', true),
    from_columns: f.texts('from_columns', 5),
    to: f.text('to', true),
    to_columns: f.texts('to_columns', 5),
  };
  if (join.from_columns.length === 0)
    f.fail(f.node('from_columns'), 'from_columns', 'must name at least one column');
  if (join.from_columns.length !== join.to_columns.length)
    f.fail(
      f.node('to_columns'),
      'to_columns',
      `must name as many columns as from_columns (${join.from_columns.length})`,
    );
  return join;
}

function readMeasure(f: FileMap): TFileMeasure {
  const base = {
    name: f.text('name', true),
    label: f.text('label', true),
    ...optional('description', f.text('description', false, 1000)),
    synonyms: f.texts('synonyms'),
    format: f.oneOf('format', MODEL_FORMATS, 'number'),
    ...optional('currency', readCurrency(f)),
    ...(f.flag('hidden') ? { hidden: true } : {}),
  };
  if (f.node('metric') !== undefined) {
    f.only([...MEASURE_KEYS, 'metric']);
    return { ...base, metric: parsed(f, 'metric', parseMetric) };
  }
  f.only(AGGREGATE_KEYS);
  return { ...base, ...readAggregate(f) };
}

function readAggregate(f: FileMap): Omit<TFileAggregate, keyof TFileMeasure> & Pick<TFileAggregate, 'table'> {
  const table = f.text('table', true);
  const agg = f.oneOf('agg', MODEL_AGGREGATIONS);
  const expr = f.node('expr') === undefined ? undefined : parsed(f, 'expr', parseExpr);
  if (!expr && agg !== 'count') f.fail(f.map, 'expr', `is required: ${agg} aggregates an expression`);
  const where = f.list('where').map((w) => {
    w.only(['table', 'column', 'values']);
    const values = w.texts('values', 200);
    if (values.length === 0) w.fail(w.node('values'), 'values', 'must list at least one value');
    return { table: w.text('table') ?? table, column: w.text('column', true), values };
  });
  const e = f.sub('exists');
  e?.only(['table', 'columns', 'ref_columns']);
  const exists = e
    ? { table: e.text('table', true), columns: e.texts('columns', 5), ref_columns: e.texts('ref_columns', 5) }
    : undefined;
  // `time: null` reads by no date; no `time` at all, by the table's first one.
  const time = f.node('time') === undefined ? undefined : (f.text('time') ?? null);
  return {
    table,
    agg,
    ...optional('expr', expr),
    where,
    ...optional('exists', exists),
    ...optional('time', time),
  };
}

function readCurrency(f: FileMap): string | undefined {
  const currency = f.text('currency');
  if (currency !== undefined && !/^[A-Z]{3}$/.test(currency))
    f.fail(f.node('currency'), 'currency', 'must be a three-letter currency code such as EUR');
  return currency;
}

function readDimension(f: FileMap): TFileDimension {
  f.only([...FIELD_KEYS, 'value_labels', 'value_synonyms']);
  const labels = f.textMap('value_labels');
  const synonyms = f.textMap('value_synonyms');
  return {
    ...readTimeDimension(f, false),
    ...(Object.keys(labels).length > 0 ? { value_labels: labels } : {}),
    ...(Object.keys(synonyms).length > 0 ? { value_synonyms: synonyms } : {}),
  };
}

function readTimeDimension(f: FileMap, check = true): TFileTimeDimension {
  if (check) f.only(FIELD_KEYS);
  return {
    name: f.text('name', true),
    label: f.text('label', true),
    table: f.text('table', true),
    column: f.text('column', true),
    synonyms: f.texts('synonyms'),
    ...(f.flag('hidden') ? { hidden: true } : {}),
  };
}

/** A text field read by `parse`; its Error becomes the field's problem on its line. */
function parsed<T>(f: FileMap, key: string, parse: (text: string) => T): T {
  const text = f.text(key, true, 2000);
  try {
    return parse(text);
  } catch (e) {
    return f.fail(f.node(key), key, `cannot be read: ${(e as Error).message}`);
  }
}

const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
