/** Section 6, concentration: the top values' share of the primary measure and its HHI, per breakdown. */
import type { TCard } from '@parley/contract';
import { getBaseMeasures, isDimensionAvailable, type TMeasure, type TSemanticModel } from '@parley/engine';
import { formatNumber, formatShare } from '@parley/presenter';
import { chartOf, num, type ReportSection, round, type SectionContext } from './document';

/** Values a breakdown needs before its concentration is read (HHI bands). */
const MIN_CONCENTRATION_VALUES = 10;
/** Dimensions a concentration section looks at, in this order when the source has them. */
const CONCENTRATION_PREFERENCE = [
  'customer',
  'product',
  'country',
  'region',
  'category',
  'segment',
  'brand',
  'channel',
];
const CONCENTRATION_DIMENSIONS = 3;

/** One breakdown's concentration, as the facts hold it. */
interface Concentration {
  dimension: string;
  values: number;
  top: { name: string; share_pct: number };
  top5_share_pct: number;
  hhi: number;
}

/** Herfindahl–Hirschman index of shares in percent (0–10 000). */
export function hhi(shares: number[]): number {
  return shares.reduce((a, s) => a + s * s, 0);
}

/** Dimensions the primary measure can be split by, preferred names first; not those its own condition reads. */
function concentrationDimensions(model: TSemanticModel, measure: TMeasure): string[] {
  const conditioned = new Set(
    getBaseMeasures(model, measure.name).flatMap((b) => (b.where ?? []).map((w) => w.column)),
  );
  const usable = model.dimensions.filter(
    (d) =>
      isDimensionAvailable(model, measure.name, d.name) && !d.sources.some((s) => conditioned.has(s.column)),
  );
  const rank = (name: string) => {
    const i = CONCENTRATION_PREFERENCE.findIndex((p) => name.toLowerCase().includes(p));
    return i === -1 ? CONCENTRATION_PREFERENCE.length : i;
  };
  return usable
    .map((d) => d.name)
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, CONCENTRATION_DIMENSIONS);
}

/** Each usable breakdown's concentration with its table row, and the first one's card for the chart. */
async function splitByDimensions(ctx: SectionContext) {
  const { t, locale, label, primary } = ctx;
  const concentration: Concentration[] = [];
  const rows: string[][] = [];
  let firstCard: TCard | null = null;
  for (const dim of concentrationDimensions(ctx.model, primary)) {
    const split = await ctx.ask({
      measures: [primary.name],
      dimensions: [dim],
      timeDimension: { field: ctx.time, range: ctx.lastMonths },
      filters: [],
      order: { field: primary.name, dir: 'desc' },
    });
    const card = split.card;
    if (!card || card.table.length < 2) continue;
    const dimLabel = card.columns[0]!.label;
    const values = card.table
      .map((r) => ({ name: String(r[card.columns[0]!.key]), value: num(r[label]) ?? 0 }))
      .filter((v) => v.value > 0);
    const total = values.reduce((a, v) => a + v.value, 0);
    if (total <= 0) continue;
    const shares = values.map((v) => (v.value / total) * 100).sort((a, b) => b - a);
    const top5 = shares.slice(0, 5).reduce((a, s) => a + s, 0);
    const index = hhi(shares);
    concentration.push({
      dimension: dimLabel,
      values: values.length,
      top: { name: values[0]!.name, share_pct: round(shares[0]!, 1) },
      top5_share_pct: round(top5, 1),
      hhi: Math.round(index),
    });
    rows.push([
      dimLabel,
      String(values.length),
      `${values[0]!.name} (${formatShare(shares[0], locale)})`,
      formatShare(top5, locale),
      formatNumber(Math.round(index), 'number', { locale }),
      // With a handful of values (3 regions) any split looks concentrated: no reading then.
      values.length >= MIN_CONCENTRATION_VALUES ? t.concentration.level(index) : t.concentration.fewValues,
    ]);
    firstCard ??= {
      ...card,
      table: card.table.slice(0, 12),
      chart: [{ chart: { type: 'bar' }, x: card.columns[0]!.key, y: [label] }],
    };
  }
  return { concentration, rows, firstCard };
}

export async function concentrationSection(ctx: SectionContext): Promise<ReportSection> {
  const { t, locale, shown } = ctx;
  const section: ReportSection = {
    id: 'concentration',
    heading: t.concentration.heading(shown),
    paragraphs: [],
  };
  const { concentration, rows, firstCard } = await splitByDimensions(ctx);
  if (concentration.length === 0) {
    section.unsupported = t.concentration.none;
    return section;
  }
  ctx.facts.concentration = concentration;
  const c = concentration[0]!;
  section.paragraphs.push(
    t.concentration.lead(
      shown,
      c.dimension,
      c.values,
      formatShare(c.top5_share_pct, locale),
      c.top.name,
      formatShare(c.top.share_pct, locale),
    ),
  );
  // The summary names the most concentrated breakdown when it is at least moderately so.
  const most = concentration
    .filter((c) => c.values >= MIN_CONCENTRATION_VALUES)
    .sort((a, b) => b.hhi - a.hhi)[0];
  if (most && most.hhi >= 1500)
    ctx.summary.push(
      t.lines.concentration(
        shown,
        most.dimension,
        t.concentration.level(most.hhi),
        most.top.name,
        formatShare(most.top.share_pct, locale),
      ),
    );
  section.table = {
    columns: [
      t.concentration.dimension,
      t.concentration.count,
      t.concentration.top,
      t.concentration.top5,
      'HHI',
      t.concentration.levelHeading,
    ],
    numeric: [false, true, false, true, true, false],
    rows,
  };
  if (firstCard) section.chart = chartOf(firstCard, locale, t);
  return section;
}
