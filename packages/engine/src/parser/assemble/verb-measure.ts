/**
 * "Which markets sold less in 2017 than in 2016", "which customers spent less last month": a
 * question that names no measure but says what was sold or spent asks for the money measure —
 * when the model has one such measure and none named by the verb itself ("units sold"), where
 * "sold" could be either and the question asks back.
 */
import type { TAssembleInput, TReading } from './types';

/** Sets the reading's measure (in place) to the one the question's sales verb names, if exactly one. */
export function settleVerbMeasure(input: TAssembleInput, reading: TReading): void {
  if (reading.baseMeasures.length > 0 || reading.isFollowUp) return;
  const { pack, vocabulary, tokens } = input;
  const verb = tokens.find((t) => !t.consumed && pack.salesVerbs.words.has(t.norm));
  if (!verb) return;
  const measuresOf = (key: string): string[] =>
    (vocabulary.entries.get(key) ?? []).flatMap((t) => (t.type === 'measure' ? [t.name] : []));
  const money = new Set(pack.salesVerbs.measures.flatMap((w) => measuresOf(pack.vocabulary.key(w))));
  // A measure the verb itself names ("units sold", "quantity sold") makes the verb ambiguous.
  const verbKey = pack.vocabulary.key(verb.norm);
  for (const [key, targets] of vocabulary.entries) {
    if (!key.split(' ').includes(verbKey)) continue;
    for (const t of targets) if (t.type === 'measure' && !money.has(t.name)) return;
  }
  if (money.size !== 1) return;
  const [name] = money;
  reading.measures = [name!];
  reading.baseMeasures = [name!];
  reading.measureAt = [{ name: name!, at: tokens.indexOf(verb) }];
  reading.unknown = reading.unknown.filter((t) => t !== verb);
}
