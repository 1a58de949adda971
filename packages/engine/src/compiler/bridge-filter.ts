/**
 * A value filter on the far side of a many-to-many link (films ↔ categories): joined like a
 * grouping, "excluding Action films" would keep an Action film through its other categories and
 * "in Action or Comedy" would count it twice. It is a [NOT] EXISTS on the link instead.
 */
import {
  findTableValidity,
  getReachableTables,
  type TDimensionSource,
  type TSemanticModel,
} from '../model/semantic-model';
import { quoteIdent } from './dialect';

type TColumnSql = (table: string, column: string) => string;

/** The condition, or null when the filter's table is reached without a link (an ordinary join). */
export function bridgeFilterSql(
  model: TSemanticModel,
  fact: string,
  source: TDimensionSource,
  negated: boolean,
  list: string,
  col: TColumnSql,
): string | null {
  const reachable = getReachableTables(model, fact);
  const path = [];
  for (let table = source.table; reachable.get(table); ) {
    const join = reachable.get(table)!;
    path.unshift(join);
    table = join.from;
  }
  const at = path.findIndex((j) => j.bridge);
  if (at < 0) return null;
  const inner = path.slice(at);
  // A history link (who was in which team when) is read on the reading day by the joins' own rule.
  if (inner.some((j) => findTableValidity(model, j.to))) return null;
  const alias = new Map(inner.map((j, i) => [j.to, quoteIdent(`_l${i}`)]));
  const inside: TColumnSql = (table, column) => `${alias.get(table)}.${quoteIdent(column)}`;
  const first = inner[0];
  const from = inner
    .map((j, i) =>
      i === 0
        ? `${quoteIdent(j.to)} AS ${alias.get(j.to)}`
        : `JOIN ${quoteIdent(j.to)} AS ${alias.get(j.to)} ON ${j.fromColumns
            .map((c, k) => `${inside(j.from, c)} = ${inside(j.to, j.toColumns[k])}`)
            .join(' AND ')}`,
    )
    .join(' ');
  const link = first.fromColumns.map(
    (c, k) => `${inside(first.to, first.toColumns[k])} = ${col(first.from, c)}`,
  );
  const value = source.concat
    ? `(${source.concat.map((c) => inside(source.table, c)).join(` || ' ' || `)})`
    : inside(source.table, source.column);
  const exists = `EXISTS (SELECT 1 FROM ${from} WHERE ${[...link, `${value} IN (${list})`].join(' AND ')})`;
  return negated ? `NOT ${exists}` : exists;
}
