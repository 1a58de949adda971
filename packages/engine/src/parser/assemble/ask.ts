/**
 * Questions back about what is missing once the words are read: words no stage could place, a
 * question with nothing recognised, or no measure to show. Each says what was understood so far,
 * and offers whole questions built from it (parse.ts keeps only those that answer).
 */
import type { TSemanticQuery } from '@parley/contract';
import { findMeasureTime, isDimensionAvailable } from '../../model/semantic-model';
import { ask, type TChoice, type TClarification } from '../clarification';
import { dimensionLabel, measureLabel, replaceWords, targetLabel } from '../labels';
import { TokenScanner } from '../scanner';
import { findRanking } from '../slots';
import { tokenize } from '../text';
import { findCorrection, type TVocabularyTarget } from '../vocabulary';
import { getExampleQuestions } from './examples';
import { valueOfCount } from './measure-words';
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

/**
 * The reading without what only typo corrections named: while other words stay unknown, a
 * corrected word is a guess ("purple monkey dishwasher" is not "people money"), so it is not
 * claimed as understood but asked about with the unknown words.
 */
function withoutGuesses(input: TAssembleInput, reading: TReading): { reading: TReading; guessed: string[] } {
  const typed = new Set<string>();
  for (const m of input.matches) {
    const span = input.tokens.slice(m.start, m.start + m.words.split(' ').length);
    if (span.some((t) => t.corrected)) continue;
    for (const t of m.targets) typed.add(t.type === 'value' ? t.dimension : t.name);
  }
  const guessed = input.tokens.filter((t) => t.corrected).map((t) => t.norm);
  const kept: TReading = {
    ...reading,
    measures: reading.measures.filter((m) => typed.has(m)),
    dimensions: reading.dimensions.filter((d) => typed.has(d)),
    valueFilters: new Map([...reading.valueFilters].filter(([d]) => typed.has(d))),
  };
  return { reading: kept, guessed };
}

/** The question back for words no stage could place. */
function askUnknown(input: TAssembleInput, given: TReading): TClarification {
  const { reading, guessed } = withoutGuesses(input, given);
  const words = [...new Set([...reading.unknown.map((t) => t.norm), ...guessed])].slice(0, 5);
  const understood = understoodSoFar(input, reading);
  // Only the question's own measures count: "haul by region" after an answered question
  // still offers each measure in the unknown word's place, so picking one teaches it.
  const suggestions = suggestFor(words, input, reading);
  return ask(
    { key: 'unknownWords', understood, words },
    understood,
    suggestions.length > 0 ? suggestions : getExampleQuestions(input.model, input.pack),
    'didYouMean',
  );
}

/** The question to ask back when something is missing, or null when the query can be built. */
export function askForMissing(input: TAssembleInput, reading: TReading): TClarification | null {
  const { model, pack, tokens } = input;
  const { unknown, measures, dimensions, valueFilters, baseMeasures } = reading;
  const read = tokens.some((t) => t.consumed);
  // "show me the thing": a word that stands for anything names nothing, so it is not unknown.
  const vague = !read && unknown.every((t) => pack.vague.has(t.norm));
  if (unknown.length > 0 && !vague) return askUnknown(input, reading);

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
  if (!read) {
    const withDates = model.measures
      .filter((m) => !m.hidden && findMeasureTime(model, m.name))
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
      .filter((m) => !m.hidden)
      .filter((m) => dimsForItems.every((d) => isDimensionAvailable(model, m.name, d)))
      .slice(0, 8)
      .map((m) => (input.slots.change ? measureChoice(input, m.label) : composeWith(input, reading, m.name)));
    return ask(
      { key: 'whichMeasure', understood },
      understood,
      items.length > 0 ? items : getExampleQuestions(model, pack),
      'whichMeasure',
    );
  }
  return null;
}

/** A question naming the measure: after the words of a change ("grew revenue"), else before the phrase. */
function measureChoice(input: TAssembleInput, label: string): string {
  const cue = input.slots.change?.words;
  if (!cue) return replaceWords(input.phrase, '', label);
  const measure = label.toLowerCase();
  // "which products sold less than last year" → "… had less revenue than …", never "sold less revenue".
  const { words, withMeasure } = input.pack.salesVerbs;
  const at = input.tokens.findIndex(
    (t, i) => words.has(t.norm) && input.tokens[i + 1]?.norm === cue.split(' ')[0],
  );
  if (withMeasure && at >= 0)
    return replaceWords(input.phrase, `${input.tokens[at].norm} ${cue}`, withMeasure(cue, measure));
  return replaceWords(input.phrase, cue, `${cue} ${measure}`);
}

/**
 * A question of what was understood with `measure` to show, in the pack's word order ("Revenue by
 * region last month"): never the user's sentence with a label pushed into it ("Revenue how did we
 * do last month"). The words read by grammar (periods, rankings) are kept as the user wrote them.
 */
function composeWith(input: TAssembleInput, reading: TReading, measure: string): string {
  const { model, pack, tokens, matches } = input;
  const { phrases } = pack.messages;
  const matched = new Set<number>();
  for (const m of matches) for (let i = m.start; i < m.start + m.words.split(' ').length; i++) matched.add(i);
  const spelt = new Map(input.phrase.split(/\s+/).map((w) => [pack.normalise(w), w]));
  const written = (at: number[]): string =>
    at.map((i) => spelt.get(tokens[i].norm) ?? tokens[i].norm).join(' ');
  const ranked = rankingAt(input, reading);
  const words = written(
    tokens.flatMap((t, i) => (t.consumed && !matched.has(i) && !ranked.includes(i) ? [i] : [])),
  );
  const values = [...reading.valueFilters.values()].flatMap((f) =>
    f.values.map((value) => ({ value, excluded: f.op !== 'in' })),
  );
  const label = measureLabel(model, measure);
  const [dim] = reading.dimensions;
  if (ranked.length > 0 && dim) {
    // "which categories sold best" → "best categories by Revenue", in the user's own words.
    const said = reading.dimensionWords.find((w) => w.name === dim)?.words;
    const ranking = phrases.ranked(written(ranked), said ?? dimensionLabel(model, dim).toLowerCase(), label);
    return phrases.compose(ranking, [], values, words);
  }
  const dims = reading.dimensions.map((d) => dimensionLabel(model, d).toLowerCase());
  return phrases.compose(label, dims, values, words);
}

/**
 * The tokens a ranking of one breakdown was read from ("top 5", "best"), found again on the
 * question's words; none when there is no such ranking (a sort, or several breakdowns).
 */
function rankingAt(input: TAssembleInput, reading: TReading): number[] {
  const { ranking } = input.slots;
  if (!ranking || ranking.sortOnly || reading.dimensions.length !== 1) return [];
  const tokens = tokenize(input.normalised, input.pack.lemma);
  findRanking(new TokenScanner(tokens), input.pack);
  return tokens.flatMap((t, i) => (t.consumed ? [i] : []));
}

/**
 * Whether the question is only what was read, the unknown word and grouping words ("haul by
 * region"): then a measure in the word's place is a question, and picking it teaches the word.
 * Around other words ("which products sold less than last year") a swapped-in label is not.
 */
function isBare(input: TAssembleInput, reading: TReading): boolean {
  const { pack } = input;
  return input.tokens.every(
    (t) =>
      t.consumed ||
      reading.unknown.includes(t) ||
      pack.grouping.words.has(t.norm) ||
      pack.negation.words.has(t.norm),
  );
}

/**
 * Whether `target` may stand in the word's place: where a breakdown's name goes ("by state"), only
 * a field to split by makes a question ("by united states", "by revenue" do not).
 */
function fitsPlace(input: TAssembleInput, word: string, target: TVocabularyTarget): boolean {
  const { tokens, pack } = input;
  const at = tokens.findIndex((t) => t.norm === word);
  const next = pack.grouping.position === 'before' ? tokens[at - 1] : tokens[at + 1];
  const grouped = at >= 0 && next !== undefined && pack.grouping.words.has(next.norm);
  return !grouped || target.type === 'dimension' || target.type === 'time';
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
 * place. A suggestion in the word's place says what the word would mean, so picking it teaches it.
 */
function suggestFor(words: string[], input: TAssembleInput, reading: TReading): TChoice[] {
  const { model, phrase, vocabulary } = input;
  const out: TChoice[] = [];
  // With several unknown words, a phrase with one of them swapped still holds the others: not a
  // question that works. Then only the model's own example questions are offered.
  if (words.length !== 1) return out;
  const [w] = words;
  // A word that stands for anything ("thing") is no typo of a field.
  const near = w.length >= 4 && !input.pack.vague.has(w) ? findCorrection(vocabulary, w) : null;
  const target = near
    ? [...vocabulary.entries.entries()].find(([key]) => key.split(' ').includes(near))?.[1]?.[0]
    : undefined;
  if (target && fitsPlace(input, w, target))
    out.push({
      phrase: replaceWords(phrase, w, targetLabel(model, target).toLowerCase()),
      learn: { word: w, target },
    });
  if (out.length > 0 || reading.measures.length > 0 || !/^\p{L}[\p{L}-]*$/u.test(w)) return out;
  const bare = isBare(input, reading);
  for (const m of model.measures) {
    if (m.hidden) continue;
    if (!reading.dimensions.every((d) => isDimensionAvailable(model, m.name, d))) continue;
    out.push(
      bare
        ? {
            phrase: replaceWords(phrase, w, m.label.toLowerCase()),
            learn: { word: w, target: { type: 'measure', name: m.name } },
          }
        : composeWith(input, reading, m.name),
    );
  }
  return out.slice(0, 8);
}

/**
 * "how much did we invoice": an amount is asked for, and the words named only the rows' count.
 * The rows' one column of values may be meant, or the count: ask, never answer the count alone.
 */
export function askHowMuch(
  input: TAssembleInput,
  reading: TReading,
  query: TSemanticQuery,
): TClarification | null {
  const { pack, model, normalised } = input;
  const cue = pack.amountCue?.exec(normalised);
  if (!cue || pack.countCue?.test(normalised) || query.measures.length !== 1 || query.arithmetic) return null;
  const value = valueOfCount(model, query.measures[0]!);
  if (!value) return null;
  const options = [value, query.measures[0]!];
  return ask(
    { key: 'ambiguousWord', words: cue[1]!, options: options.map((m) => measureLabel(model, m)) },
    null,
    options.map((m) => composeWith(input, reading, m)),
    'whichOne',
  );
}
