/**
 * Keys step: each table's entity ("payment", "order detail") and primary key, declared or
 * inferred from names (`id`, `<table>_id`, `<table>_key`, any spelling); its declared references
 * to tables that are kept. The model lists every table with its key.
 */
import type { TIntrospectedTable } from '../introspection';
import type { TIntrospectContext, TTableInfo } from './context';
import { isAllDistinct } from './identifiers';
import { flat, phraseKey, plural, singular, title, words } from './text';

/** Reads every table's entity, keys and rows into the context, and lists the tables in the model. */
export function readKeys(
  ctx: TIntrospectContext,
  folded: { tables: TIntrospectedTable[]; rows: Map<string, number> },
): void {
  ctx.infos = folded.tables.map((t): TTableInfo => {
    const named = singular(words(t.name));
    const rows = folded.rows.get(t.name) ?? 0;
    const declared = inferPrimaryKey(t, named);
    const unique = declared.length === 0 ? uniqueIdentifier(t, rows) : null;
    // A file of customers named "churn.csv": its rows are the entity its unique identifier names.
    const entity = unique?.entity ?? named;
    return {
      table: t,
      entity,
      primaryKey: unique ? [unique.column] : declared,
      foreignKeys: t.foreignKeys.filter((fk) => folded.tables.some((x) => x.name === fk.refTable)),
      bridge: false,
      rows,
    };
  });
  ctx.infoOf = new Map(ctx.infos.map((i) => [i.table.name, i]));
  ctx.tableNames = new Set(ctx.infos.map((i) => phraseKey(words(i.table.name))));
  for (const info of ctx.infos)
    ctx.model.tables.push({
      name: info.table.name,
      label: title(plural(info.entity)),
      primaryKey: info.primaryKey,
    });
}

/** The key of a table: declared, else `id`, `<table>_id` or `<table>_key` (any spelling). */
function inferPrimaryKey(t: TIntrospectedTable, entity: string): string[] {
  if (t.primaryKey.length > 0) return t.primaryKey;
  const names = new Set(
    [entity, plural(entity), words(t.name)].flatMap((e) => {
      const f = flat(e);
      return [`${f}id`, `${f}key`];
    }),
  );
  const candidates = t.columns.filter((c) => c.kind === 'integer' || c.kind === 'text' || c.kind === 'other');
  const exact =
    candidates.find((c) => flat(c.name) === 'id') ?? candidates.find((c) => names.has(flat(c.name)));
  return exact ? [exact.name] : [];
}

/**
 * The key of a table without one (a flat file): its one identifier column (`customerID`,
 * `Ticket No`) whose values are all distinct, with the entity it names.
 */
function uniqueIdentifier(t: TIntrospectedTable, rows: number): { column: string; entity: string } | null {
  const unique = t.columns.filter((c) => {
    const m = /^(.+) (id|identifier|key|uuid|guid|number|no)$/.exec(words(c.name));
    return m !== null && rows >= 20 && isAllDistinct(c, rows);
  });
  if (unique.length !== 1) return null;
  const entity = singular(words(unique[0].name).replace(/ (id|identifier|key|uuid|guid|number|no)$/, ''));
  return { column: unique[0].name, entity };
}
