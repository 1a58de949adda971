/**
 * Entities of a flat export: one wide table carrying `Order Id`,
 * `Customer Id` + `Customer Name`, `Product Card Id` + `Product Name`. Each identifier whose
 * entity shows in the table (a label column, or attributes named after it) counts its distinct
 * values ("orders", "customers"), and its label is its dimension ("by product"). Identifiers of
 * entities that are tables of their own, and references to them ("Order Customer Id"), are not.
 */
import type { TIntrospectedColumn } from '../introspection';
import type { TDimension } from '../semantic-model';
import { findNamingColumn, NAME_PART, NOT_DIMENSION } from './columns';
import { addMeasure, offer, type TIntrospectContext, type TTableInfo } from './context';
import { IDENTIFIER } from './identifiers';
import { isSentence, phraseKey, plural, singular, synonymsFor, title, words } from './text';
import { ownTime } from './time';

export interface TFlatEntity {
  /** Singular words naming one: "customer". */
  entity: string;
  id: TIntrospectedColumn;
  /** The column naming it, if any: a full name, a name or a title, else its identifier beside name parts. */
  label: TIntrospectedColumn | null;
  /** Every column of its name (first and last names), left out of the other dimensions. */
  nameParts: TIntrospectedColumn[];
}

/** Identifier words of a flat export's entity keys (numbers and codes are often labels themselves). */
const ENTITY_ID = /^(.+) (id|identifier|key|uuid|guid|number|no)$/;
const LABEL = /^(.+) (name|full name|fullname|title|fname|lname|first name|last name|surname)$/;
const PREFERRED = ['full name', 'fullname', 'name', 'title'];

/** The entities a table carries beside its own rows (none for a table that is one entity's). */
export function findFlatEntities(ctx: TIntrospectContext, info: TTableInfo): TFlatEntity[] {
  const t = info.table;
  // Only a table standing alone: in a related schema, entities are tables of their own.
  const related =
    info.foreignKeys.length > 0 || ctx.infos.some((o) => o.foreignKeys.some((fk) => fk.refTable === t.name));
  if (related) return [];
  const keys = ctx.keyColumns.get(t.name) ?? new Set<string>();
  const tableEntities = new Set(ctx.infos.map((i) => phraseKey(i.entity)));
  const labels = t.columns.flatMap((c) => {
    const m = c.kind === 'text' ? LABEL.exec(words(c.name)) : null;
    return m ? [{ column: c, owner: m[1], part: m[2] }] : [];
  });
  const ids = t.columns.flatMap((c) => {
    const m = ENTITY_ID.exec(words(c.name));
    return m && !keys.has(c.name) ? [{ column: c, prefix: m[1] }] : [];
  });
  const owners = new Set(labels.map((l) => l.owner));
  const out: TFlatEntity[] = [];
  const taken = new Set<string>();
  const add = (entity: string, id: TIntrospectedColumn): void => {
    const key = phraseKey(entity);
    if (taken.has(key) || tableEntities.has(key) || key === phraseKey(info.entity)) return;
    taken.add(key);
    const parts = labels.filter((l) => l.owner === entity).map((l) => l.column);
    // A person known only by first and last names has no one column to show: last names are
    // shared, and a card of bare identifiers reads as a wrong answer, so "by customer" asks back.
    const label =
      PREFERRED.map((p) => parts.find((c) => words(c.name) === `${entity} ${p}`)).find(Boolean) ?? null;
    out.push({ entity: singular(entity), id, label, nameParts: parts });
  };
  // "Customer Id" + "Customer Name" first, then "Product Card Id" + "Product Name" (one extra word).
  for (const { column, prefix } of ids) if (owners.has(prefix)) add(prefix, column);
  for (const { column, prefix } of ids) {
    const owner = [...owners].find(
      (o) => prefix.startsWith(`${o} `) && prefix.split(' ').length === o.split(' ').length + 1,
    );
    const extra = owner ? prefix.slice(owner.length + 1) : '';
    if (owner && !owners.has(extra) && !ids.some((i) => i.prefix === extra)) add(owner, column);
  }
  // An identifier with attributes named after it ("Order Id" beside "Order Date", "Order Status").
  for (const { column, prefix } of ids) {
    const attributes = t.columns.filter(
      (c) =>
        c !== column &&
        words(c.name).startsWith(`${prefix} `) &&
        !IDENTIFIER.test(words(c.name)) &&
        !ids.some(
          (i) => i.prefix !== prefix && i.prefix.startsWith(prefix) && words(c.name).startsWith(i.prefix),
        ),
    );
    if (attributes.length > 0) add(prefix, column);
  }
  return out;
}

/**
 * Each flat entity's distinct count ("Customers") and its label's dimension ("Customer"); returns
 * the columns of their names (not dimensions of their own) and the entities' words.
 */
export function addFlatEntities(
  ctx: TIntrospectContext,
  info: TTableInfo,
  weight: number,
): { consumed: Set<string>; entities: string[] } {
  const t = info.table;
  const consumed = new Set<string>();
  const found = findFlatEntities(ctx, info);
  addSurveyWords(ctx, info);
  for (const e of found) {
    const many = plural(e.entity);
    addMeasure(
      ctx,
      {
        kind: 'aggregate',
        name: `${t.name}.${e.id.name}.count_distinct`,
        label: '',
        synonyms: [],
        format: 'number',
        table: t.name,
        agg: 'count_distinct',
        expr: { table: t.name, col: e.id.name },
        time: ownTime(ctx, t.name),
      },
      Math.max(1, info.rows),
      [title(many), `Number of ${title(many)}`],
      [`number of ${many}`, `${e.entity} count`, `count of ${many}`, `total ${many}`, `how many ${many}`],
      synonymsFor(many).filter((s) => !ctx.tableNames.has(phraseKey(s))),
    );
    for (const c of e.nameParts) consumed.add(c.name);
    if (e.label) addLabel(ctx, info, e, e.label, weight);
  }
  return { consumed, entities: found.map((e) => e.entity) };
}

function addLabel(
  ctx: TIntrospectContext,
  info: TTableInfo,
  e: TFlatEntity,
  label: TIntrospectedColumn,
  weight: number,
): void {
  const t = info.table;
  const dim: TDimension = {
    name: `${t.name}.${label.name}`,
    label: '',
    synonyms: [],
    sources: [{ table: t.name, column: label.name, ...(shared(label, e.id) ? { key: e.id.name } : {}) }],
    values: (label.values ?? []).filter((v) => v.trim() !== '' && v.length <= 60),
  };
  const labels = [title(e.entity), title(`${e.entity} name`)];
  ctx.model.dimensions.push(dim);
  ctx.labelChoices.set(`dimension:${dim.name}`, labels);
  offer(ctx, 'dimension', dim.name, weight, [
    ...labels.map((phrase) => ({ phrase, tier: 0 })),
    { phrase: plural(e.entity), tier: 0 },
    { phrase: words(label.name), tier: 0 },
    ...synonymsFor(e.entity).map((phrase) => ({ phrase, tier: 1 })),
    ...synonymsFor(plural(e.entity)).map((phrase) => ({ phrase, tier: 1 })),
  ]);
}

/** Whether a flat entity's label may name two of them (fewer distinct names than identifiers). */
function shared(label: TIntrospectedColumn, id: TIntrospectedColumn): boolean {
  if (label === id) return false;
  return label.distinctCount === null || id.distinctCount === null || label.distinctCount < id.distinctCount;
}

/** A survey export (most columns are questions): its rows are responses, from respondents. */
function addSurveyWords(ctx: TIntrospectContext, info: TTableInfo): void {
  const questions = info.table.columns.filter((c) => isSentence(c.name)).length;
  if (questions < 3 || questions * 2 < info.table.columns.length) return;
  const words = ['responses', 'respondents', 'survey responses', 'participants'];
  const count = `measure:${info.table.name}.count`;
  // The count is labelled "Responses", not after the export's file name.
  ctx.labelChoices.set(count, ['Responses', ...(ctx.labelChoices.get(count) ?? [])]);
  offer(
    ctx,
    'measure',
    `${info.table.name}.count`,
    Math.max(1, info.rows),
    words.flatMap((w) => [w, `number of ${w}`, `how many ${w}`]).map((phrase) => ({ phrase, tier: 1 })),
  );
}

/** What names an entity table's rows: a column, or several read as one (a person's first and last name). */
export interface TEntityLabel {
  column: TIntrospectedColumn;
  concat?: string[];
}

const LAST_NAME = /^(last name|lastname|surname|family name)$/;
const FIRST_NAME = /^(first name|firstname|given name|fname)$/;
/** A code, not a name: "1", "HQ", "TX-01". */
const CODE_VALUE = /^[A-Z0-9_\-./]{1,6}$|^\d+$/;

/**
 * The label of a table's rows (shape 2): its naming column; a person's first and last name where
 * last names alone are shared; else, for a table others refer to, its key when the key is a
 * readable name ("Classic Cars"), or its one short text whose values are all distinct (an
 * office's city). Null where none names a row.
 */
export function findEntityLabel(
  ctx: TIntrospectContext,
  info: TTableInfo,
  keys: Set<string>,
): TEntityLabel | null {
  const naming = findNamingColumn(info, keys);
  if (naming) return { column: naming, ...fullName(info, naming) };
  const referred = ctx.infos.some(
    (o) => o !== info && o.foreignKeys.some((fk) => fk.refTable === info.table.name),
  );
  if (!referred) return null;
  const readable = (c: TIntrospectedColumn): boolean =>
    (c.values ?? []).length > 0 &&
    (c.values ?? []).every((v) => v.length <= 60) &&
    !(c.values ?? []).every((v) => CODE_VALUE.test(v.trim())) &&
    !IDENTIFIER.test(words(c.name));
  const key =
    info.primaryKey.length === 1 ? info.table.columns.find((c) => c.name === info.primaryKey[0]) : undefined;
  if (key && key.kind === 'text' && readable(key)) return { column: key };
  const unique = info.table.columns.find(
    (c) =>
      c.kind === 'text' &&
      !keys.has(c.name) &&
      !NOT_DIMENSION.test(words(c.name)) &&
      !NAME_PART.test(words(c.name)) &&
      info.rows >= 3 &&
      c.distinctCount !== null &&
      c.distinctCount >= info.rows &&
      readable(c),
  );
  return unique ? { column: unique } : null;
}

/** First and last name together where the last name alone is shared by several rows. */
function fullName(info: TTableInfo, naming: TIntrospectedColumn): { concat?: string[] } {
  if (!LAST_NAME.test(words(naming.name))) return {};
  const first = info.table.columns.find((c) => c.kind === 'text' && FIRST_NAME.test(words(c.name)));
  const shared = naming.distinctCount !== null && info.rows >= 2 && naming.distinctCount < info.rows * 0.97;
  return first && shared ? { concat: [first.name, naming.name] } : {};
}
