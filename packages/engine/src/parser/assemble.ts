/**
 * The assemble stage: matched words, slots and dates become one SemanticQuery (merged into the
 * previous one for follow-ups) — or a clarification when a word is ambiguous, unknown, or asks
 * for something the model cannot give. Every content word must have been used by now.
 */
import type { TComparison, TDateRange, TQueryFilter, TSemanticQuery, TTimeGrain } from '@parley/contract';
import { daysBetween, resolveRange, type TWeekStart } from '../dates/date-range';
import type { TLanguagePack } from '../languages';
import {
  findMeasure,
  findMeasureTime,
  getReachableTables,
  isDimensionAvailable,
  type TSemanticModel,
} from '../model/semantic-model';
import { ask, type TChoice, type TClarification } from './clarification';
import type { TDateFindings } from './date-phrases';
import { describeQuery } from './describe';
import { dimensionLabel, measureLabel, replaceWords, targetLabel } from './labels';
import { isUnplaced, type TMatch } from './match';
import type { TNumericFilter, TRanking } from './slots';
import type { TToken } from './text';
import { findCorrection, type TVocabulary, type TVocabularyTarget } from './vocabulary';

export interface TSlots {
  chart: TSemanticQuery['chart'] | null;
  numeric: TNumericFilter[];
  ranking: TRanking | null;
  dates: TDateFindings;
  grain: TTimeGrain | 'auto' | null;
}

export interface TAssembleInput {
  phrase: string;
  normalised: string;
  tokens: TToken[];
  matches: TMatch[];
  slots: TSlots;
  model: TSemanticModel;
  vocabulary: TVocabulary;
  pack: TLanguagePack;
  today: string;
  weekStart: TWeekStart;
  previous: TSemanticQuery | null;
}

type TValueTarget = Extract<TVocabularyTarget, { type: 'value' }>;

/** "enterprise customers", "mobile users": a measure word right after a value only qualifies it
 *  when the question names another measure; "accounts" with another measure is the breakdown. */
function settleMeasureWords(matches: TMatch[]): void {
  for (let i = matches.length - 1; i > 0; i--) {
    const m = matches[i];
    const prev = matches[i - 1];
    const isMeasure = m.targets.some((t) => t.type === 'measure') && !m.grouped;
    const others = matches.filter((x) => x !== m && x.targets.every((t) => t.type === 'measure')).length;
    if (
      isMeasure &&
      others > 0 &&
      prev.targets.every((t) => t.type === 'value') &&
      prev.start + prev.words.split(' ').length === m.start
    ) {
      matches.splice(i, 1);
    }
  }
  const measureMatches = matches.filter(
    (m) => m.targets.length === 1 && m.targets[0].type === 'measure',
  ).length;
  for (const m of matches) {
    const hasMeasure = m.targets.some((t) => t.type === 'measure');
    const hasDimension = m.targets.some((t) => t.type === 'dimension');
    // "revenue per account" stays two-sided for settleRatios: a ratio or a question back.
    if (hasMeasure && hasDimension && !(m.per && measureMatches > 0)) {
      m.targets = m.targets.filter((t) => t.type === (measureMatches > 0 ? 'dimension' : 'measure'));
    }
  }
}

/**
 * "revenue per order": a measure per another measure is their ratio, never the two numbers side
 * by side; the model's ratio measure answers it, else ask which existing measure fits.
 */
function settleRatios(input: TAssembleInput, unknown: TToken[]): TClarification | null {
  const { matches, tokens, model, phrase, pack } = input;
  for (let i = 1; i < matches.length; i++) {
    const m = matches[i];
    const prev = matches[i - 1];
    const den = m.targets.find((t) => t.type === 'measure')?.name ?? null;
    const dualDimension = m.targets.find((t) => t.type === 'dimension')?.name ?? null;
    const num = prev.targets.length === 1 && prev.targets[0].type === 'measure' ? prev.targets[0].name : null;
    if (!m.per || !den || !num || num === den) continue;
    let words = `${prev.words} ${pack.ratioWord} ${m.words}`;
    const average = tokens[prev.start - 1];
    if (average && !average.consumed && pack.averageWords.has(average.norm)) {
      average.consumed = true;
      words = `${average.norm} ${words}`;
      const at = unknown.indexOf(average);
      if (at >= 0) unknown.splice(at, 1);
    }
    const ratio =
      model.measures.find((r) => r.kind === 'ratio' && r.numerator === num && r.denominator === den) ??
      averageOf(model, num, den);
    if (ratio) {
      matches.splice(i - 1, 2, { ...prev, targets: [{ type: 'measure', name: ratio.name }], words });
      i--;
      continue;
    }
    const numerator = measureLabel(model, num);
    const denominator = measureLabel(model, den);
    if (dualDimension) {
      // "revenue per account": each account's revenue, or an average per account? Ask.
      return ask(
        { key: 'perWhat', measure: numerator, words: m.words },
        null,
        [
          replaceWords(
            phrase,
            words,
            pack.messages.phrases.by([numerator], dimensionLabel(model, dualDimension).toLowerCase()),
          ),
          ...model.measures
            .filter((r) => r.kind === 'ratio' && r.numerator === num)
            .map((r) => replaceWords(phrase, words, r.label)),
        ],
        'whichOne',
      );
    }
    const related = model.measures
      .filter((r) => r.kind === 'ratio' && [r.numerator, r.denominator].some((x) => x === num || x === den))
      .map((r) => replaceWords(phrase, words, r.label));
    return ask(
      { key: 'noRatio', words, numerator, denominator },
      null,
      [...related, replaceWords(phrase, words, pack.messages.phrases.both(numerator, denominator))],
      'whichMeasure',
    );
  }
  return null;
}

/**
 * "revenue per invoice" where the model has no ratio but an average of the same column over the
 * same rows the count counts ("Average Amount"): that average is the ratio.
 */
function averageOf(
  model: TSemanticModel,
  num: string,
  den: string,
): TSemanticModel['measures'][number] | undefined {
  const n = findMeasure(model, num);
  const d = findMeasure(model, den);
  if (n?.kind !== 'aggregate' || d?.kind !== 'aggregate') return undefined;
  if (!['count', 'count_distinct'].includes(d.agg) || d.table !== n.table) return undefined;
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  if (!same(n.where, d.where)) return undefined;
  // "resolution hours per ticket" where resolution hours already is the average per ticket.
  if (n.agg === 'avg') return n;
  if (n.agg !== 'sum') return undefined;
  return model.measures.find(
    (a) =>
      a.kind === 'aggregate' &&
      a.agg === 'avg' &&
      a.table === n.table &&
      same(a.expr, n.expr) &&
      same(a.where, n.where),
  );
}

/**
 * "revenue generated from orders": a measure said to come from a plain count of rows it is
 * computed over only restates where it comes from (dropped); from a narrower measure ("revenue
 * from new customers") it would need a split the model does not have, so ask.
 */
function settleSources(input: TAssembleInput): TClarification | null {
  const { matches, tokens, model, pack } = input;
  for (let i = 1; i < matches.length; i++) {
    const m = matches[i];
    const prev = matches[i - 1];
    const a = prev.targets.length === 1 && prev.targets[0].type === 'measure' ? prev.targets[0].name : null;
    const b = m.targets.length === 1 && m.targets[0].type === 'measure' ? m.targets[0].name : null;
    if (!a || !b || a === b) continue;
    const between = tokens.slice(prev.start + prev.words.split(' ').length, m.start);
    if (!between.some((t) => t.norm === 'from') || !between.every((t) => pack.sourceWords.has(t.norm)))
      continue;
    const source = findMeasure(model, b);
    const measure = findMeasure(model, a);
    // A count of the rows it is computed over (its own table or one it reaches many-to-one),
    // under the same conditions: "revenue from orders". "new customers" has its own condition.
    const sameRows =
      source?.kind === 'aggregate' &&
      measure?.kind === 'aggregate' &&
      ['count', 'count_distinct'].includes(source.agg) &&
      JSON.stringify(source.where ?? []) === JSON.stringify(measure.where ?? []) &&
      getReachableTables(model, measure.table).has(source.table);
    if (sameRows) {
      matches.splice(i, 1);
      i--;
      continue;
    }
    const words = [prev.words, ...between.map((t) => t.norm), m.words].join(' ');
    return ask(
      { key: 'measureFromMeasure', measure: measureLabel(model, a), source: measureLabel(model, b) },
      null,
      [measureLabel(model, a), measureLabel(model, b)].map((label) =>
        replaceWords(input.phrase, words, label),
      ),
      'whichMeasure',
    );
  }
  return null;
}

export function assemble(input: TAssembleInput): TSemanticQuery | TClarification {
  const { tokens, matches, model, phrase, pack, vocabulary, slots, normalised } = input;
  const { phrases } = pack.messages;
  const unknown = tokens.filter((t) => isUnplaced(t, pack));
  const hasWhich = tokens.some((t) => pack.whichWords.has(t.norm));

  settleMeasureWords(matches);

  // Ambiguous measure or dimension names: ask which one.
  for (const m of matches) {
    const kinds = m.targets.filter((t) => t.type === 'measure' || t.type === 'dimension');
    if (kinds.length > 1) {
      const labels = kinds.map((t) => targetLabel(model, t));
      return ask(
        { key: 'ambiguousWord', words: m.words, options: labels },
        null,
        labels.map((l) => replaceWords(phrase, m.words, l)),
        'whichOne',
      );
    }
  }

  const ratioQuestion = settleRatios(input, unknown) ?? settleSources(input);
  if (ratioQuestion) return ratioQuestion;

  // "revenue excluding", "revenue last month vs": a question cut off after a word that needs
  // something to follow is asked back, never answered without it.
  const last = tokens.at(-1);
  if (last && !last.consumed && pack.dangling.has(last.norm))
    return ask({ key: 'cutOff', word: last.norm, understood: null }, null, getExampleQuestions(model, pack));

  const measures: string[] = [];
  const measureAt: { name: string; at: number }[] = [];
  const dimensionWords: { name: string; words: string; grouped: boolean }[] = [];
  let timeField: string | null = null;
  for (const m of matches) {
    const t = m.targets[0];
    if (t.type === 'measure') {
      if (!measures.includes(t.name)) measures.push(t.name);
      measureAt.push({ name: t.name, at: m.start });
    } else if (t.type === 'dimension') {
      dimensionWords.push({ name: t.name, words: m.words, grouped: m.grouped });
    } else if (t.type === 'time') {
      timeField = t.name;
    }
  }

  // Follow-up: merge into the previous query instead of starting again.
  const followMarker = pack.followUp.exec(normalised)?.[0] ?? null;
  const previous = input.previous;
  const isFollowUp = previous !== null && (followMarker !== null || measures.length === 0);
  let baseMeasures = measures;
  if (isFollowUp && previous) {
    if (measures.length === 0) baseMeasures = [...previous.measures];
    else if (pack.append.test(normalised)) baseMeasures = [...new Set([...previous.measures, ...measures])];
  }

  // Numeric filters apply to the nearest measure mentioned (or the first one).
  const measureFilters: TQueryFilter[] = [];
  for (const f of slots.numeric) {
    const nearest =
      [...measureAt].sort((a, b) => Math.abs(a.at - f.at) - Math.abs(b.at - f.at))[0]?.name ??
      baseMeasures[0];
    if (!nearest) continue;
    const isPercent = findMeasure(model, nearest)?.format === 'percent';
    const values = f.values.map((v) => (f.percent && isPercent ? v / 100 : v));
    measureFilters.push({ field: nearest, op: f.op, values });
    if (!baseMeasures.includes(nearest)) baseMeasures = [...baseMeasures, nearest];
  }

  // Values → filters; a value of several dimensions is settled by what the measures can use.
  const valueFilters = new Map<string, { op: 'in' | 'not_in'; values: string[] }>();
  for (const m of matches) {
    const values = m.targets.filter((t): t is TValueTarget => t.type === 'value');
    if (values.length === 0) continue;
    let candidates = values;
    if (values.length > 1 && baseMeasures.length > 0) {
      candidates = values.filter((v) =>
        baseMeasures.every((ms) => isDimensionAvailable(model, ms, v.dimension)),
      );
      if (candidates.length === 0) candidates = values;
    }
    if (candidates.length > 1) {
      return ask(
        {
          key: 'ambiguousValue',
          words: m.words,
          options: candidates.map((v) => `${v.value} (${dimensionLabel(model, v.dimension)})`),
        },
        null,
        candidates.map((v) =>
          replaceWords(phrase, m.words, phrases.fieldValue(dimensionLabel(model, v.dimension), v.value)),
        ),
        'whichOne',
      );
    }
    const v = candidates[0];
    const op = m.negated ? 'not_in' : 'in';
    const existing = valueFilters.get(v.dimension);
    if (existing && existing.op === op) {
      if (!existing.values.includes(v.value)) existing.values.push(v.value);
    } else {
      valueFilters.set(v.dimension, { op, values: [v.value] });
    }
  }
  // "EMEA vs APAC", "mobile and desktop": several values of one field are compared, one row
  // each, never summed into one number.
  const comparedDimensions = [...valueFilters]
    .filter(([, f]) => f.op === 'in' && f.values.length > 1)
    .map(([field]) => field);
  const dimensions: string[] = [];
  for (const d of dimensionWords) {
    // "the Electronics category" names the filter's field; "by category" asks for a breakdown.
    if (!d.grouped && valueFilters.has(d.name)) continue;
    if (!dimensions.includes(d.name)) dimensions.push(d.name);
  }

  // What this question's own words said: a question back never repeats context it did not use
  // (the previous question's measure is not "understood" from "blorp zork").
  const understoodSoFar = (): string | null => {
    const parts: string[] = [];
    // In the question's language: its names and word order ("Ülke bazında", "Ülke: Almanya").
    const said = pack.messages.understood;
    for (const m of measures) parts.push(said.name(measureLabel(model, m)));
    for (const d of dimensions) parts.push(said.by(dimensionLabel(model, d)));
    for (const [dim, f] of valueFilters)
      parts.push(said.values(dimensionLabel(model, dim), f.values, f.op !== 'in'));
    return parts.length > 0 ? parts.join(', ') : null;
  };

  if (unknown.length > 0) {
    const words = [...new Set(unknown.map((t) => t.norm))].slice(0, 5);
    const understood = understoodSoFar();
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

  // Nothing recognised at all ("how are we doing", "thanks"): ask, never fall back to a default
  // measure or silently re-run the previous question.
  if (!tokens.some((t) => t.consumed)) {
    const withDates = model.measures
      .filter((m) => !(m.kind === 'aggregate' && m.hidden) && findMeasureTime(model, m.name))
      .slice(0, 3)
      .map((m) => phrases.thisVsLastMonth(m.label));
    return ask({ key: 'nothingKnown' }, null, [...withDates, ...getExampleQuestions(model, pack)]);
  }

  if (baseMeasures.length === 0) {
    const understood = understoodSoFar();
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

  // Build the query (merged with the previous one for follow-ups).
  const base: TSemanticQuery =
    isFollowUp && previous ? structuredClone(previous) : { measures: [], dimensions: [], filters: [] };
  base.measures = baseMeasures;
  // A follow-up refines the plain question: "and by month?" after a "why" is not a second "why".
  delete base.analysis;
  // A follow-up that swaps the measure ("same for orders") keeps the ranking, on the new measure.
  if (
    base.order &&
    model.measures.some((m) => m.name === base.order!.field) &&
    !base.measures.includes(base.order.field)
  ) {
    base.order = { ...base.order, field: base.measures[0]! };
  }
  // Measure filters (HAVING) of measures no longer asked about do not carry over.
  base.filters = base.filters.filter(
    (f) => !model.measures.some((m) => m.name === f.field) || base.measures.includes(f.field),
  );
  if (dimensions.length > 0) {
    base.dimensions =
      isFollowUp &&
      !pack.instead.test(normalised) &&
      followMarker !== null &&
      pack.appendBreakdown.test(followMarker)
        ? [...new Set([...base.dimensions, ...dimensions])]
        : dimensions;
  }
  if (comparedDimensions.length > 0) {
    const others = base.dimensions.filter((d) => !comparedDimensions.includes(d));
    base.dimensions = [...others.slice(0, Math.max(0, 3 - comparedDimensions.length)), ...comparedDimensions];
  }
  base.dimensions = base.dimensions.slice(0, 3);
  const newFilters: TQueryFilter[] = [
    ...[...valueFilters].map(([field, f]) => ({ field, op: f.op, values: f.values })),
    ...measureFilters,
  ];
  base.filters = [...base.filters.filter((f) => !newFilters.some((n) => n.field === f.field)), ...newFilters];

  const { dates } = slots;
  const ranges = dates.ranges.filter((r) => r.kind !== 'all');
  if (ranges.length > 1)
    return ask(
      { key: 'twoPeriods' },
      describeQuery(base, model, pack.code),
      getExampleQuestions(model, pack),
    );
  const range: TDateRange | null = ranges[0] ?? (dates.ranges.length > 0 ? { kind: 'all' } : null);
  const compare = dates.compare ?? (dates.wantsChange && ranges[0] ? 'previous_period' : null);
  if (compare) base.compare = compare;
  if (slots.chart) base.chart = slots.chart;

  // Time dimension: the measures' own date, unless the user named another.
  const time = (timeField ? { name: timeField } : null) ?? findMeasureTime(model, base.measures[0]);
  const grain = slots.grain;
  const wantsTime =
    range !== null || grain !== null || base.compare !== undefined || base.timeDimension !== undefined;
  if (wantsTime) {
    if (!time) {
      return ask(
        { key: 'noDate', measure: measureLabel(model, base.measures[0]) },
        describeQuery({ ...base, timeDimension: undefined, compare: undefined }, model, pack.code),
        getExampleQuestions(model, pack),
      );
    }
    const td = base.timeDimension ?? { field: time.name, range: { kind: 'all' } as TDateRange };
    td.field =
      isFollowUp && base.timeDimension && !timeField
        ? (findMeasureTime(model, base.measures[0])?.name ?? td.field)
        : time.name;
    if (range) td.range = range;
    if (grain === 'auto') td.grain = td.grain ?? autoGrain(td.range, input.today, input.weekStart);
    else if (grain) td.grain = grain;
    // A comparison needs a concrete period: default to the current one of the compared kind.
    if (base.compare && td.range.kind === 'all') td.range = defaultCompareRange(base.compare);
    base.timeDimension = td;
  }

  const { ranking } = slots;
  if (ranking) {
    base.order = { field: base.measures[0], dir: ranking.dir };
    if (ranking.n) base.limit = Math.min(ranking.n, 1000);
    else if (ranking.sortOnly) delete base.limit;
    else {
      // "which products sold best" ranks them (10 by default), "which product" wants the one.
      let plural = false;
      let singular = false;
      for (const d of dimensionWords) {
        if (!dimensions.includes(d.name)) continue;
        const last = d.words.split(' ').at(-1);
        const t = tokens.find((x) => x.norm === last);
        if (!t) continue;
        if (pack.isPlural ? pack.isPlural(t.norm, t.lemma) : t.norm !== t.lemma) plural = true;
        else if (!t.norm.endsWith('s') && !d.grouped) singular = true;
      }
      if (plural) base.limit = 10;
      else if (singular || hasWhich) base.limit = 1;
      else if (dimensionWords.some((d) => dimensions.includes(d.name))) base.limit = 10;
      else if (!ranking.superlative) base.limit = 10;
      else delete base.limit;
    }
    if (base.dimensions.length === 0 && !base.timeDimension?.grain) {
      return ask(
        {
          key: 'whatToRank',
          understood: describeQuery({ ...base, order: undefined, limit: undefined }, model, pack.code),
        },
        describeQuery(base, model, pack.code),
        model.dimensions
          .filter((d) => base.measures.every((m) => isDimensionAvailable(model, m, d.name)))
          .slice(0, 6)
          .map((d) =>
            phrases.rank(
              ranking.dir,
              ranking.n ?? 5,
              d.label.toLowerCase(),
              measureLabel(model, base.measures[0]),
            ),
          ),
        'rankBy',
      );
    }
  }
  return base;
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

function defaultCompareRange(compare: TComparison): TDateRange {
  switch (compare) {
    case 'previous_year':
      return { kind: 'to_date', unit: 'year' };
    case 'previous_quarter':
      return { kind: 'this', unit: 'quarter' };
    case 'previous_week':
      return { kind: 'this', unit: 'week' };
    case 'previous_day':
      return { kind: 'this', unit: 'day' };
    case 'previous_month':
    case 'previous_period':
      return { kind: 'this', unit: 'month' };
  }
}

/** A readable bucket size for "over time": days for a month, weeks for a quarter, else months. */
function autoGrain(range: TDateRange, today: string, weekStart: TWeekStart): TTimeGrain {
  const r = resolveRange(range, today, weekStart);
  if (!r) return 'month';
  const days = daysBetween(r.from, r.to) + 1;
  if (days <= 45) return 'day';
  if (days <= 190) return 'week';
  return 'month';
}
