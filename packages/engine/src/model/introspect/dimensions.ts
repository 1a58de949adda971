/**
 * Dimensions step: each table's naming column (name, `<table>_name`, title, company name, last
 * name, a lookup's description) is the entity ("Category", "Film"); low-cardinality text with
 * its values; other short text without values; year-like numbers; flags, whose word is their
 * true value ("discontinued products"). Free text, contact and address lines are left out.
 * Same-named columns across tables are one dimension.
 */
import type { TIntrospectedColumn } from '../introspection';
import type { TDimension } from '../semantic-model';
import { isAudit, isNumeric, NAME_PART, NOT_DIMENSION } from './columns';
import { bumpWeight, isKey, offer, type TIntrospectContext, type TTableInfo } from './context';
import { addFlatEntities, findEntityLabel, type TEntityLabel } from './entities';
import { addYesNo, isYesNo, yesNoDimension, yesNoValues } from './flags';
import { isAllDistinct } from './identifiers';
import {
  fieldWords,
  isSentence,
  phraseKey,
  plural,
  qualify,
  sentenceNames,
  sentenceSynonyms,
  synonymsFor,
  title,
  words,
} from './text';
import { COMMON_WORDS } from './vocabulary';

/** Yes/no columns: booleans, and 0/1 integers named like a state ("discontinued", "is_active"). */
const FLAG =
  /^(is|has|can) |^(active|inactive|enabled|disabled|deleted|discontinued|archived|visible|hidden|verified|blocked|cancelled|canceled|closed|paid|refunded|published|approved)( flag| bool|bool)?$/;
const OPPOSITES: Record<string, string> = { active: 'inactive', enabled: 'disabled', visible: 'hidden' };
const isFlag = (c: TIntrospectedColumn): boolean =>
  (c.kind === 'boolean' || c.kind === 'integer') && FLAG.test(words(c.name));
/** The state a flag names: "is_active" → "active", "activebool" → "active". */
const flagWord = (c: TIntrospectedColumn): string =>
  words(c.name)
    .replace(/^(is|has|can) /, '')
    .replace(/( flag| bool|bool)$/, '');
/** Calendar-like numbers that are worth grouping by ("films by release year"). */
const YEAR_LIKE = /\b(year|yr)\b/;

/** Longer than this, a value reads as a sentence rather than a name. */
const LONG_VALUE = 60;
const isLong = (v: string): boolean => v.length > LONG_VALUE;

/**
 * Free text is not grouped by: a column of long values holds descriptions. One long name among
 * many short ones (a plan's full title) is still a name, so more than a tenth must be long.
 */
const isFreeText = (c: TIntrospectedColumn): boolean => {
  const values = c.values ?? [];
  return values.filter(isLong).length * 10 > values.length;
};

/** A dimension's values to match in questions: not blanks, not a name too long to be typed. */
const cleanValues = (values: string[] | null): string[] =>
  (values ?? []).filter((v) => v.trim() !== '' && !isLong(v));

/** Adds each table's entity and column dimensions, then settles their names and values. */
export function addDimensions(ctx: TIntrospectContext): void {
  // Same-named text columns across tables are one dimension; the compiler picks the reachable one.
  const byColumn = new Map<string, TDimension>();
  const entityDimension = new Map<string, TDimension>();
  for (const info of ctx.infos) {
    if (info.bridge) continue;
    const keys = new Set([...ctx.keyColumns.get(info.table.name)!]);
    const weight = Math.max(1, ctx.reachWeight.get(info.table.name) ?? 0);
    // A flat export's entities first: their labels are theirs, not columns of the table.
    const { consumed, entities } = addFlatEntities(ctx, info, weight);
    const key = findEntityLabel(ctx, info, keys) ?? keyLabel(ctx, info);
    const naming = key?.column ?? null;
    if (key && naming && !isFreeText(naming) && !consumed.has(naming.name))
      entityDimension.set(info.table.name, addEntity(ctx, info, key, weight));
    for (const c of info.table.columns) {
      if (c === naming || consumed.has(c.name) || isKey(ctx, info, c) || isAudit(c)) continue;
      if (c.kind === 'text') addText(ctx, info, c, weight, byColumn, entities);
      // A yes/no question ("Is your employer a tech company?") is named by its state, not its words.
      else if (isYesNo(c) && (isSentence(c.name) || !isFlag(c))) addYesNo(ctx, info, c, weight);
      else if (isFlag(c)) addFlag(ctx, info, c, weight);
      else addYear(ctx, info, c, weight);
    }
  }
  addReferredNames(ctx, entityDimension);
  settleValues(ctx.model.dimensions);
}

/**
 * A file whose rows are one entity known only by a text code ("customerID" 7590-VHVEG): the code
 * is how the entity is told apart, so "top 5 customers by total charges" lists the codes.
 */
function keyLabel(ctx: TIntrospectContext, info: TTableInfo): TEntityLabel | null {
  const standalone =
    info.foreignKeys.length === 0 &&
    !ctx.infos.some((o) => o.foreignKeys.some((fk) => fk.refTable === info.table.name));
  const key =
    info.primaryKey.length === 1 ? info.table.columns.find((c) => c.name === info.primaryKey[0]) : null;
  return standalone && key?.kind === 'text' && words(key.name).startsWith(`${info.entity} `)
    ? { column: key }
    : null;
}

function push(ctx: TIntrospectContext, dim: TDimension, labels: string[]): void {
  ctx.model.dimensions.push(dim);
  ctx.labelChoices.set(`dimension:${dim.name}`, labels);
}

/** The table's naming column is its entity: "Category", "Film". */
function addEntity(
  ctx: TIntrospectContext,
  info: TTableInfo,
  naming: TEntityLabel,
  weight: number,
): TDimension {
  const t = info.table;
  const entity = info.entity;
  const base = naming.concat ? 'name' : words(naming.column.name);
  const { concat } = naming;
  const key = entityKey(info, naming);
  const dim: TDimension = {
    name: `${t.name}.${naming.column.name}`,
    label: '',
    synonyms: [],
    sources: [
      { table: t.name, column: naming.column.name, ...(concat ? { concat } : {}), ...(key ? { key } : {}) },
    ],
    values: concat ? [] : cleanValues(naming.column.values),
  };
  const labels = [title(entity), title(base.includes(entity) ? base : `${entity} ${base}`)];
  push(ctx, dim, labels);
  offer(ctx, 'dimension', dim.name, weight, [
    ...labels.map((phrase) => ({ phrase, tier: 0 })),
    { phrase: plural(entity), tier: 0 },
    { phrase: `${entity} name`, tier: 0 },
    ...(base === 'name' || base === entity ? [] : [{ phrase: base, tier: 1 }]),
    ...synonymsFor(plural(entity))
      .filter((s) => !ctx.tableNames.has(phraseKey(s)))
      .map((phrase) => ({ phrase, tier: 1 })),
    ...synonymsFor(entity).map((phrase) => ({ phrase, tier: 1 })),
  ]);
  return dim;
}

/**
 * The table's key where its label may repeat (people's names, a label with fewer distinct values
 * than rows): grouping by it keeps two rows of one name apart.
 */
function entityKey(info: TTableInfo, naming: TEntityLabel): string | null {
  if (info.primaryKey.length !== 1 || info.primaryKey[0] === naming.column.name) return null;
  const distinct = naming.column.distinctCount;
  const unique = !naming.concat && distinct !== null && distinct >= info.rows;
  return unique ? null : info.primaryKey[0];
}

/** Short text, with its values when few; a column already seen in another table adds a source. */
function addText(
  ctx: TIntrospectContext,
  info: TTableInfo,
  c: TIntrospectedColumn,
  weight: number,
  byColumn: Map<string, TDimension>,
  entities: string[],
): void {
  const t = info.table;
  // A question ("Which plan are you on?") is named by its short names ("plan").
  const sentence = isSentence(c.name);
  const more = sentence ? sentenceSynonyms(c.name) : [];
  // A question too long for a short name is named by its other ways ("mental health benefits").
  const named = sentence ? sentenceNames(c.name) : [];
  const said = named.length > 0 || more.length === 0 ? named : [more.at(-1)!];
  const base = said[0] ?? words(c.name);
  // "Customer Segment" in a flat export is said "segment" too.
  const owner = entities.find((e) => base.startsWith(`${e} `));
  const bare = owner ? [{ phrase: base.slice(owner.length + 1), tier: 1 }] : [];
  if (NOT_DIMENSION.test(base) || NAME_PART.test(base) || isFreeText(c)) return;
  if (/( |^)name$/.test(base) && !c.values) return;
  const existing = byColumn.get(words(c.name));
  if (existing) {
    existing.sources.push({ table: t.name, column: c.name });
    for (const v of cleanValues(c.values)) if (!existing.values.includes(v)) existing.values.push(v);
    bumpWeight(ctx, 'dimension', existing.name, weight);
    return;
  }
  const dim: TDimension = {
    name: `${t.name}.${c.name}`,
    label: '',
    synonyms: [],
    sources: [{ table: t.name, column: c.name }],
    values: cleanValues(c.values),
  };
  byColumn.set(words(c.name), dim);
  push(ctx, dim, [
    ...said.map(title),
    title(base),
    title(qualify(info.entity, base)),
    ...(said.length > 0 ? [c.name] : []),
  ]);
  offer(ctx, 'dimension', dim.name, weight, [
    ...said.map((phrase) => ({ phrase, tier: 0 })),
    { phrase: base, tier: 0 },
    { phrase: plural(base), tier: 0 },
    { phrase: qualify(info.entity, base), tier: 0 },
    ...bare,
    ...synonymsFor(base).map((phrase) => ({ phrase, tier: 1 })),
    ...more.map((phrase) => ({ phrase, tier: 1 })),
  ]);
}

/** "discontinued products", "active customers": the flag's word is its true value. */
function addFlag(ctx: TIntrospectContext, info: TTableInfo, c: TIntrospectedColumn, weight: number): void {
  const t = info.table;
  const word = flagWord(c);
  if (c.kind === 'integer' && t.columns.some((x) => x.kind === 'boolean' && flagWord(x) === word)) return;
  const [yes, no] = yesNoValues(c);
  const dim = yesNoDimension(t.name, c, {
    [word]: yes,
    ...(OPPOSITES[word] ? { [OPPOSITES[word]]: no } : {}),
  });
  push(ctx, dim, [title(`is ${word}`), title(`${info.entity} is ${word}`)]);
  offer(ctx, 'dimension', dim.name, weight, [{ phrase: `is ${word}`, tier: 0 }]);
}

/** Whole numbers of few values ("tenure" in months, "quantity" 1–5): grouped by their values. */
const FEW_VALUES = 100;

/**
 * Few values, and some shared by several rows: a small summary table's amounts are all distinct,
 * and grouping by them would only repeat its rows.
 */
const isFew = (c: TIntrospectedColumn, rows: number): boolean =>
  c.kind === 'integer' &&
  c.distinctCount !== null &&
  c.distinctCount > 2 &&
  c.distinctCount <= FEW_VALUES &&
  !isAllDistinct(c, rows);

/**
 * A year-like number ("films by release year"), or a whole number whose source counted few
 * values ("customers by tenure"); other numbers are not grouped by.
 */
function addYear(ctx: TIntrospectContext, info: TTableInfo, c: TIntrospectedColumn, weight: number): void {
  const base = fieldWords(c.name);
  const few = isFew(c, info.rows);
  if (!(isNumeric(c) && ((YEAR_LIKE.test(base) && !/\b(years|age)\b/.test(base)) || few))) return;
  const t = info.table;
  const dim: TDimension = {
    name: `${t.name}.${c.name}`,
    label: '',
    synonyms: [],
    sources: [{ table: t.name, column: c.name }],
    values: [],
  };
  push(ctx, dim, [title(base), title(qualify(info.entity, base))]);
  offer(ctx, 'dimension', dim.name, weight, [
    { phrase: base, tier: 0 },
    { phrase: qualify(info.entity, base), tier: 0 },
  ]);
}

/** "film category", "product category": the entity as named from the tables that refer to it. */
function addReferredNames(ctx: TIntrospectContext, entityDimension: Map<string, TDimension>): void {
  const { infos } = ctx;
  for (const info of infos) {
    for (const fk of info.foreignKeys) {
      const dim = entityDimension.get(fk.refTable);
      const target = ctx.infoOf.get(fk.refTable)!;
      if (!dim) continue;
      const from = info.bridge
        ? infos.find((x) => x !== target && info.foreignKeys.some((k) => k.refTable === x.table.name))
        : info;
      if (!from) continue;
      const weight = Math.max(1, ctx.reachWeight.get(fk.refTable) ?? 0);
      const prefix = from.entity;
      if (prefix.includes(' ') || target.entity.startsWith(`${prefix} `) || target.entity === prefix)
        continue;
      offer(ctx, 'dimension', dim.name, weight, [
        { phrase: `${prefix} ${target.entity}`, tier: 1 },
        { phrase: `${prefix} ${plural(target.entity)}`, tier: 1 },
      ]);
    }
  }
}

/** Values are indexed once: a prefixed copy leaves them to its dimension, everyday words are not. */
function settleValues(dimensions: TDimension[]): void {
  // A prefixed copy of a dimension ("ship country" beside "country") leaves its values to it.
  for (const d of dimensions) {
    const w = words(d.sources[0].column);
    for (const other of dimensions) {
      if (other === d) continue;
      const ow = words(other.sources[0].column);
      if (w.endsWith(` ${ow}`) && other.values.length > 0) {
        const theirs = new Set(other.values.map((v) => v.toLowerCase()));
        d.values = d.values.filter((v) => !theirs.has(v.toLowerCase()));
      }
    }
  }
  // A value said in many ways or everyday words is not indexed.
  for (const d of dimensions) d.values = d.values.filter((v) => !COMMON_WORDS.has(v.trim().toLowerCase()));
}
