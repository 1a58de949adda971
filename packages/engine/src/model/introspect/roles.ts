/**
 * Roles: the part an entity plays for another.
 *
 * - A reference named for a role (`customers.sales_rep_employee_number` → employees) is the
 *   employee *as sales rep*: a "Sales Rep" dimension, the employee's label reached only through
 *   that reference.
 * - A link table between two entities that carries a role code (lease ↔ party with a role, often
 *   described by a lookup table: TEN → "Tenant") yields one dimension per role: the party's label
 *   over the link rows of that role ("rent by tenant", "leases by agent"), named by the lookup's
 *   description when the schema has one, else by the code itself.
 */
import type { TIntrospectedColumn, TIntrospectedForeignKey } from '../introspection';
import type { TDimension, TDimensionSource } from '../semantic-model';
import { isAudit, isTime } from './columns';
import { addMeasure, offer, type TIntrospectContext, type TTableInfo } from './context';
import { findEntityLabel } from './entities';
import { phraseKey, plural, title, words } from './text';
import { PARTICIPLES } from './vocabulary';

/** A column naming the part a row's party plays: "role_code", "party_role_cd", "relationship type". */
const ROLE =
  /(^| )(role|roles|relation|relationship|capacity|involvement)( type)?( code| cd| id| key| name)?$/;
/** The identifier words a reference ends with. */
const ID_WORD = / (id|key|number|no|nr|num|nbr|code|ref|uuid|guid|identifier)$/;
/** Words that make a reference a verb or a relation, not a role: "reports to", "created by", "ship via". */
const NOT_ROLE = /(^| )(to|by|via|from|for|of|with|at|on)$|^(is|has|can|parent|child|previous|next|related) /;
/** More role values than this are not roles but a list. */
const MAX_ROLES = 12;

export interface TRoleLink {
  link: TTableInfo;
  /** The two entities the link table relates. */
  ends: [TIntrospectedForeignKey, TIntrospectedForeignKey];
  /** The role column, and the lookup table it refers to, if any. */
  role: TIntrospectedColumn;
  lookup: TIntrospectedForeignKey | null;
}

/** Link tables of two entities and a role column, and nothing else but dates and their own key. */
export function findRoleLinks(ctx: TIntrospectContext): TRoleLink[] {
  const out: TRoleLink[] = [];
  for (const info of ctx.infos) {
    // The role column: a reference to a lookup first, never the link's own key.
    const roles = info.table.columns.filter(
      (c) => ROLE.test(words(c.name)) && !(info.primaryKey.length === 1 && info.primaryKey[0] === c.name),
    );
    const role =
      roles.find((c) => info.foreignKeys.some((fk) => fk.columns.length === 1 && fk.columns[0] === c.name)) ??
      roles[0];
    if (!role || ctx.infos.some((o) => o.foreignKeys.some((fk) => fk.refTable === info.table.name))) continue;
    const lookup =
      info.foreignKeys.find((fk) => fk.columns.length === 1 && fk.columns[0] === role.name) ?? null;
    const ends = info.foreignKeys.filter((fk) => fk !== lookup && fk.refTable !== info.table.name);
    if (ends.length !== 2 || ends[0].refTable === ends[1].refTable) continue;
    const used = new Set([role.name, ...ends.flatMap((fk) => fk.columns)]);
    const rest = info.table.columns.filter((c) => !used.has(c.name));
    const plain = rest.every(
      (c) =>
        isTime(c) ||
        isAudit(c) ||
        c.kind === 'boolean' ||
        (info.primaryKey.includes(c.name) && c.kind !== 'text'),
    );
    if (plain) out.push({ link: info, ends: [ends[0], ends[1]], role, lookup });
  }
  return out;
}

/** Both entities of a role link reach its rows (a many-to-many crossing), unless already crossed. */
export function addRoleBridges(ctx: TIntrospectContext): void {
  for (const { link, ends } of findRoleLinks(ctx))
    for (const fk of ends) {
      const crossed = ctx.model.joins.some(
        (j) => j.bridge && j.from === fk.refTable && j.to === link.table.name,
      );
      if (!crossed)
        ctx.model.joins.push({
          from: fk.refTable,
          fromColumns: fk.refColumns,
          to: link.table.name,
          toColumns: fk.columns,
          bridge: true,
        });
    }
}

/** Adds the role dimensions of role-named references and of role links, and who took part in events. */
export function addRoles(ctx: TIntrospectContext): void {
  const links = findRoleLinks(ctx);
  const tables = tableWords(ctx);
  for (const info of ctx.infos)
    if (!info.bridge && !links.some((l) => l.link === info)) addReferenceRoles(ctx, info, tables);
  for (const link of links) addLinkRoles(ctx, link);
  for (const info of ctx.infos) if (!info.bridge) addParticipants(ctx, info);
}

/**
 * "customers who ordered last month": the distinct entities an event table refers to, dated by
 * the event (not by the entity's own dates, such as a customer's first order).
 */
function addParticipants(ctx: TIntrospectContext, info: TTableInfo): void {
  const time = ctx.defaultTime.get(info.table.name);
  const event = time ? info.table.columns.find((c) => `${info.table.name}.${c.name}` === time) : undefined;
  const verb = event
    ? words(event.name)
        .split(' ')
        .map((w) => PARTICIPLES[w])
        .find(Boolean)
    : undefined;
  if (!time || !verb) return;
  for (const fk of info.foreignKeys) {
    const target = ctx.infoOf.get(fk.refTable);
    if (!target || target === info || fk.columns.length !== 1 || !entityDimension(ctx, target)) continue;
    const many = plural(target.entity);
    addMeasure(
      ctx,
      {
        kind: 'aggregate',
        name: `${info.table.name}.${fk.columns[0]}.count_distinct`,
        label: '',
        synonyms: [],
        format: 'number',
        table: info.table.name,
        agg: 'count_distinct',
        expr: { table: info.table.name, col: fk.columns[0] },
        time,
      },
      Math.max(1, info.rows),
      [title(`${many} who ${verb}`), title(`${many} with ${plural(info.entity)}`)],
      [
        `${many} who ${verb}`,
        `${many} that ${verb}`,
        `number of ${many} who ${verb}`,
        `${many} with ${plural(info.entity)}`,
      ],
      [],
    );
  }
}

/** The dimension naming a table's rows (its entity label), if it has one. */
function entityDimension(ctx: TIntrospectContext, info: TTableInfo): TDimension | null {
  const label = findEntityLabel(ctx, info, ctx.keyColumns.get(info.table.name) ?? new Set());
  if (!label) return null;
  return ctx.model.dimensions.find((d) => d.name === `${info.table.name}.${label.column.name}`) ?? null;
}

/** "sales rep employee number" → employees: "sales rep"; null where the reference names no role. */
export function roleOfReference(column: string, target: TTableInfo, from: TTableInfo): string | null {
  const base = words(column);
  const w = base.replace(ID_WORD, '');
  const entity = target.entity;
  const last = entity.split(' ').at(-1)!;
  const role = w.endsWith(` ${entity}`)
    ? w.slice(0, -entity.length - 1)
    : w.endsWith(` ${last}`)
      ? w.slice(0, -last.length - 1)
      : w;
  // A reference that names neither an identifier nor its target is no role ("manager" may be text).
  if (!role || (role === w && w === base)) return null;
  const plain = [entity, last, words(target.table.name), from.entity, base];
  if (plain.includes(role) || NOT_ROLE.test(role) || role.split(' ').length > 3) return null;
  return role;
}

/** The phrase keys of the tables' names and entities: a role naming one ("party" of "party role code") is that table. */
const tableWords = (ctx: TIntrospectContext): Set<string> =>
  new Set([...ctx.tableNames, ...ctx.infos.map((i) => phraseKey(i.entity))]);

function addReferenceRoles(ctx: TIntrospectContext, info: TTableInfo, tables: Set<string>): void {
  for (const fk of info.foreignKeys) {
    const target = ctx.infoOf.get(fk.refTable);
    if (!target || target === info || fk.columns.length !== 1) continue;
    const found = roleOfReference(fk.columns[0], target, info);
    const role = found && !tables.has(phraseKey(found)) ? found : null;
    const entity = role ? entityDimension(ctx, target) : null;
    if (!role || !entity) continue;
    const via = { table: info.table.name, columns: fk.columns };
    const sources = entity.sources.filter((s) => s.table === target.table.name).map((s) => ({ ...s, via }));
    addRoleDimension(ctx, `${info.table.name}.${fk.columns[0]}`, role, sources, undefined, info);
  }
}

function addLinkRoles(ctx: TIntrospectContext, { link, ends, role, lookup }: TRoleLink): void {
  const [a, b] = ends.map((fk) => ctx.infoOf.get(fk.refTable)!);
  // The party is the end without an event date of its own (a person, not an agreement).
  const dated = [a, b].map((x) => ctx.defaultTime.has(x.table.name));
  if (dated[0] === dated[1]) return;
  const [owner, party] = dated[0] ? [a, b] : [b, a];
  const entity = entityDimension(ctx, party);
  if (!entity) return;
  const lookupInfo = lookup ? ctx.infoOf.get(lookup.refTable) : undefined;
  const described = lookupInfo ? entityDimension(ctx, lookupInfo) : null;
  const column = described ? described.sources[0] : { table: link.table.name, column: role.name };
  const values = described ? described.values : (role.values ?? []).filter((v) => v.trim() !== '');
  if (values.length === 0 || values.length > MAX_ROLES) return;
  const sources = entity.sources.filter((s) => s.table === party.table.name);
  for (const value of values) {
    const said = words(value);
    if (!said) continue;
    const where = [{ table: column.table, column: column.column, values: [value] }];
    addRoleDimension(ctx, `${link.table.name}.${role.name}.${value}`, said, sources, where, owner);
  }
}

function addRoleDimension(
  ctx: TIntrospectContext,
  name: string,
  role: string,
  sources: TDimensionSource[],
  where: TDimension['where'],
  from: TTableInfo,
): void {
  if (sources.length === 0 || ctx.model.dimensions.some((d) => d.name === name)) return;
  const dim: TDimension = { name, label: '', synonyms: [], sources, values: [], ...(where ? { where } : {}) };
  const labels = [title(role), title(`${role} name`)];
  ctx.model.dimensions.push(dim);
  ctx.labelChoices.set(`dimension:${name}`, labels);
  const weight = Math.max(1, ctx.reachWeight.get(from.table.name) ?? 0);
  offer(ctx, 'dimension', name, weight, [
    { phrase: role, tier: 0 },
    { phrase: plural(role), tier: 0 },
    { phrase: `${role} name`, tier: 0 },
  ]);
}
