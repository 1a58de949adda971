/** The effective model as the model file's plain object (expressions as text come later, in YAML). */
import type {
  TAggregateMeasure,
  TDimension,
  TMeasure,
  TSemanticModel,
  TTimeDimension,
} from '../semantic-model';
import { toOverlayExpr } from './model-file-expr';
import type { TFileDimension, TFileMeasure, TFileTimeDimension, TModelFile } from './model-file-types';

/** Keys whose values are absent or false are left out, so the file shows only what is set. */
const hiddenFlag = (hidden: boolean | undefined): { hidden?: true } => (hidden ? { hidden: true } : {});

function measureBase(m: TMeasure) {
  return {
    name: m.name,
    label: m.label,
    ...(m.description ? { description: m.description } : {}),
    synonyms: [...m.synonyms],
    format: m.format,
    ...(m.currency ? { currency: m.currency } : {}),
    ...hiddenFlag(m.hidden),
  };
}

function aggregateFields(m: TAggregateMeasure) {
  return {
    table: m.table,
    agg: m.agg,
    ...(m.expr ? { expr: toOverlayExpr(m.expr) } : {}),
    where: (m.where ?? []).map((w) => ({ table: w.table, column: w.column, values: [...w.values] })),
    ...(m.exists
      ? {
          exists: {
            table: m.exists.table,
            columns: [...m.exists.columns],
            ref_columns: [...m.exists.refColumns],
          },
        }
      : {}),
    time: m.time,
  };
}

export function measureToFile(m: TMeasure): TFileMeasure {
  if (m.kind === 'aggregate') return { ...measureBase(m), ...aggregateFields(m) };
  return {
    ...measureBase(m),
    metric: { op: m.op ?? '/', left: m.numerator, right: m.denominator },
  };
}

export function dimensionToFile(d: TDimension): TFileDimension {
  const source = d.sources[0];
  const labels = d.valueLabels ?? {};
  const synonyms = d.valueSynonyms ?? {};
  return {
    name: d.name,
    label: d.label,
    table: source?.table ?? '',
    column: source?.column ?? '',
    synonyms: [...d.synonyms],
    ...hiddenFlag(d.hidden),
    ...(Object.keys(labels).length > 0 ? { value_labels: { ...labels } } : {}),
    ...(Object.keys(synonyms).length > 0 ? { value_synonyms: { ...synonyms } } : {}),
  };
}

export function timeDimensionToFile(t: TTimeDimension): TFileTimeDimension {
  return {
    name: t.name,
    label: t.label,
    table: t.table,
    column: t.column,
    synonyms: [...t.synonyms],
    ...hiddenFlag(t.hidden),
  };
}

/** The model as the file's object. */
export function modelToFile(model: TSemanticModel): TModelFile {
  return {
    model: model.name,
    tables: model.tables.map((t) => ({ name: t.name, label: t.label })),
    joins: model.joins.map((j) => ({
      from: j.from,
      from_columns: [...j.fromColumns],
      to: j.to,
      to_columns: [...j.toColumns],
    })),
    measures: model.measures.map(measureToFile),
    dimensions: model.dimensions.map(dimensionToFile),
    time_dimensions: model.timeDimensions.map(timeDimensionToFile),
  };
}
