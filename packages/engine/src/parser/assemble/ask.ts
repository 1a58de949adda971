/**
 * Questions back about what is missing once the words are read: words no stage could place, a
 * question with nothing recognised, or no measure to show. Each says what was understood so far.
 */
import { findMeasureTime, isDimensionAvailable, type TSemanticModel } from '../../model/semantic-model';
import { ask, type TChoice, type TClarification } from '../clarification';
import { dimensionLabel, measureLabel, replaceWords, targetLabel } from '../labels';
import { findCorrection, type TVocabulary } from '../vocabulary';
import { getExampleQuestions } from './examples';
import type { TAssembleInput, TReading } from './types';

/**
 * What this question's own words said: a question back never repeats context it did not use
 * (the previous question's measure is not "understood" from "blorp zork"). In the question's
 * language: its names and word order ("Ülke bazında", "Ülke: Almanya").
 */
function understoodSoFar(input: TAssembleInput, reading: TReading): string | null {
  const { model } = input;
  const said = input.pack.messages.understood;
  const parts: string[] = [];
  for (const m of reading.measures) parts.push(said.name(measureLabel(model, m)));
  for (const d of reading.dimensions) parts.push(said.by(dimensionLabel(model, d)));
  for (const [dim, f] of reading.valueFilters)
    parts.push(said.values(dimensionLabel(model, dim), f.values, f.op !== 'in'));
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The question to ask back when something is missing, or null when the query can be built. */
export function askForMissing(input: TAssembleInput, reading: TReading): TClarification | null {
  const { model, pack, phrase, tokens, vocabulary } = input;
  const { unknown, measures, dimensions, valueFilters, baseMeasures } = reading;
  if (unknown.length > 0) {
    const words = [...new Set(unknown.map((t) => t.norm))].slice(0, 5);
    const understood = understoodSoFar(input, reading);
    // Only the question's own measures count: "haul by region" after an answered question
    // still offers each measure in the unknown word's place, so picking one teaches it.
    const suggestions = suggestFor(words, vocabulary, model, phrase, measures.length > 0, dimensions);
    return ask(
      { key: 'unknownWords', understood, words },
      understood,
      suggestions.length > 0 ? suggestions : getExampleQuestions(model, pack),
      'didYouMean',
    );
  }

  // "sales by customer" where customers are only counted: a breakdown the model has not, never a
  // second measure beside the first (a ranking's "by sales" is the ranked measure, not this).
  const byCount = input.matches.find((m) => m.grouped && m.targets.every((t) => t.type === 'measure'));
  if (byCount && !input.slots.ranking && measures.length > 1) {
    const named = byCount.targets.map((t) => (t.type === 'measure' ? t.name : ''));
    const understood = understoodSoFar(input, {
      ...reading,
      measures: measures.filter((m) => !named.includes(m)),
    });
    return ask(
      { key: 'unknownWords', understood, words: [byCount.words] },
      understood,
      getExampleQuestions(model, pack),
      'didYouMean',
    );
  }

  // Nothing recognised at all ("how are we doing", "thanks"): ask, never fall back to a default
  // measure or silently re-run the previous question.
  if (!tokens.some((t) => t.consumed)) {
    const withDates = model.measures
      .filter((m) => !(m.kind === 'aggregate' && m.hidden) && findMeasureTime(model, m.name))
      .slice(0, 3)
      .map((m) => pack.messages.phrases.thisVsLastMonth(m.label));
    return ask({ key: 'nothingKnown' }, null, [...withDates, ...getExampleQuestions(model, pack)]);
  }

  if (baseMeasures.length === 0) {
    const rows = rowCount(input, reading);
    if (rows) {
      reading.measures = [rows];
      reading.baseMeasures = [rows];
      reading.measureAt = [{ name: rows, at: 0 }];
      return null;
    }
    const understood = understoodSoFar(input, reading);
    const dimsForItems = dimensions.length > 0 ? dimensions : [...valueFilters.keys()];
    const items = model.measures
      .filter((m) => !(m.kind === 'aggregate' && m.hidden))
      .filter((m) => dimsForItems.every((d) => isDimensionAvailable(model, m.name, d)))
      .slice(0, 6)
      .map((m) => replaceWords(phrase, '', m.label));
    return ask(
      { key: 'whichMeasure', understood },
      understood,
      items.length > 0 ? items : getExampleQuestions(model, pack),
      'whichMeasure',
    );
  }
  return null;
}

/**
 * "late deliveries by shipping mode", "how many senior citizens": rows named only by a value said
 * in the plural, or counted ("how many"), are the row count of the value's table — when that
 * table has one plain count.
 */
function rowCount(input: TAssembleInput, reading: TReading): string | null {
  const { model, pack, tokens, matches } = input;
  const said = matches.filter((m) => !m.negated && m.targets.every((t) => t.type === 'value'));
  if (said.length === 0 || reading.valueFilters.size === 0) return null;
  const counted = pack.countCue?.test(input.normalised) ?? false;
  const plural = said.some((m) => {
    const last = tokens[m.start + m.words.split(' ').length - 1];
    return pack.isPlural ? pack.isPlural(last.norm, last.lemma) : last.norm !== last.lemma;
  });
  if (!counted && !plural) return null;
  const tables = new Set(
    said
      .flatMap((m) =>
        m.targets.flatMap((t) =>
          t.type === 'value' ? (model.dimensions.find((d) => d.name === t.dimension)?.sources ?? []) : [],
        ),
      )
      .map((s) => s.table),
  );
  if (tables.size !== 1) return null;
  const [table] = tables;
  const pk = model.tables.find((t) => t.name === table)?.primaryKey ?? [];
  const counts = model.measures.filter(
    (m) =>
      m.kind === 'aggregate' &&
      !m.hidden &&
      !m.where &&
      !m.exists &&
      m.table === table &&
      ((m.agg === 'count' && !m.expr) ||
        (m.agg === 'count_distinct' &&
          pk.length === 1 &&
          m.expr !== undefined &&
          'col' in m.expr &&
          m.expr.col === pk[0])),
  );
  return counts.length === 1 ? counts[0].name : null;
}

/**
 * Suggestions for unknown words, as whole questions: the closest vocabulary phrases; and for one
 * unknown word in a question that names no measure ("turnover by region"), each measure in its
 * place. Every suggestion says what the word would mean, so picking it can teach the word.
 */
function suggestFor(
  words: string[],
  vocabulary: TVocabulary,
  model: TSemanticModel,
  phrase: string,
  hasMeasure: boolean,
  dimensions: string[],
): TChoice[] {
  const out: TChoice[] = [];
  // With several unknown words, a phrase with one of them swapped still holds the others: not a
  // question that works. Then only the model's own example questions are offered.
  if (words.length !== 1) return out;
  for (const w of words) {
    const near = w.length >= 4 ? findCorrection(vocabulary, w) : null;
    if (!near) continue;
    const target = [...vocabulary.entries.entries()].find(([key]) => key.split(' ').includes(near))?.[1]?.[0];
    if (target)
      out.push({
        phrase: replaceWords(phrase, w, targetLabel(model, target).toLowerCase()),
        learn: { word: w, target },
      });
  }
  if (out.length === 0 && words.length === 1 && !hasMeasure && /^\p{L}[\p{L}-]*$/u.test(words[0])) {
    for (const m of model.measures) {
      if (m.kind === 'aggregate' && m.hidden) continue;
      if (!dimensions.every((d) => isDimensionAvailable(model, m.name, d))) continue;
      out.push({
        phrase: replaceWords(phrase, words[0], m.label.toLowerCase()),
        learn: { word: words[0], target: { type: 'measure', name: m.name } },
      });
    }
  }
  return out.slice(0, 5);
}
