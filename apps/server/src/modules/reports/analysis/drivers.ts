/** Section 3, what changed and what drove it: the engine's drivers of the primary measure's change. */
import type { TCardRow } from '@parley/contract';
import {
  changeKey,
  contributionKey,
  DRIVER_DIMENSION_KEY,
  DRIVER_VALUE_KEY,
  isDriversRestRow,
  previousKey,
} from '@parley/engine';
import { formatChange, formatShare } from '@parley/presenter';
import { num, type ReportSection, round, type SectionContext } from './document';

interface Pick {
  row: TCardRow;
  base: number;
  share: number;
  excess: number;
}

/**
 * Per breakdown, the value whose share of the change is furthest from its share of the business
 * before: what over- or under-delivered, not merely what is big.
 */
function pickDrivers(table: TCardRow[], label: string): Pick[] {
  const contribution = contributionKey(label);
  const picks: Pick[] = [];
  for (const dimension of [...new Set(table.map((r) => String(r[DRIVER_DIMENSION_KEY])))]) {
    const rows = table.filter((r) => String(r[DRIVER_DIMENSION_KEY]) === dimension);
    const before = rows.reduce((a, r) => a + (num(r[previousKey(label)]) ?? 0), 0);
    const scored = rows
      .filter((r) => !isDriversRestRow(r) && num(r[contribution]) !== null && before > 0)
      .map((r) => {
        const base = ((num(r[previousKey(label)]) ?? 0) / before) * 100;
        const share = num(r[contribution])!;
        return { row: r, base, share, excess: share - base };
      })
      .sort((a, b) => Math.abs(b.excess) - Math.abs(a.excess));
    if (scored[0]) picks.push(scored[0]);
  }
  return picks.sort((a, b) => Math.abs(b.excess) - Math.abs(a.excess));
}

export async function driversSection(ctx: SectionContext): Promise<ReportSection> {
  const { t, locale, label, primary, shown, fmt } = ctx;
  const drivers = await ctx.ask({
    measures: [primary.name],
    dimensions: [],
    timeDimension: { field: ctx.time, range: ctx.lastMonths },
    compare: 'previous_period',
    filters: [],
    analysis: { kind: 'drivers' },
  });
  const section: ReportSection = { id: 'drivers', heading: t.drivers.heading, paragraphs: [] };
  const picks = pickDrivers(drivers.card?.table ?? [], label);
  if (!drivers.card || picks.length === 0) {
    section.unsupported = drivers.text ?? t.drivers.none;
    return section;
  }
  const top = picks.slice(0, 6);
  ctx.facts.drivers = top.map((p) => ({
    dimension: p.row[DRIVER_DIMENSION_KEY],
    value: p.row[DRIVER_VALUE_KEY],
    current: round(num(p.row[label]) ?? 0),
    previous: round(num(p.row[previousKey(label)]) ?? 0),
    change_pct: round(num(p.row[changeKey(label)]) ?? 0, 1),
    share_of_previous_pct: round(p.base, 1),
    share_of_change_pct: round(p.share, 1),
  }));
  const lead = top[0]!;
  section.paragraphs.push(
    t.drivers.lead(
      shown,
      String(lead.row[DRIVER_DIMENSION_KEY]),
      String(lead.row[DRIVER_VALUE_KEY]),
      formatShare(lead.base, locale),
      formatShare(lead.share, locale),
      formatChange(num(lead.row[changeKey(label)]), locale),
      formatChange(ctx.rawChange.get(label), locale),
    ),
  );
  ctx.summary.push(
    t.lines.driver(
      String(lead.row[DRIVER_VALUE_KEY]),
      String(lead.row[DRIVER_DIMENSION_KEY]),
      formatShare(lead.share, locale),
      formatShare(lead.base, locale),
      lead.excess > 0,
    ),
  );
  if (top.length > 1)
    section.paragraphs.push(
      t.drivers.others(
        top
          .slice(1, 4)
          .map((p) =>
            t.drivers.item(
              String(p.row[DRIVER_DIMENSION_KEY]),
              String(p.row[DRIVER_VALUE_KEY]),
              formatShare(p.base, locale),
              formatShare(p.share, locale),
            ),
          ),
      ),
    );
  section.table = {
    columns: [
      t.drivers.dimension,
      t.drivers.value,
      ctx.periodText,
      t.drivers.change,
      t.drivers.base,
      t.drivers.share,
    ],
    numeric: [false, false, true, true, true, true],
    rows: top.map((p) => [
      String(p.row[DRIVER_DIMENSION_KEY]),
      String(p.row[DRIVER_VALUE_KEY]),
      fmt(primary, num(p.row[label]) ?? 0),
      formatChange(num(p.row[changeKey(label)]), locale),
      formatShare(p.base, locale),
      formatShare(p.share, locale),
    ]),
  };
  return section;
}
