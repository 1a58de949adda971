/**
 * Joins step: references a schema did not declare, inferred from names (a column named like
 * another table's key, or ending in it, refers to it); a link table of two references becomes a
 * bridge (many-to-many). Joins follow the references in column order, and bridges both ways into
 * the link table; a table of references and dates (memberships over time) is crossed the same way.
 * Text inside a composite key (a title, a role) is data, not a key. Each table is then weighed by
 * the rows of the tables that reach it.
 */
import type { TIntrospectedColumn, TIntrospectedForeignKey } from '../introspection';
import type { TModelJoin } from '../semantic-model';
import { isAudit } from './columns';
import type { TIntrospectContext, TTableInfo } from './context';
import { inferMarkerReferences } from './markers';
import { addRoleBridges } from './roles';
import { flat, plural, words } from './text';

/** Infers references, marks link tables, notes each table's key columns and adds the joins. */
export function addJoins(ctx: TIntrospectContext): void {
  const { infos } = ctx;
  for (const info of infos) info.foreignKeys.push(...inferForeignKeys(info, infos));
  inferMarkerReferences(infos);
  markBridges(infos);
  ctx.keyColumns = new Map(infos.map((i) => [i.table.name, keyColumnsOf(i)]));
  for (const info of infos) {
    const position = (fk: TIntrospectedForeignKey): number =>
      info.table.columns.findIndex((c) => c.name === fk.columns[0]);
    for (const fk of [...info.foreignKeys].sort((a, b) => position(a) - position(b))) {
      if (fk.refTable === info.table.name) continue;
      ctx.model.joins.push({
        from: info.table.name,
        fromColumns: fk.columns,
        to: fk.refTable,
        toColumns: fk.refColumns,
      });
    }
  }
  for (const info of infos.filter((i) => i.bridge)) {
    for (const fk of info.foreignKeys) {
      const join: TModelJoin = {
        from: fk.refTable,
        fromColumns: fk.refColumns,
        to: info.table.name,
        toColumns: fk.columns,
        bridge: true,
      };
      ctx.model.joins.push(join);
    }
  }
  addCrossings(ctx);
  addRoleBridges(ctx);
}

/** Surrogate identifiers by name (`…_id`, `…_no`, `checkNumber`, `checknumber`): keys wherever they are. */
const IDENTIFIER =
  /(^| )(id|key|uuid|guid|no|nr|num|nbr|number|identifier|ref)$|...(id|no|number|identifier)$/;

/**
 * Text inside a composite key that refers to nothing and repeats across rows (a title, a role,
 * a code): data, not a key. One value per row (a check number) is an identifier whatever its name.
 */
function isKeyData(info: TTableInfo, c: TIntrospectedColumn): boolean {
  const unique = c.distinctCount !== null && info.rows > 20 && c.distinctCount > info.rows / 2;
  return (
    info.primaryKey.length > 1 &&
    info.primaryKey.includes(c.name) &&
    c.kind === 'text' &&
    !unique &&
    !IDENTIFIER.test(words(c.name)) &&
    !info.foreignKeys.some((fk) => fk.columns.includes(c.name))
  );
}

/** A table's key and reference columns, but for text that is data inside a composite key. */
function keyColumnsOf(info: TTableInfo): Set<string> {
  const keyData = new Set(info.table.columns.filter((c) => isKeyData(info, c)).map((c) => c.name));
  return new Set(
    [...info.primaryKey, ...info.foreignKeys.flatMap((fk) => fk.columns)].filter((c) => !keyData.has(c)),
  );
}

/**
 * A table of references, dates and key text only (memberships with from/to dates, a person's
 * titles over time) is crossed from the tables it refers to, as a link table is: "headcount by
 * department", "employees by title". Bigger tables first, so the main membership wins a tie.
 */
function addCrossings(ctx: TIntrospectContext): void {
  const crossed = ctx.infos.filter((info) => isCrossable(ctx.infos, info)).sort((a, b) => b.rows - a.rows);
  for (const info of crossed)
    for (const fk of info.foreignKeys)
      ctx.model.joins.push({
        from: fk.refTable,
        fromColumns: fk.refColumns,
        to: info.table.name,
        toColumns: fk.columns,
        bridge: true,
      });
}

function isCrossable(infos: TTableInfo[], info: TTableInfo): boolean {
  if (info.bridge || info.foreignKeys.length === 0) return false;
  if (info.foreignKeys.some((fk) => fk.refTable === info.table.name)) return false;
  if (infos.some((o) => o.foreignKeys.some((fk) => fk.refTable === info.table.name))) return false;
  const refs = new Set(info.foreignKeys.flatMap((fk) => fk.columns));
  // The key is made of the references (and key text or dates): no row identity of its own.
  if (info.primaryKey.length > 0 && !info.primaryKey.some((k) => refs.has(k))) return false;
  return info.table.columns.every(
    (c) => refs.has(c.name) || c.kind === 'date' || c.kind === 'timestamp' || isKeyData(info, c),
  );
}

/** Two references and nothing else (at most a key of its own), and never referred to. */
function markBridges(infos: TTableInfo[]): void {
  for (const info of infos) {
    const fkColumns = new Set(info.foreignKeys.flatMap((fk) => fk.columns));
    const rest = info.table.columns.filter((c) => !fkColumns.has(c.name) && !isAudit(c));
    const targets = new Set(info.foreignKeys.map((fk) => fk.refTable));
    info.bridge =
      targets.size === 2 &&
      info.foreignKeys.length === 2 &&
      rest.every((c) => info.primaryKey.includes(c.name) && c.kind !== 'text');
  }
  for (const info of infos) {
    if (infos.some((other) => other.foreignKeys.some((fk) => fk.refTable === info.table.name)))
      info.bridge = false;
  }
}

/** How much a table's fields matter: the rows of the tables that reach it. */
export function weighTables(ctx: TIntrospectContext): void {
  const { infos, reachWeight } = ctx;
  const parents = new Map<string, string[]>();
  for (const j of ctx.model.joins) if (!j.bridge) parents.set(j.from, [...(parents.get(j.from) ?? []), j.to]);
  for (const info of infos) reachWeight.set(info.table.name, 0);
  for (const info of infos) {
    if (info.bridge) continue;
    const reached = new Set([info.table.name]);
    const queue = [info.table.name];
    while (queue.length > 0)
      for (const next of parents.get(queue.shift()!) ?? [])
        if (!reached.has(next)) {
          reached.add(next);
          queue.push(next);
        }
    for (const t of reached) reachWeight.set(t, (reachWeight.get(t) ?? 0) + Math.max(1, info.rows));
  }
}

function compatible(a: TIntrospectedColumn, b: TIntrospectedColumn): boolean {
  const group = (c: TIntrospectedColumn): string =>
    c.kind === 'integer' || c.kind === 'decimal' ? 'number' : c.kind === 'text' ? 'text' : c.kind;
  return group(a) === group(b) || a.kind === 'other' || b.kind === 'other';
}

/** Foreign keys a schema did not declare, from names: `customer_id` → the table keyed by it. */
function inferForeignKeys(info: TTableInfo, all: TTableInfo[]): TIntrospectedForeignKey[] {
  const t = info.table;
  const declared = new Set(info.foreignKeys.flatMap((fk) => fk.columns));
  const out: TIntrospectedForeignKey[] = [];
  for (const c of t.columns) {
    if (declared.has(c.name) || (info.primaryKey.length === 1 && info.primaryKey[0] === c.name)) continue;
    if (!(c.kind === 'integer' || c.kind === 'text' || c.kind === 'other')) continue;
    const f = flat(c.name);
    let target: { table: TTableInfo; column: string } | null = null;
    for (const other of all) {
      if (other === info || other.primaryKey.length !== 1) continue;
      const pk = other.primaryKey[0];
      const pkColumn = other.table.columns.find((x) => x.name === pk);
      if (!pkColumn || !compatible(c, pkColumn)) continue;
      const fpk = flat(pk);
      const entityKeys = [other.entity, plural(other.entity), words(other.table.name)].map(
        (e) => `${flat(e)}id`,
      );
      const match =
        (fpk !== 'id' && (f === fpk || (f.endsWith(fpk) && words(c.name).endsWith(words(pk))))) ||
        (fpk === 'id' && entityKeys.includes(f));
      if (match && (!target || flat(target.column).length < fpk.length))
        target = { table: other, column: pk };
    }
    if (target)
      out.push({ columns: [c.name], refTable: target.table.table.name, refColumns: [target.column] });
  }
  return out;
}
