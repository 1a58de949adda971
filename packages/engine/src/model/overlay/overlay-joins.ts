/** The overlay's joins: introspected joins taken away, joins the owner adds between two tables. */
import type { TModelOverlay, TOverlayJoin } from '@parley/contract';
import { disable, ensureModelTable, missingColumns, type TOverlayContext } from './overlay-context';

/** The path of a join edit: `joins.add.orders→customers`. */
export const joinPath = (kind: 'add' | 'remove', j: { from: string; to: string }): string =>
  `joins.${kind}.${j.from}→${j.to}`;

export function applyJoins(ctx: TOverlayContext, joins: TModelOverlay['joins']): void {
  for (const r of joins.remove) {
    const kept = ctx.model.joins.filter((j) => !(j.from === r.from && j.to === r.to));
    if (kept.length === ctx.model.joins.length)
      disable(ctx, joinPath('remove', r), `there is no join from ${r.from} to ${r.to} to remove`);
    ctx.model.joins = kept;
  }
  for (const a of joins.add) addJoin(ctx, a);
}

function addJoin(ctx: TOverlayContext, a: TOverlayJoin): void {
  const path = joinPath('add', a);
  if (a.fromColumns.length !== a.toColumns.length)
    return void disable(
      ctx,
      path,
      `the join pairs ${a.fromColumns.length} columns with ${a.toColumns.length}`,
    );
  const missing = missingColumns(ctx, a.from, a.fromColumns) ?? missingColumns(ctx, a.to, a.toColumns);
  if (missing) return void disable(ctx, path, missing);
  ensureModelTable(ctx, a.from);
  ensureModelTable(ctx, a.to);
  const same = (x: string[], y: string[]): boolean => x.join('\u0000') === y.join('\u0000');
  const exists = ctx.model.joins.some(
    (j) =>
      j.from === a.from &&
      j.to === a.to &&
      same(j.fromColumns, a.fromColumns) &&
      same(j.toColumns, a.toColumns),
  );
  if (!exists)
    ctx.model.joins.push({
      from: a.from,
      fromColumns: [...a.fromColumns],
      to: a.to,
      toColumns: [...a.toColumns],
    });
}
