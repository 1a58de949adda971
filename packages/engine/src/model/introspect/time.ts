/**
 * Time step: every date and timestamp column that is not an audit date is a time dimension,
 * labelled with its table's name when another table has the same column ("Order Date"), and
 * said by its participle too ("orders shipped last month"). A table's default date is its event
 * date (`<table>_date`, `date`, else the first that is not a birth or due date), else its nearest
 * parent's.
 */
import type { TIntrospectedColumn } from '../introspection';
import type { TTimeDimension } from '../semantic-model';
import { isAudit, isTime } from './columns';
import type { TIntrospectContext, TTableInfo } from './context';
import { title, words } from './text';
import { PARTICIPLES } from './vocabulary';

/** Dates about the entity rather than an event of the table (not its default date). */
const NOT_EVENT = /\b(birth|born|dob|expiry|expires|expiration|valid|due|required|deadline)\b/;

/** Adds the time dimensions and notes each table's own event date. */
export function addTimeDimensions(ctx: TIntrospectContext): void {
  const qualified = qualifier(ctx.infos);
  for (const info of ctx.infos) {
    const t = info.table;
    const dates = t.columns.filter((c) => isTime(c) && !isAudit(c));
    for (const c of dates) {
      const w = qualified(info, c);
      const base = words(c.name);
      const participles = base
        .split(' ')
        .flatMap((x) => (/ed$/.test(x) ? [x] : PARTICIPLES[x] ? [PARTICIPLES[x]] : []));
      const td: TTimeDimension = {
        name: `${t.name}.${c.name}`,
        label: title(w),
        // "created", "shipped": the participle alone names the date ("orders shipped last month").
        synonyms: [...new Set([base, w, ...participles])],
        table: t.name,
        column: c.name,
        dataType: c.kind === 'date' ? 'date' : 'timestamp',
      };
      ctx.model.timeDimensions.push(td);
    }
    // The event date: "<table>_date", "date", "created…", else the first that is not a birth or due date.
    const event =
      dates.find((c) =>
        [`${info.entity} date`, `${info.entity} time`, `${info.entity} at`, 'date'].includes(words(c.name)),
      ) ?? dates.find((c) => !NOT_EVENT.test(words(c.name)));
    if (event && !info.bridge) ctx.defaultTime.set(t.name, `${t.name}.${event.name}`);
  }
}

/** Column names shared by tables get their table's name in labels ("Product Unit Price"). */
function qualifier(infos: TTableInfo[]): (info: TTableInfo, c: TIntrospectedColumn) => string {
  const columnCount = new Map<string, number>();
  for (const i of infos)
    for (const c of i.table.columns)
      columnCount.set(words(c.name), (columnCount.get(words(c.name)) ?? 0) + 1);
  return (info, c) => {
    const w = words(c.name);
    if ((columnCount.get(w) ?? 0) <= 1 || w.startsWith(`${info.entity} `)) return w;
    return `${info.entity} ${w}`;
  };
}

/** A table's date: its own event date, else the nearest parent's. */
export function ownTime(ctx: TIntrospectContext, tableName: string): string | null {
  const seen = new Set([tableName]);
  let level = [tableName];
  while (level.length > 0) {
    for (const t of level) {
      const own = ctx.defaultTime.get(t);
      if (own) return own;
    }
    const next: string[] = [];
    for (const t of level)
      for (const j of ctx.model.joins)
        if (j.from === t && !j.bridge && !seen.has(j.to)) {
          seen.add(j.to);
          next.push(j.to);
        }
    level = next;
  }
  return null;
}
