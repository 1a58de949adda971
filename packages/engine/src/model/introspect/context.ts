/**
 * What the model generator's steps share: the model being built, each table as read (its entity,
 * keys and size), and the phrases each field claims, settled by the words step at the end.
 */
import type { TIntrospectedColumn, TIntrospectedForeignKey, TIntrospectedTable } from '../introspection';
import type { TMeasure, TSemanticModel, TValidity } from '../semantic-model';
import { isIdentifier } from './identifiers';
import { phraseKey, words } from './text';

export interface TTableInfo {
  table: TIntrospectedTable;
  /** Singular words naming one row: "payment", "order detail". */
  entity: string;
  primaryKey: string[];
  foreignKeys: TIntrospectedForeignKey[];
  /** A link table of a many-to-many relation. */
  bridge: boolean;
  /** Rows, partitions included; 0 when unknown. */
  rows: number;
}

/** A history table's from/to columns and the versioned entity's reference (validity.ts). */
export interface TValidityRead {
  validity: TValidity;
  /** The column naming the entity whose versions the rows are, and the table it refers to. */
  entity: { column: string; refTable: string } | null;
}

export type TFieldKind = 'measure' | 'dimension';

export interface TPhraseOwner {
  kind: TFieldKind;
  name: string;
  /** The size of the tables the field serves: the bigger wins a shared phrase. */
  weight: number;
  /** 0 for the field's own words (worth ten times the weight), 1 for business synonyms. */
  tier: number;
}

/** A phrase a field offers: tier 0 for its own words, 1 for a business synonym. */
export interface TPhrase {
  phrase: string;
  tier: number;
}

export interface TIntrospectContext {
  model: TSemanticModel;
  /** The tables kept, in schema order (keys step). */
  infos: TTableInfo[];
  infoOf: Map<string, TTableInfo>;
  /** The phrase keys of the tables' names: a synonym naming another table is left to it. */
  tableNames: Set<string>;
  /** Per table, its key and reference columns (joins step). */
  keyColumns: Map<string, Set<string>>;
  /** Per table, the time dimension of its own event date (time step). */
  defaultTime: Map<string, string>;
  /** How much a table's fields matter: the rows of the tables that reach it (joins step). */
  reachWeight: Map<string, number>;
  /** Per history table, its validity period and versioned entity (validity step). */
  validity: Map<string, TValidityRead>;
  /** Phrase key → the fields that claim it; resolved at the end so each names one field of a kind. */
  claims: Map<string, TPhraseOwner[]>;
  /** Candidate labels in order of preference, the last one unique to the field. */
  labelChoices: Map<string, string[]>;
  /** Every phrase each field (`measure:<name>`, `dimension:<name>`) offered. */
  phrases: Map<string, TPhrase[]>;
}

/** An empty model named `name` and nothing read yet. */
export function createContext(name: string): TIntrospectContext {
  return {
    model: { name, tables: [], joins: [], measures: [], dimensions: [], timeDimensions: [] },
    infos: [],
    infoOf: new Map(),
    tableNames: new Set(),
    keyColumns: new Map(),
    defaultTime: new Map(),
    reachWeight: new Map(),
    validity: new Map(),
    claims: new Map(),
    labelChoices: new Map(),
    phrases: new Map(),
  };
}

/**
 * A key or reference of its table, a column named like a key, or a number that identifies
 * (`…_no`, `…_code`, `…_ref`, all values distinct): never summed, averaged or grouped by.
 */
export function isKey(ctx: TIntrospectContext, info: TTableInfo, c: TIntrospectedColumn): boolean {
  return (
    ctx.keyColumns.get(info.table.name)!.has(c.name) ||
    /^(id|uuid|guid)$|( |^)(id|identifier|key|uuid|guid)$/.test(words(c.name)) ||
    isIdentifier(c, info.rows)
  );
}

function claim(ctx: TIntrospectContext, phrase: string, owner: TPhraseOwner): void {
  const key = phraseKey(phrase);
  if (!key) return;
  const list = ctx.claims.get(key) ?? [];
  const existing = list.find((o) => o.kind === owner.kind && o.name === owner.name);
  if (existing) existing.tier = Math.min(existing.tier, owner.tier);
  else list.push({ ...owner });
  ctx.claims.set(key, list);
}

/** A field's phrases, each claimed with the field's weight. */
export function offer(
  ctx: TIntrospectContext,
  kind: TFieldKind,
  fieldName: string,
  weight: number,
  list: TPhrase[],
): void {
  const id = `${kind}:${fieldName}`;
  ctx.phrases.set(id, [...(ctx.phrases.get(id) ?? []), ...list]);
  for (const p of list) claim(ctx, p.phrase, { kind, name: fieldName, weight, tier: p.tier });
}

/** A measure with its candidate labels, its own words and its business synonyms. */
export function addMeasure(
  ctx: TIntrospectContext,
  m: TMeasure,
  weight: number,
  labels: string[],
  own: string[],
  business: string[],
): void {
  ctx.model.measures.push(m);
  ctx.labelChoices.set(`measure:${m.name}`, labels);
  offer(ctx, 'measure', m.name, weight, [
    ...labels.map((phrase) => ({ phrase, tier: 0 })),
    ...own.map((phrase) => ({ phrase, tier: 0 })),
    ...business.map((phrase) => ({ phrase, tier: 1 })),
  ]);
}

/** A field that serves one more table weighs as much as the biggest of them. */
export function bumpWeight(ctx: TIntrospectContext, kind: TFieldKind, name: string, weight: number): void {
  for (const list of ctx.claims.values())
    for (const o of list) if (o.kind === kind && o.name === name) o.weight = Math.max(o.weight, weight);
}
