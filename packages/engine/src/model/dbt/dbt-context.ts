/** What the dbt importer carries from semantic models to metrics, and the helpers both use. */
import {
  type DBT_ITEM_KINDS,
  EMPTY_OVERLAY,
  type TFieldEdit,
  type TModelOverlay,
  type TOverlayAggregate,
} from '@parley/contract';
import type { TIntrospectedTable, TIntrospection } from '../introspection';
import type { TSemanticModel } from '../semantic-model';
import type { TDbtProject, TDbtSemanticModel } from './dbt-project';

export type TDbtItemKind = (typeof DBT_ITEM_KINDS)[number];
export interface TDbtItem {
  kind: TDbtItemKind;
  name: string;
}
export interface TDbtUnmapped extends TDbtItem {
  reason: string;
}

/** A table's column as a dbt name resolved it. */
export interface TColumnAt {
  table: string;
  column: string;
}

/** A mapped dbt measure: its aggregate as written into the overlay, and where it came from. */
export interface TMappedMeasure {
  aggregate: TOverlayAggregate;
  semanticModel: TDbtSemanticModel;
}

export interface TDbtContext {
  base: TSemanticModel;
  schema: TIntrospection;
  project: TDbtProject;
  overlay: TModelOverlay;
  mapped: TDbtItem[];
  unmapped: TDbtUnmapped[];
  /** Semantic model name → its table. */
  tables: Map<string, TIntrospectedTable>;
  /** `semantic_model.dimension` → its column (categorical and time). */
  dimensions: Map<string, TColumnAt>;
  /** `semantic_model.dimension` → the base model's time dimension on it. */
  times: Map<string, string>;
  /** `semantic_model.entity` → its key column and entity type. */
  entities: Map<string, TColumnAt & { type: string }>;
  /** dbt measure name → its mapped aggregate. */
  measures: Map<string, TMappedMeasure>;
}

export function createContext(
  base: TSemanticModel,
  schema: TIntrospection,
  project: TDbtProject,
): TDbtContext {
  return {
    base,
    schema,
    project,
    overlay: structuredClone(EMPTY_OVERLAY),
    mapped: [],
    unmapped: [],
    tables: new Map(),
    dimensions: new Map(),
    times: new Map(),
    entities: new Map(),
    measures: new Map(),
  };
}

/** Merges an edit into `fields[name]`, dropping keys left undefined. */
export function editField(ctx: TDbtContext, name: string, edit: TFieldEdit): void {
  const defined = Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length === 0) return;
  ctx.overlay.fields[name] = { ...ctx.overlay.fields[name], ...defined };
}

/** A column named by a dbt `expr` (or the item's name), or why it cannot be one. */
export function plainColumn(table: TIntrospectedTable, expr: string): { column: string } | { error: string } {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(expr)) return { error: `expr \`${expr}\` is SQL Parley cannot read` };
  const column = findColumn(table, expr);
  return column ? { column } : { error: `column \`${expr}\` is not in table \`${table.name}\`` };
}

/** The column of `table` a dbt name means: exactly, or as PostgreSQL folds an unquoted name. */
export function findColumn(table: TIntrospectedTable, name: string): string | null {
  const exact = table.columns.find((c) => c.name === name);
  return (exact ?? table.columns.find((c) => c.name === name.toLowerCase()))?.name ?? null;
}

/** "gift_card_amount" → "Gift card amount": a label for an item the YAML gives none. */
export function humanize(name: string): string {
  const words = nameWords(name);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "gift_card_amount" → "gift card amount": the words of a dbt name. */
export function nameWords(name: string): string {
  return name
    .split(/[_\s]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}
