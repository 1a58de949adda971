/**
 * Reads a dbt project's YAML files into the MetricFlow parts the importer maps: semantic models
 * (entities, dimensions, measures) and metrics. Follows the MetricFlow spec of dbt 1.6–1.11:
 * https://docs.getdbt.com/docs/build/semantic-models, https://docs.getdbt.com/docs/build/measures,
 * https://docs.getdbt.com/docs/build/dimensions, https://docs.getdbt.com/docs/build/metrics-overview,
 * https://docs.getdbt.com/docs/build/ratio, https://docs.getdbt.com/docs/build/simple.
 */
import { LineCounter, type Node, parseDocument } from 'yaml';

type TRecord = Record<string, unknown>;

interface TDbtNamed {
  name: string;
  label?: string;
  description?: string;
  expr?: string;
}

export interface TDbtEntity extends TDbtNamed {
  type: string;
}

export interface TDbtDimension extends TDbtNamed {
  type: string;
}

export interface TDbtMeasure extends TDbtNamed {
  agg: string;
  createMetric: boolean;
  aggTimeDimension?: string;
  nonAdditive: boolean;
}

export interface TDbtSemanticModel extends TDbtNamed {
  model: string;
  defaultTime?: string;
  entities: TDbtEntity[];
  dimensions: TDbtDimension[];
  measures: TDbtMeasure[];
}

/** A metric's input: a measure or metric by name, with its own filter and alias. */
export interface TDbtInput {
  name: string;
  filter: string[];
  alias?: string;
  /** An offset window or grain (derived inputs): a period other than the asked one. */
  offset: boolean;
}

export interface TDbtMetric {
  name: string;
  label?: string;
  description?: string;
  type: string;
  filter: string[];
  measure?: TDbtInput;
  numerator?: TDbtInput;
  denominator?: TDbtInput;
  expr?: string;
  inputs: TDbtInput[];
}

export interface TDbtProject {
  semanticModels: TDbtSemanticModel[];
  metrics: TDbtMetric[];
}

/** Reads every file's `semantic_models:` and `metrics:`; a YAML or shape error names the file and line. */
export function readDbtProject(files: { name: string; content: string }[]): TDbtProject {
  const project: TDbtProject = { semanticModels: [], metrics: [] };
  for (const file of files) {
    const lines = new LineCounter();
    const doc = parseDocument(file.content, { lineCounter: lines, prettyErrors: true });
    const error = doc.errors[0];
    if (error) {
      const line = error.linePos?.[0].line ?? lines.linePos(error.pos[0]).line;
      throw new Error(`${file.name}, line ${line}: ${error.message.split('\n')[0]}`);
    }
    const at = (path: (string | number)[]): string => {
      const node = doc.getIn(path, true) as Node | undefined;
      const line = node?.range ? lines.linePos(node.range[0]).line : 1;
      return `${file.name}, line ${line}`;
    };
    const root = doc.toJS() as unknown;
    if (!isRecord(root)) continue;
    readList(root, 'semantic_models', at, (item, where) =>
      project.semanticModels.push(readSemanticModel(item, where)),
    );
    readList(root, 'metrics', at, (item, where) => project.metrics.push(readMetric(item, where)));
  }
  return project;
}

/** Each item of a top-level list, with a function naming where it is for error messages. */
function readList(
  root: TRecord,
  key: string,
  at: (path: (string | number)[]) => string,
  read: (item: TRecord, where: (path: (string | number)[]) => string) => void,
): void {
  const items = root[key];
  if (items === undefined || items === null) return;
  if (!Array.isArray(items)) throw new Error(`${at([key])}: \`${key}\` must be a list`);
  items.forEach((item, i) => {
    const where = (path: (string | number)[]): string => at([key, i, ...path]);
    if (!isRecord(item)) throw new Error(`${where([])}: each of \`${key}\` must be a mapping`);
    read(item, where);
  });
}

function readSemanticModel(item: TRecord, where: (path: (string | number)[]) => string): TDbtSemanticModel {
  const named = readNamed(item, where([]), 'semantic model');
  const model = text(item.model);
  if (!model) throw new Error(`${where([])}: semantic model \`${named.name}\` needs a \`model\``);
  const part = <T>(key: string, read: (x: TRecord, w: string) => T): T[] =>
    records(item[key], where([key])).map((x, i) => read(x, where([key, i])));
  const defaults = isRecord(item.defaults) ? item.defaults : {};
  return {
    ...named,
    model,
    defaultTime: text(defaults.agg_time_dimension),
    entities: part('entities', (x, w) => ({ ...readNamed(x, w, 'entity'), type: text(x.type) ?? '' })),
    dimensions: part('dimensions', (x, w) => ({ ...readNamed(x, w, 'dimension'), type: text(x.type) ?? '' })),
    measures: part('measures', (x, w) => ({
      ...readNamed(x, w, 'measure'),
      agg: text(x.agg) ?? '',
      createMetric: x.create_metric === true,
      aggTimeDimension: text(x.agg_time_dimension),
      nonAdditive: x.non_additive_dimension !== undefined && x.non_additive_dimension !== null,
    })),
  };
}

function readMetric(item: TRecord, where: (path: (string | number)[]) => string): TDbtMetric {
  const named = readNamed(item, where([]), 'metric');
  const params = isRecord(item.type_params) ? item.type_params : {};
  const input = (value: unknown): TDbtInput | undefined => readInput(value, where(['type_params']));
  const inputs = [params.metrics, params.input_metrics].flatMap((list) =>
    Array.isArray(list) ? list.map((x) => input(x)).filter((x): x is TDbtInput => x !== undefined) : [],
  );
  return {
    name: named.name,
    label: named.label,
    description: named.description,
    type: (text(item.type) ?? '').toLowerCase(),
    filter: filters(item.filter),
    measure: input(params.measure),
    numerator: input(params.numerator),
    denominator: input(params.denominator),
    expr: text(params.expr),
    inputs,
  };
}

/** `name` or `{ name, filter, alias, offset_window }`. */
function readInput(value: unknown, where: string): TDbtInput | undefined {
  if (typeof value === 'string') return { name: value, filter: [], offset: false };
  if (!isRecord(value)) return undefined;
  const name = text(value.name);
  if (!name) throw new Error(`${where}: a metric input needs a name`);
  const offset = value.offset_window !== undefined || value.offset_to_grain !== undefined;
  return { name, filter: filters(value.filter), alias: text(value.alias), offset };
}

function readNamed(item: TRecord, where: string, what: string): TDbtNamed {
  const name = text(item.name);
  if (!name) throw new Error(`${where}: a ${what} needs a name`);
  return { name, label: text(item.label), description: text(item.description), expr: text(item.expr) };
}

/** A filter is one string or a list of them (all must hold). */
function filters(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
}

function records(value: unknown, where: string): TRecord[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every(isRecord))
    throw new Error(`${where}: must be a list of mappings`);
  return value;
}

/** A scalar as text (YAML reads `expr: 1` as a number); absent or empty → undefined. */
function text(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function isRecord(value: unknown): value is TRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
