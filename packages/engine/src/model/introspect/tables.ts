/**
 * Tables step: partitions (a table named after another, with the same columns) fold into their
 * parent, their rows and keys added to it; views of a schema that declares keys are left out.
 */
import type { TIntrospectedTable, TIntrospection } from '../introspection';

/** The tables a model is made of, partitions folded, with their rows (partitions included). */
export function readTables(introspection: TIntrospection): {
  tables: TIntrospectedTable[];
  rows: Map<string, number>;
} {
  return foldPartitions(introspection.tables.filter((t) => !isView(t, introspection)));
}

/**
 * Views (and never-filled materialised views) of a schema that declares its keys: they repeat
 * what the tables already say, under names nobody asks by. Without declared keys (files, many
 * warehouses) every relation is kept.
 */
function isView(t: TIntrospectedTable, introspection: TIntrospection): boolean {
  if (t.view !== undefined) return t.view;
  const declared = introspection.tables.some((x) => x.foreignKeys.length > 0);
  return (
    declared &&
    t.primaryKey.length === 0 &&
    t.foreignKeys.length === 0 &&
    (t.rowCount === null || t.rowCount === 0)
  );
}

/** Tables whose name extends another's and whose columns are the same: partitions and copies. */
function foldPartitions(tables: TIntrospectedTable[]): {
  tables: TIntrospectedTable[];
  rows: Map<string, number>;
} {
  const signature = (t: TIntrospectedTable): string => t.columns.map((c) => c.name).join(',');
  const rows = new Map<string, number>();
  const parents = new Map<string, TIntrospectedTable>();
  for (const t of tables) {
    const parent = tables.find(
      (p) =>
        p !== t &&
        t.name.length > p.name.length + 1 &&
        t.name.startsWith(p.name) &&
        /^[_\-.$]/.test(t.name.slice(p.name.length)) &&
        /\d|default|old|archive|backup|bak|copy|max|min|hist|history/i.test(t.name.slice(p.name.length)) &&
        signature(p) === signature(t),
    );
    if (parent) parents.set(t.name, parent);
  }
  const kept = tables
    .filter((t) => !parents.has(t.name))
    .map((t) => ({ ...t, primaryKey: [...t.primaryKey], foreignKeys: [...t.foreignKeys] }));
  for (const t of kept) rows.set(t.name, Math.max(0, t.rowCount ?? 0));
  for (const [child, parent] of parents) {
    const p = kept.find((k) => k.name === parent.name);
    const c = tables.find((x) => x.name === child)!;
    if (!p) continue;
    rows.set(p.name, (rows.get(p.name) ?? 0) + Math.max(0, c.rowCount ?? 0));
    if (p.primaryKey.length === 0) p.primaryKey = [...c.primaryKey];
    for (const fk of c.foreignKeys) {
      if (
        !p.foreignKeys.some((x) => x.columns.join(',') === fk.columns.join(',') && x.refTable === fk.refTable)
      )
        p.foreignKeys.push(fk);
    }
  }
  return { tables: kept, rows };
}
