/** Example questions offered when a question back has nothing closer to suggest. */
import type { TLanguagePack } from '../../languages';
import { isDimensionAvailable, type TSemanticModel } from '../../model/semantic-model';

/** Example questions built from the model's own vocabulary, in the pack's language. */
export function getExampleQuestions(model: TSemanticModel, pack: TLanguagePack): string[] {
  const { phrases } = pack.messages;
  const measures = model.measures.filter((m) => !(m.kind === 'aggregate' && m.hidden));
  const first = measures[0];
  if (!first) return [];
  const dims = model.dimensions.filter((d) => isDimensionAvailable(model, first.name, d.name));
  const out = [phrases.lastMonth(first.label), phrases.byMonthThisYear(first.label)];
  if (dims[0])
    out.push(phrases.rank('desc', 5, dims[0].synonyms[0] ?? dims[0].label, first.label.toLowerCase()));
  if (measures[1]) out.push(phrases.thisVsLastQuarter(measures[1].label));
  return out;
}
