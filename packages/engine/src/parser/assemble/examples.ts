/** Example questions offered when a question back has nothing closer to suggest. */
import type { TLanguagePack } from '../../languages';
import { findMeasureTime, isDimensionAvailable, type TSemanticModel } from '../../model/semantic-model';

/**
 * Example questions built from the model's own vocabulary, in the pack's language. Periods only
 * with measures that have a date; a source without dates still gets a measure by a field, or alone.
 */
export function getExampleQuestions(model: TSemanticModel, pack: TLanguagePack): string[] {
  const { phrases } = pack.messages;
  const measures = model.measures.filter((m) => !m.hidden);
  const dated = measures.filter((m) => findMeasureTime(model, m.name));
  const dimensionOf = (measure: string) =>
    model.dimensions.find((d) => isDimensionAvailable(model, measure, d.name)) ?? null;
  const out: string[] = [];
  const [first, second] = dated;
  if (first) out.push(phrases.lastMonth(first.label), phrases.byMonthThisYear(first.label));
  const ranked = measures.find((m) => dimensionOf(m.name));
  const dim = ranked ? dimensionOf(ranked.name) : null;
  if (ranked && dim)
    out.push(phrases.rank('desc', 5, dim.synonyms[0] ?? dim.label, ranked.label.toLowerCase()));
  if (second) out.push(phrases.thisVsLastQuarter(second.label));
  for (const m of measures.slice(0, 2)) {
    const d = dimensionOf(m.name);
    out.push(d ? phrases.by([m.label], d.label.toLowerCase()) : m.label);
  }
  return out;
}
