/** Section 8, the profile's own terms against the data: target clients that are values of a dimension. */
import type { TCardRow } from '@parley/contract';
import { isDimensionAvailable } from '@parley/engine';
import { num, type ReportSection, round, type SectionContext } from './document';

/** The target client names found among a dimension's values, with the primary measure over the period. */
async function targetClientShares(
  ctx: SectionContext,
  names: string[],
): Promise<{ name: string; dimension: string; value: number }[]> {
  const { model, primary } = ctx;
  const out: { name: string; dimension: string; value: number }[] = [];
  for (const name of names) {
    const wanted = name.trim().toLocaleLowerCase();
    const dim = model.dimensions.find(
      (d) =>
        isDimensionAvailable(model, primary.name, d.name) &&
        d.values.some((v) => v.toLocaleLowerCase() === wanted),
    );
    if (!dim) continue;
    const value = dim.values.find((v) => v.toLocaleLowerCase() === wanted)!;
    const res = await ctx.ask({
      measures: [primary.name],
      dimensions: [],
      timeDimension: { field: ctx.time, range: ctx.lastMonths },
      filters: [{ field: dim.name, op: 'in', values: [value] }],
    });
    const row: TCardRow | undefined = res.card?.table[0];
    out.push({ name: value, dimension: dim.label, value: num(row?.[primary.label]) ?? 0 });
  }
  return out;
}

export async function targetsSection(ctx: SectionContext): Promise<ReportSection> {
  const { t, shown } = ctx;
  const { profile } = ctx.input;
  const names = 'target_client_names' in profile ? profile.target_client_names : [];
  const targets = await targetClientShares(ctx, names);
  if (!targets.length)
    return {
      id: 'targets',
      heading: t.targets.heading,
      paragraphs: [],
      unsupported: t.targets.none(names.join(', ')),
    };
  ctx.facts.target_clients = targets.map((x) => ({
    name: x.name,
    dimension: x.dimension,
    value: round(x.value),
  }));
  return {
    id: 'targets',
    heading: t.targets.heading,
    paragraphs: [t.targets.lead(shown)],
    table: {
      columns: [t.targets.client, t.concentration.dimension, shown],
      numeric: [false, false, true],
      rows: targets.map((x) => [x.name, ctx.words.field(x.dimension), ctx.fmt(ctx.primary, x.value)]),
    },
  };
}
