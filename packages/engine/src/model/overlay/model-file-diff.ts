/**
 * The overlay a model file stands for: the file compared with the introspected model. What
 * differs becomes an edit; a base field the file leaves out is hidden (kept, so saved queries
 * still compile); what the file adds is defined.
 */
import type {
  TFieldEdit,
  TModelOverlay,
  TModelOverlayInput,
  TOverlayMeasure,
  TValueEdit,
} from '@parley/contract';
import { title, words } from '../introspect/text';
import type { TDimension, TSemanticModel } from '../semantic-model';
import { ModelFileError } from './model-file-node';
import {
  isMetric,
  type TFileAggregate,
  type TFileDimension,
  type TFileMeasure,
  type TLined,
  type TReadModelFile,
} from './model-file-types';
import { dimensionToFile, measureToFile, timeDimensionToFile } from './model-file-write';

type TDraft = Required<
  Pick<TModelOverlayInput, 'tables' | 'fields' | 'measures' | 'dimensions' | 'values'>
> & {
  joins: { add: TModelOverlay['joins']['add']; remove: TModelOverlay['joins']['remove'] };
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The overlay input (the contract's schema fills and checks it after). */
export function diffModelFile(file: TReadModelFile, base: TSemanticModel): TModelOverlayInput {
  const draft: TDraft = {
    tables: {},
    fields: {},
    measures: [],
    dimensions: [],
    values: [],
    joins: { add: [], remove: [] },
  };
  const edit = (name: string, e: TFieldEdit): void => {
    if (Object.keys(e).length > 0) draft.fields[name] = { ...draft.fields[name], ...e };
  };
  diffTables(file, base, draft);
  diffJoins(file, base, draft);
  for (const m of file.measures) diffMeasure(m, base, draft, edit);
  for (const d of file.dimensions) diffDimension(d, base, draft, edit);
  for (const t of file.time_dimensions) {
    const b = base.timeDimensions.find((x) => x.name === t.name);
    if (!b || b.table !== t.table || b.column !== t.column)
      throw new ModelFileError(
        t.line,
        `time_dimensions: ${t.name} is not a date column of the source (${t.table}.${t.column}); time dimensions come from the source, only their label, synonyms and hidden change`,
      );
    edit(t.name, fieldChanges(timeDimensionToFile(b), t));
  }
  // A base field the file leaves out is hidden, not dropped.
  for (const [list, names] of [
    [base.measures, file.measures],
    [base.dimensions, file.dimensions],
    [base.timeDimensions, file.time_dimensions],
  ] as const)
    for (const b of list) if (!names.some((x) => x.name === b.name)) edit(b.name, { hidden: true });
  return draft;
}

function diffTables(file: TReadModelFile, base: TSemanticModel, draft: TDraft): void {
  for (const t of file.tables) {
    const label = base.tables.find((b) => b.name === t.name)?.label ?? title(words(t.name));
    if (t.label !== label) draft.tables[t.name] = { label: t.label };
  }
}

/** Joins by their two tables: a pair whose joins differ is removed and the file's joins added. */
function diffJoins(file: TReadModelFile, base: TSemanticModel, draft: TDraft): void {
  const key = (j: { from: string; to: string }) => `${j.from}\u0000${j.to}`;
  const pairs = new Set([...base.joins.map(key), ...file.joins.map(key)]);
  for (const pair of [...pairs].sort()) {
    const had = base.joins.filter((j) => key(j) === pair).map((j) => [j.fromColumns, j.toColumns]);
    const has = file.joins.filter((j) => key(j) === pair);
    if (
      same(
        had,
        has.map((j) => [j.from_columns, j.to_columns]),
      )
    )
      continue;
    const [from, to] = pair.split('\u0000');
    if (had.length > 0) draft.joins.remove.push({ from, to });
    for (const j of has)
      draft.joins.add.push({ from, fromColumns: j.from_columns, to, toColumns: j.to_columns });
  }
}

/** What a file field changes of the base's: label, synonyms, description, format, currency, hidden, time. */
function fieldChanges(was: Partial<TFileAggregate>, now: Partial<TFileAggregate>): TFieldEdit {
  const e: TFieldEdit = {};
  if (now.label !== was.label) e.label = now.label;
  if (!same(now.synonyms, was.synonyms)) e.synonyms = now.synonyms;
  if ((now.description ?? '') !== (was.description ?? '')) e.description = now.description ?? '';
  if (now.format !== was.format) e.format = now.format;
  if (now.currency !== undefined && now.currency !== was.currency) e.currency = now.currency;
  if (Boolean(now.hidden) !== Boolean(was.hidden)) e.hidden = Boolean(now.hidden);
  if (now.time !== undefined && now.time !== was.time) e.time = now.time;
  return e;
}

const definition = (m: TFileMeasure) =>
  isMetric(m) ? m.metric : { table: m.table, agg: m.agg, expr: m.expr, where: m.where, exists: m.exists };

function diffMeasure(
  m: TLined<TFileMeasure>,
  base: TSemanticModel,
  draft: TDraft,
  edit: (n: string, e: TFieldEdit) => void,
): void {
  const b = base.measures.find((x) => x.name === m.name);
  const was = b ? measureToFile(b) : null;
  if (was && isMetric(was) === isMetric(m) && same(definition(was), definition(m))) {
    edit(m.name, fieldChanges(was as Partial<TFileAggregate>, m as Partial<TFileAggregate>));
    return;
  }
  draft.measures.push(toOverlayMeasure(m));
  // What the overlay's definition does not carry is a field edit on top of it.
  const extra: TFieldEdit = { ...(m.hidden ? { hidden: true } : {}) };
  if (isMetric(m) && m.currency) extra.currency = m.currency;
  edit(m.name, extra);
}

function toOverlayMeasure(m: TFileMeasure): TOverlayMeasure {
  const base = {
    name: m.name,
    label: m.label,
    synonyms: m.synonyms,
    format: m.format,
    ...(m.description ? { description: m.description } : {}),
  };
  if (isMetric(m)) return { kind: 'metric', ...base, ...m.metric };
  return {
    kind: 'aggregate',
    ...base,
    ...(m.currency ? { currency: m.currency } : {}),
    table: m.table,
    agg: m.agg,
    ...(m.expr ? { expr: m.expr } : {}),
    where: m.where,
    ...(m.exists
      ? { exists: { table: m.exists.table, columns: m.exists.columns, refColumns: m.exists.ref_columns } }
      : {}),
    ...(m.time !== undefined ? { time: m.time } : {}),
  };
}

function diffDimension(
  d: TLined<TFileDimension>,
  base: TSemanticModel,
  draft: TDraft,
  edit: (n: string, e: TFieldEdit) => void,
): void {
  const b = base.dimensions.find((x) => x.name === d.name);
  const was = b ? dimensionToFile(b) : null;
  let prior: TDimension | null = b ?? null;
  if (was && was.table === d.table && was.column === d.column) edit(d.name, fieldChanges(was, d));
  else {
    draft.dimensions.push({
      name: d.name,
      label: d.label,
      table: d.table,
      column: d.column,
      synonyms: d.synonyms,
    });
    if (d.hidden) edit(d.name, { hidden: true });
    prior = null;
  }
  draft.values.push(...valueEdits(d, prior));
}

/** Value labels and synonyms the file adds to what the dimension had (a label's lower case comes with it). */
function valueEdits(d: TFileDimension, prior: TDimension | null): TValueEdit[] {
  const labels = d.value_labels ?? {};
  const synonyms = Object.entries(d.value_synonyms ?? {}).filter(
    ([word, value]) => prior?.valueSynonyms?.[word] !== value && labels[value]?.toLowerCase() !== word,
  );
  const values = [...new Set([...Object.keys(labels), ...synonyms.map(([, v]) => v)])];
  return values.flatMap((value) => {
    const label = labels[value] !== prior?.valueLabels?.[value] ? labels[value] : undefined;
    const words = synonyms.filter(([, v]) => v === value).map(([w]) => w);
    if (label === undefined && words.length === 0) return [];
    return [{ dimension: d.name, value, ...(label !== undefined ? { label } : {}), synonyms: words }];
  });
}
