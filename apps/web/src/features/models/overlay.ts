import type {
  TFieldEdit,
  TModelOverlay,
  TModelOverlayInput,
  TOverlayDimension,
  TOverlayJoin,
  TOverlayMeasure,
  TValueEdit,
} from '@parley/contract';

/**
 * Pure edits of a draft overlay (the owner's changes on the introspected model, DESIGN §12).
 * Each returns a new overlay and leaves its input untouched, so React state can hold drafts.
 */

/** A fresh empty overlay (never shared, so no edit can leak into another draft). */
export function emptyOverlay(): TModelOverlay {
  return { tables: {}, fields: {}, measures: [], dimensions: [], values: [], joins: { add: [], remove: [] } };
}

/** An overlay as the server may send it (parts absent) with every part present. */
export function normalizeOverlay(input: TModelOverlayInput | TModelOverlay | undefined): TModelOverlay {
  const o = input ?? {};
  return {
    tables: { ...(o.tables ?? {}) },
    fields: { ...(o.fields ?? {}) },
    measures: (o.measures ?? []) as TOverlayMeasure[],
    dimensions: (o.dimensions ?? []) as TOverlayDimension[],
    values: (o.values ?? []) as TValueEdit[],
    joins: { add: [...(o.joins?.add ?? [])], remove: [...(o.joins?.remove ?? [])] },
  };
}

/** Drops the keys set to undefined or empty text; `time: null` stays (it means "no time dimension"). */
function compactEdit(edit: TFieldEdit): TFieldEdit {
  return Object.fromEntries(
    Object.entries(edit).filter(([, v]) => v !== undefined && v !== ''),
  ) as TFieldEdit;
}

/** Merges `patch` into a field's edit; a key set to undefined goes back to the model's own value. */
export function setFieldEdit(o: TModelOverlay, field: string, patch: Partial<TFieldEdit>): TModelOverlay {
  const edit = compactEdit({ ...o.fields[field], ...patch });
  const fields = { ...o.fields };
  if (Object.keys(edit).length === 0) delete fields[field];
  else fields[field] = edit;
  return { ...o, fields };
}

/** Removes every edit of a field. */
export function clearFieldEdit(o: TModelOverlay, field: string): TModelOverlay {
  const fields = { ...o.fields };
  delete fields[field];
  return { ...o, fields };
}

/** Sets a table's label; an empty label removes it. */
export function setTableLabel(o: TModelOverlay, table: string, label: string): TModelOverlay {
  const tables = { ...o.tables };
  if (label.trim() === '') delete tables[table];
  else tables[table] = { label: label.trim() };
  return { ...o, tables };
}

/** Adds a measure or metric, replacing the overlay's one of the same name. */
export function upsertMeasure(o: TModelOverlay, measure: TOverlayMeasure): TModelOverlay {
  return { ...o, measures: upsertBy(o.measures, measure, (m) => m.name === measure.name) };
}

export function removeMeasure(o: TModelOverlay, name: string): TModelOverlay {
  return { ...o, measures: o.measures.filter((m) => m.name !== name) };
}

/** Makes a column a dimension, replacing the overlay's dimension of the same name. */
export function upsertDimension(o: TModelOverlay, dimension: TOverlayDimension): TModelOverlay {
  return { ...o, dimensions: upsertBy(o.dimensions, dimension, (d) => d.name === dimension.name) };
}

export function removeDimension(o: TModelOverlay, name: string): TModelOverlay {
  return { ...o, dimensions: o.dimensions.filter((d) => d.name !== name) };
}

const sameValue = (dimension: string, value: string) => (v: TValueEdit) =>
  v.dimension === dimension && v.value === value;

/** Labels a value and sets its synonyms; with neither left, the value's edit goes away. */
export function setValueEdit(o: TModelOverlay, edit: TValueEdit): TModelOverlay {
  const label = edit.label?.trim() ? edit.label.trim() : undefined;
  const synonyms = edit.synonyms.map((s) => s.trim()).filter(Boolean);
  if (!label && synonyms.length === 0) return removeValueEdit(o, edit.dimension, edit.value);
  const next: TValueEdit = {
    dimension: edit.dimension,
    value: edit.value,
    synonyms,
    ...(label ? { label } : {}),
  };
  return { ...o, values: upsertBy(o.values, next, sameValue(edit.dimension, edit.value)) };
}

export function removeValueEdit(o: TModelOverlay, dimension: string, value: string): TModelOverlay {
  const match = sameValue(dimension, value);
  return { ...o, values: o.values.filter((v) => !match(v)) };
}

const samePair = (from: string, to: string) => (j: { from: string; to: string }) =>
  j.from === from && j.to === to;

/** Adds a join (replacing an added one between the same tables) and undoes a removal of that pair. */
export function addJoin(o: TModelOverlay, join: TOverlayJoin): TModelOverlay {
  const pair = samePair(join.from, join.to);
  return {
    ...o,
    joins: { add: upsertBy(o.joins.add, join, pair), remove: o.joins.remove.filter((j) => !pair(j)) },
  };
}

/**
 * Takes a join away: one the overlay added is dropped; an introspected one is listed as removed,
 * since the overlay cannot delete what introspection finds again on the next sync.
 */
export function removeJoin(o: TModelOverlay, from: string, to: string, introspected: boolean): TModelOverlay {
  const pair = samePair(from, to);
  const add = o.joins.add.filter((j) => !pair(j));
  const listed = o.joins.remove.some(pair);
  const remove = introspected && !listed ? [...o.joins.remove, { from, to }] : o.joins.remove;
  return { ...o, joins: { add, remove } };
}

/** Brings back an introspected join the overlay removed. */
export function restoreJoin(o: TModelOverlay, from: string, to: string): TModelOverlay {
  return { ...o, joins: { ...o.joins, remove: o.joins.remove.filter((j) => !samePair(from, to)(j)) } };
}

/** Whether two overlays hold the same edits (key order and absent parts aside). */
export function sameOverlay(a: TModelOverlay | undefined, b: TModelOverlay | undefined): boolean {
  return stableJson(normalizeOverlay(a)) === stableJson(normalizeOverlay(b));
}

/** JSON with object keys sorted, so equal overlays compare equal whatever order their keys came in. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function upsertBy<T>(list: readonly T[], item: T, same: (x: T) => boolean): T[] {
  const at = list.findIndex(same);
  if (at < 0) return [...list, item];
  return list.map((x, i) => (i === at ? item : x));
}
