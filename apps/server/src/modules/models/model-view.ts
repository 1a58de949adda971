import type { TDisabledEdit, TModelOverlay, TModelView } from '@parley/contract';
import type { TIntrospection, TMeasure, TSemanticModel } from '@parley/engine';

/** Sample values shown beside a column in the editor's pickers. */
const SAMPLES = 5;

/** What the model screen shows: the overlaid model, the overlay as stored, and what it could not apply. */
export interface ModelViewParts {
  version: number;
  /** The model answers read: the base with the overlay applied. */
  model: TSemanticModel;
  /** The introspection the base came from; absent for sources that describe themselves. */
  schema: TIntrospection | undefined;
  overlay: TModelOverlay;
  disabled: TDisabledEdit[];
}

/** GET …/model (DESIGN §12): the overlaid model as the editor reads it. */
export function modelView(parts: ModelViewParts): TModelView {
  const { model, overlay, schema } = parts;
  const defined = new Set(overlay.measures.map((m) => m.name));
  const madeDimensions = new Set(overlay.dimensions.map((d) => d.name));
  return {
    version: parts.version,
    measures: model.measures.map((m) => measureView(m, overlay, defined.has(m.name))),
    dimensions: model.dimensions.map((d) => {
      const valueEdited = overlay.values.some((v) => v.dimension === d.name);
      return {
        name: d.name,
        label: d.label,
        synonyms: d.synonyms,
        values: d.values,
        ...(d.valueLabels && Object.keys(d.valueLabels).length > 0 ? { valueLabels: d.valueLabels } : {}),
        ...(d.sources[0] ? { table: d.sources[0].table } : {}),
        ...(d.hidden ? { hidden: true } : {}),
        ...(overlay.fields[d.name] || madeDimensions.has(d.name) || valueEdited ? { edited: true } : {}),
      };
    }),
    timeDimensions: model.timeDimensions.map((t) => ({ name: t.name, label: t.label, table: t.table })),
    tables: model.tables.map((t) => ({
      name: t.name,
      label: t.label,
      ...(schema ? { columns: columnsOf(schema, t.name) } : {}),
    })),
    joins: model.joins.map((j) => ({
      from: j.from,
      to: j.to,
      fromColumns: j.fromColumns,
      toColumns: j.toColumns,
    })),
    overlay,
    disabled: parts.disabled,
  };
}

function measureView(m: TMeasure, overlay: TModelOverlay, defined: boolean): TModelView['measures'][number] {
  return {
    name: m.name,
    label: m.label,
    synonyms: m.synonyms,
    format: m.format,
    kind: m.kind,
    ...(m.description ? { description: m.description } : {}),
    ...(m.kind === 'aggregate' ? { table: m.table, time: m.time } : {}),
    ...(m.hidden ? { hidden: true } : {}),
    ...(m.currency ? { currency: m.currency } : {}),
    ...(overlay.fields[m.name] || defined ? { edited: true } : {}),
  };
}

/** A table's columns with their type and a few of the values introspection sampled. */
function columnsOf(
  schema: TIntrospection,
  table: string,
): NonNullable<TModelView['tables'][number]['columns']> {
  const found = schema.tables.find((t) => t.name === table);
  return (found?.columns ?? []).map((c) => ({
    name: c.name,
    type: c.type,
    ...(c.values && c.values.length > 0 ? { samples: c.values.slice(0, SAMPLES) } : {}),
  }));
}
