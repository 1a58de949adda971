/**
 * What every part of applying an overlay shares: the model being built (a copy, changed in place),
 * the source's schema and the edits found not to fit it.
 */
import type { TDisabledEdit } from '@parley/contract';
import { title, words } from '../introspect/text';
import type { TIntrospectedTable, TIntrospection } from '../introspection';
import type { TSemanticModel } from '../semantic-model';

export interface TOverlayContext {
  /** A deep copy of the introspected model: the parts change it, never the caller's. */
  model: TSemanticModel;
  /** Null for API sources: nothing is defined over tables and columns then. */
  schema: TIntrospection | null;
  disabled: TDisabledEdit[];
}

/** Lists an edit as disabled; returns false so a caller can `return disable(…)`. */
export function disable(ctx: TOverlayContext, path: string, reason: string): false {
  ctx.disabled.push({ path, reason });
  return false;
}

export function findSchemaTable(ctx: TOverlayContext, name: string): TIntrospectedTable | null {
  return ctx.schema?.tables.find((t) => t.name === name) ?? null;
}

/**
 * Why the schema cannot hold these columns of a table (table first, then each missing column),
 * or null when it can. Without a schema nothing over columns can be checked, so nothing holds.
 */
export function missingColumns(ctx: TOverlayContext, table: string, columns: string[]): string | null {
  if (!ctx.schema) return 'this source has no tables and columns to define it over';
  const t = findSchemaTable(ctx, table);
  if (!t) return `table ${table} is no longer in the source`;
  const missing = [...new Set(columns)].filter((c) => !t.columns.some((s) => s.name === c));
  if (missing.length === 0) return null;
  const list = missing.map((c) => `${table}.${c}`).join(', ');
  return `column${missing.length > 1 ? 's' : ''} ${list} ${missing.length > 1 ? 'are' : 'is'} no longer in the source`;
}

/** Adds a schema table the introspected model left out, so joins and measures can name it. */
export function ensureModelTable(ctx: TOverlayContext, name: string): void {
  if (ctx.model.tables.some((t) => t.name === name)) return;
  const t = findSchemaTable(ctx, name);
  ctx.model.tables.push({ name, label: title(words(name)), primaryKey: [...(t?.primaryKey ?? [])] });
}
