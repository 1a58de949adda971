/**
 * Subtype ("marker") tables: a table whose only columns are a key into another
 * table marks those rows as a kind — premiums among policy amounts, loss payments among claim
 * amounts. The parent's amounts, filtered to the marked rows (an EXISTS condition), are the
 * kind's measures: "total premium" is the premium amount, and the marker rows only a count.
 */
import type { TIntrospectedColumn, TIntrospectedForeignKey } from '../introspection';
import type { TAggregateMeasure, TMeasureFormat, TModelExpr } from '../semantic-model';
import { isAudit } from './columns';
import { addMeasure, type TIntrospectContext, type TTableInfo } from './context';
import { flat, plural, title, words } from './text';
import { ownTime } from './time';

const sameSet = (a: string[], b: string[]): boolean => a.length === b.length && a.every((x) => b.includes(x));
const ownColumns = (info: TTableInfo): TIntrospectedColumn[] => info.table.columns.filter((c) => !isAudit(c));

/**
 * A table of nothing but its key, named as another table's key, refers to it even where no
 * reference is declared (a file or a warehouse): `premium(policy_amount_id)` → policy_amount.
 */
export function inferMarkerReferences(infos: TTableInfo[]): void {
  for (const info of infos) {
    const own = ownColumns(info);
    if (
      info.foreignKeys.length > 0 ||
      own.length === 0 ||
      !sameSet(
        own.map((c) => c.name),
        info.primaryKey,
      )
    )
      continue;
    const key = info.primaryKey.map(flat);
    const parent = infos.find(
      (o) =>
        o !== info &&
        o.primaryKey.length === key.length &&
        sameSet(o.primaryKey.map(flat), key) &&
        ownColumns(o).length > own.length,
    );
    if (!parent) continue;
    const refColumns = info.primaryKey.map((k) => parent.primaryKey.find((p) => flat(p) === flat(k))!);
    info.foreignKeys.push({ columns: [...info.primaryKey], refTable: parent.table.name, refColumns });
  }
}

/** The table a marker table marks rows of, and the reference to it; null for any other table. */
export function findMarked(
  ctx: TIntrospectContext,
  info: TTableInfo,
): { parent: TTableInfo; fk: TIntrospectedForeignKey } | null {
  if (info.bridge || info.foreignKeys.length !== 1) return null;
  const fk = info.foreignKeys[0];
  const parent = ctx.infoOf.get(fk.refTable);
  if (!parent || parent === info || parent.bridge) return null;
  const own = ownColumns(info);
  const covered = own.length > 0 && own.every((c) => fk.columns.includes(c.name));
  return covered && sameSet(fk.refColumns, parent.primaryKey) ? { parent, fk } : null;
}

/**
 * The parent's measure columns over the marked rows: "Premium Amount" (its sum, which the bare
 * "premium(s)" and "total premium" name when it is the only one) and its average.
 */
export function addMarkedMeasures(
  ctx: TIntrospectContext,
  info: TTableInfo,
  marked: { parent: TTableInfo; fk: TIntrospectedForeignKey },
  columns: { column: TIntrospectedColumn; expr: TModelExpr; averageOnly: boolean; format: TMeasureFormat }[],
): void {
  const { parent, fk } = marked;
  const kind = info.entity;
  const many = plural(kind);
  const time = ownTime(ctx, parent.table.name);
  const weight = Math.max(1, info.rows) * 2;
  const exists = { table: info.table.name, columns: fk.columns, refColumns: fk.refColumns };
  for (const { column, expr, averageOnly, format } of columns) {
    const base = words(column.name);
    const rest = base.startsWith(`${parent.entity} `) ? base.slice(parent.entity.length + 1) : base;
    const what = kind.endsWith(rest) ? kind : `${kind} ${rest}`;
    const bare = columns.length === 1;
    const measure = (agg: 'sum' | 'avg'): TAggregateMeasure => ({
      kind: 'aggregate',
      name: `${info.table.name}.${column.name}.${agg}`,
      label: '',
      synonyms: [],
      format,
      table: parent.table.name,
      agg,
      expr,
      exists,
      time,
    });
    if (!averageOnly)
      addMeasure(
        ctx,
        measure('sum'),
        weight,
        [title(what), title(`total ${what}`)],
        [
          `total ${what}`,
          `sum of ${what}`,
          what,
          ...(bare ? [kind, many, `total ${kind}`, `total ${many}`, `${kind} total`, `sum of ${many}`] : []),
        ],
        [],
      );
    addMeasure(
      ctx,
      measure('avg'),
      weight,
      [title(`average ${what}`)],
      [`avg ${what}`, `mean ${what}`, ...(bare ? [`average ${kind}`, `avg ${kind}`, `mean ${kind}`] : [])],
      [],
    );
  }
}
