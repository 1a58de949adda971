/** Section 1, the headline measures: this period against the one before. */
import { changeKey, previousKey } from '@parley/engine';
import { formatChange, formatDateRange } from '@parley/presenter';
import { num, type ReportSection, round, type SectionContext } from './document';

type HeadFacts = Record<string, { value: number | null; previous: number | null; change_pct: number | null }>;

/** The headline section; records each measure's change for the drivers step. */
export async function headlineSection(ctx: SectionContext): Promise<ReportSection> {
  const { t, locale, headline, label, primary, shown, fmt, periodText, rawChange } = ctx;
  const head = await ctx.ask({
    measures: headline.map((m) => m.name),
    dimensions: [],
    timeDimension: { field: ctx.time, range: ctx.lastMonths },
    compare: 'previous_period',
    filters: [],
  });
  const headRow = head.card?.table[0];
  const headFacts: HeadFacts = {};
  const section: ReportSection = { id: 'headline', heading: t.headline.heading, paragraphs: [] };
  if (!headRow || headline.every((m) => num(headRow[m.label]) === null || num(headRow[m.label]) === 0)) {
    section.unsupported = t.headline.empty(periodText);
  } else {
    const rows: string[][] = [];
    for (const m of headline) {
      const value = num(headRow[m.label]);
      const prev = num(headRow[previousKey(m.label)]);
      const change = num(headRow[changeKey(m.label)]);
      headFacts[m.label] = {
        value: value === null ? null : round(value),
        previous: prev === null ? null : round(prev),
        change_pct: change === null ? null : round(change, 1),
      };
      rawChange.set(m.label, change);
      rows.push([
        ctx.words.field(m.label),
        value === null ? '–' : fmt(m, value),
        prev === null ? '–' : fmt(m, prev),
        formatChange(change, locale),
      ]);
    }
    section.table = {
      columns: [
        t.headline.measure,
        periodText,
        formatDateRange(ctx.previous.from, ctx.previous.to, locale),
        t.headline.change,
      ],
      numeric: [false, true, true, true],
      rows,
    };
    const p = headFacts[label];
    if (p?.value !== null && p !== undefined)
      section.paragraphs.push(
        t.headline.lead(
          shown,
          fmt(primary, p.value!),
          periodText,
          p.change_pct === null ? null : formatChange(rawChange.get(label), locale),
          p.previous === null ? '–' : fmt(primary, p.previous),
        ),
      );
    if (p?.value !== null && p !== undefined)
      ctx.summary.push(
        t.lines.growth(
          shown,
          fmt(primary, p.value!),
          periodText,
          p.change_pct === null ? null : formatChange(rawChange.get(label), locale),
        ),
      );
    const others = headline
      .slice(1)
      .filter((m) => headFacts[m.label]?.change_pct !== null && headFacts[m.label] !== undefined);
    if (others.length)
      section.paragraphs.push(
        t.headline.others(
          others.map((m) => `${ctx.words.field(m.label)} ${formatChange(rawChange.get(m.label), locale)}`),
        ),
      );
  }
  ctx.facts.headline = headFacts;
  return section;
}
