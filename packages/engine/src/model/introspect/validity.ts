/**
 * Validity periods: a table whose rows are versions of something — the same
 * entity key repeated, each row holding from one date to another (valid_from/valid_to,
 * effective/expiration, from_date/to_date, start/end) — holds history. Its measures read the rows
 * valid on one day (the compiler's valid-at condition), never every historical row, and the
 * versioned entity gets a count of its own ("staff", "headcount") read the same way.
 *
 * Told from a duration (ordered → shipped, created → resolved: an event and its end, durations.ts)
 * by the words and by the rows: the from date's words say "from", "valid", "effective" or
 * "start", and the entity repeats — its reference shares the key with the from date, or the
 * sampled distinct count says so. A start/end pair on a table keyed by its own id is a duration.
 */
import type { TIntrospectedColumn } from '../introspection';
import { isAudit, isTime } from './columns';
import { addMeasure, type TIntrospectContext, type TTableInfo, type TValidityRead } from './context';
import { plural, synonymsFor, title, words } from './text';

/** Words that open a validity period, and words that close one. */
const FROM = /^(from|valid|effective|eff|start|starting|started|begin|begins|since|active)$/;
const TO = /^(to|until|till|thru|through|expiration|expiry|expires|expired|expire|end|ends|ended|exp)$/;
/** Words only a validity period uses: with them, a surrogate key does not make it a duration. */
const STRONG =
  /\b(valid|effective|eff|expiration|expiry|expires|expired|exp|until|thru)\b|^(from|to)\b|\b(from|to)$/;

/** A date column's words ("valid from" for valid_from, "effective date" for EffectiveDate). */
const wordsOf = (c: TIntrospectedColumn): string[] => words(c.name).split(' ').filter(Boolean);
const opens = (c: TIntrospectedColumn): boolean => wordsOf(c).some((w) => FROM.test(w)) && !closes(c);
const closes = (c: TIntrospectedColumn): boolean => wordsOf(c).some((w) => TO.test(w));

/** Reads every table's validity period into the context (before measures are added). */
export function readValidity(ctx: TIntrospectContext): void {
  for (const info of ctx.infos) {
    if (info.bridge) continue;
    const read = findValidity(info);
    if (read) ctx.validity.set(info.table.name, read);
  }
}

/** A table's validity period: a from and a to date, and rows that are versions of an entity. */
export function findValidity(info: TTableInfo): TValidityRead | null {
  const dates = info.table.columns.filter((c) => isTime(c) && !isAudit(c));
  const from = dates.find(opens);
  const to = dates.find((c) => c !== from && closes(c));
  if (!from || !to) return null;
  const strong = STRONG.test(words(from.name)) || STRONG.test(words(to.name));
  const entity = versionedEntity(info, from, strong);
  const ownKey =
    info.primaryKey.length === 1 && !info.foreignKeys.some((fk) => fk.columns.includes(info.primaryKey[0]));
  // A start and an end on rows keyed by their own id are one event with a duration.
  if (!entity || (ownKey && !strong)) return null;
  return {
    validity: {
      table: info.table.name,
      from: from.name,
      to: to.name,
      dataType: from.kind === 'date' && to.kind === 'date' ? 'date' : 'timestamp',
    },
    entity: entity.refTable ? { column: entity.column, refTable: entity.refTable } : null,
  };
}

/**
 * The reference whose rows repeat: in the key beside the from date, else one whose sampled
 * distinct values are fewer than the rows. Sampled values that are all distinct say no.
 */
function versionedEntity(
  info: TTableInfo,
  from: TIntrospectedColumn,
  strong: boolean,
): { column: string; refTable: string | null } | null {
  const refs = info.foreignKeys.filter((fk) => fk.columns.length === 1);
  const named = info.table.columns.filter(
    (c) => /( |^)(id|no|number|key|code)$/.test(words(c.name)) && !info.primaryKey.every((k) => k === c.name),
  );
  const candidates = [
    ...refs.map((fk) => ({ column: fk.columns[0], refTable: fk.refTable as string | null })),
    ...named
      .filter((c) => !refs.some((fk) => fk.columns[0] === c.name))
      .map((c) => ({ column: c.name, refTable: null })),
  ];
  const repeats = (column: string): boolean | null => {
    const c = info.table.columns.find((x) => x.name === column)!;
    if (c.distinctCount === null || info.rows < 20) return null;
    return c.distinctCount < info.rows * 0.9;
  };
  // A key of the entity and the from date, or of the entity and another reference, with from/to names.
  const keyed = candidates.find(
    (x) =>
      info.primaryKey.includes(x.column) &&
      info.primaryKey.length > 1 &&
      (info.primaryKey.includes(from.name) || strong) &&
      repeats(x.column) !== false,
  );
  const repeated = candidates.find((x) => repeats(x.column) === true);
  // Unsampled rows: valid_from/valid_to names and a declared reference say it alone.
  const byName = strong ? candidates.find((x) => x.refTable && repeats(x.column) === null) : undefined;
  return keyed ?? repeated ?? byName ?? null;
}

/** Marks every measure of a history table with its validity period (after the measures step). */
export function markValidity(ctx: TIntrospectContext): void {
  for (const m of ctx.model.measures) {
    if (m.kind !== 'aggregate') continue;
    const read = ctx.validity.get(m.table);
    if (read) m.validity = read.validity;
  }
  // The entity table's own count keeps every row ever kept: it is "all staff", not "staff".
  for (const read of ctx.validity.values()) {
    const target = read.entity && ctx.infoOf.get(read.entity.refTable);
    if (!target || !ctx.labelChoices.has(`measure:${target.table.name}.count`)) continue;
    const many = plural(target.entity);
    ctx.labelChoices.set(`measure:${target.table.name}.count`, [
      title(`all ${many}`),
      title(`number of all ${many}`),
    ]);
  }
}

/**
 * "Staff", "headcount", "how many staff": the versioned entity counted among the rows valid on
 * the reading day. It outweighs the entity table's own count, which counts every row ever kept.
 */
export function addValidCount(ctx: TIntrospectContext, info: TTableInfo, time: string | null): void {
  const read = ctx.validity.get(info.table.name);
  if (!read?.entity) return;
  const target = ctx.infoOf.get(read.entity.refTable);
  if (!target) return;
  const many = plural(target.entity);
  const weight = Math.max(info.rows, target.rows) + 1;
  addMeasure(
    ctx,
    {
      kind: 'aggregate',
      name: `${info.table.name}.${read.entity.column}.valid_count`,
      label: '',
      synonyms: [],
      format: 'number',
      table: info.table.name,
      agg: 'count_distinct',
      expr: { table: info.table.name, col: read.entity.column },
      time,
    },
    weight,
    [title(many), title(`${many} with ${plural(info.entity)}`)],
    [`number of ${many}`, `how many ${many}`, `${target.entity} count`, `${many} count`, `count of ${many}`],
    synonymsFor(many),
  );
}
