/** A metric's filters as the row conditions (`where`) of an overlay aggregate. */
import type { TOverlayAggregate } from '@parley/contract';
import { getReachableTables } from '../semantic-model';
import { findColumn, type TColumnAt, type TDbtContext, type TMappedMeasure } from './dbt-context';
import { parseFilter, type TFilterRef } from './dbt-sql';

type TWhere = TOverlayAggregate['where'][number];

/** The conditions of every filter on a measure's rows, or the reason one cannot be read. */
export function resolveFilters(
  ctx: TDbtContext,
  measure: TMappedMeasure,
  filters: string[],
): TWhere[] | { error: string } {
  const where: TWhere[] = [];
  const reachable = getReachableTables(
    { ...ctx.base, joins: [...ctx.base.joins, ...ctx.overlay.joins.add] },
    measure.aggregate.table,
  );
  for (const filter of filters) {
    const conditions = parseFilter(filter);
    if ('error' in conditions) return conditions;
    for (const condition of conditions) {
      const at = resolveRef(ctx, measure, condition.ref);
      if ('error' in at) return { error: `filter \`${filter.trim()}\`: ${at.error}` };
      if (!reachable.has(at.table))
        return {
          error: `filter \`${filter.trim()}\`: \`${at.table}\` is not joined to \`${measure.aggregate.table}\``,
        };
      const values = condition.negated ? otherValues(ctx, at, condition.values) : condition.values;
      if (!values)
        return {
          error: `filter \`${filter.trim()}\`: Parley does not know every value of \`${at.table}.${at.column}\`, so it cannot read \`!=\` or \`not in\``,
        };
      if (values.length === 0) return { error: `filter \`${filter.trim()}\` leaves no rows` };
      where.push({ ...at, values });
    }
  }
  return where;
}

/** The column a filter's reference names, seen from the measure's semantic model. */
function resolveRef(
  ctx: TDbtContext,
  measure: TMappedMeasure,
  ref: TFilterRef,
): TColumnAt | { error: string } {
  const home = measure.semanticModel.name;
  if (ref.kind === 'column') {
    const dimension = ctx.dimensions.get(`${home}.${ref.name}`);
    const table = ctx.tables.get(home);
    const column = table ? findColumn(table, ref.name) : null;
    if (dimension) return dimension;
    return table && column
      ? { table: table.name, column }
      : { error: `\`${ref.name}\` is no dimension or column of \`${measure.aggregate.table}\`` };
  }
  if (ref.kind === 'entity') {
    const own = ctx.entities.get(`${home}.${ref.name}`);
    return own ?? keyOf(ctx, ref.name) ?? { error: `entity \`${ref.name}\` is not mapped` };
  }
  const owners = ref.entity === null ? [home] : entityOwners(ctx, ref.entity, home);
  for (const owner of owners) {
    const dimension = ctx.dimensions.get(`${owner}.${ref.name}`);
    if (dimension) return dimension;
  }
  const name = ref.entity ? `${ref.entity}__${ref.name}` : ref.name;
  return { error: `dimension \`${name}\` is not one Parley maps` };
}

/** Semantic models holding an entity: where it is the key first, then the measure's own. */
function entityOwners(ctx: TDbtContext, entity: string, home: string): string[] {
  const holders = ctx.project.semanticModels
    .map((sm) => sm.name)
    .filter((sm) => ctx.entities.has(`${sm}.${entity}`));
  const isKey = (sm: string): boolean => ctx.entities.get(`${sm}.${entity}`)?.type !== 'foreign';
  return [...holders.filter(isKey), ...holders.filter((sm) => !isKey(sm) && sm === home)];
}

function keyOf(ctx: TDbtContext, entity: string): TColumnAt | null {
  const owner = entityOwners(ctx, entity, '')[0];
  return owner ? (ctx.entities.get(`${owner}.${entity}`) ?? null) : null;
}

/** Every known value of the column but `values`; null when only a sample of its values is known. */
function otherValues(ctx: TDbtContext, at: TColumnAt, values: string[]): string[] | null {
  const column = ctx.schema.tables
    .find((t) => t.name === at.table)
    ?.columns.find((c) => c.name === at.column);
  if (!column?.values || (column.distinctCount !== null && column.distinctCount > column.values.length))
    return null;
  return column.values.filter((v) => !values.includes(v));
}
