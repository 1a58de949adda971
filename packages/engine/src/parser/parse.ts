/**
 * The question parser of DESIGN §6: phrase → SemanticQuery, or a clarification saying what
 * was understood and offering choices. It never answers confidently about words it could not
 * place, never throws, and never lets user text reach SQL (only model names and bound values).
 */
import {
  MAX_PHRASE_LENGTH,
  type TChartType,
  type TComparison,
  type TDateRange,
  type TQueryFilter,
  type TSemanticQuery,
  type TTimeGrain,
  ZSemanticQuery,
} from '@parley/contract';
import { escapeHtml } from '@parley/presenter';
import { daysBetween, resolveRange, type TWeekStart } from '../dates/date-range';
import {
  findDimension,
  findMeasure,
  findMeasureTime,
  isDimensionAvailable,
  type TSemanticModel,
} from '../model/semantic-model';
import { findDates, type TDateFindings } from './date-phrases';
import { describeQuery } from './describe';
import { TokenScanner } from './scanner';
import { GROUPING_WORDS, NEGATIONS, STOPWORDS } from './stopwords';
import { normalisePhrase, type TToken, tokenize } from './text';
import { findCorrection, getVocabulary, type TVocabularyTarget } from './vocabulary';

export interface TParseOptions {
  model: TSemanticModel;
  /** The user's date, YYYY-MM-DD, in their timezone. */
  today: string;
  /** Monday for en-GB and tr, Sunday for en-US (DESIGN §6). */
  weekStart: TWeekStart;
  /** The conversation's previous query, for follow-ups ("and by month?", "only EMEA"). */
  previous?: TSemanticQuery | null;
  /** Day-first numeric dates (01/03/2025); defaults to weekStart === 'monday'. */
  dayFirst?: boolean;
}

export interface TClarifyPrompt {
  title: string;
  items: string[];
  /**
   * Parallel to `items`: the unknown word a choice would explain and what it would mean. When the
   * user picks that choice, the caller may remember the word as a synonym (learned synonyms).
   */
  learn?: (TLearnedChoice | null)[];
}

/** An unknown word and the model field or value a choice reads it as. */
export interface TLearnedChoice {
  word: string;
  target: TVocabularyTarget;
}

/** A clarification choice: a phrase to ask, optionally teaching what an unknown word meant. */
type TChoice = string | { phrase: string; learn: TLearnedChoice };

export type TParseResult =
  | { kind: 'query'; query: TSemanticQuery; understood: string; corrections: { from: string; to: string }[] }
  | { kind: 'clarify'; text: string; prompt: TClarifyPrompt; understood: string | null };

interface TMatch {
  targets: TVocabularyTarget[];
  start: number;
  words: string;
  negated: boolean;
  grouped: boolean;
  /** Right after "per": with a measure before it, "revenue per order" is a ratio. */
  per: boolean;
}

interface TNumericFilter {
  op: TQueryFilter['op'];
  values: number[];
  percent: boolean;
  at: number;
}

interface TRanking {
  dir: 'asc' | 'desc';
  n: number | null;
  superlative: boolean;
  /** Only an order was asked for ("sorted by revenue"): every row, no limit. */
  sortOnly?: boolean;
}

const FOLLOW_UP =
  /^(?:and|also|what about|how about|same for|same but|same|now|only|just|but|then|what if|instead|ok|okay|plus|add|and also|and what about|what of)\b/;
const AVERAGE_WORDS = new Set(['average', 'avg', 'mean']);
const APPEND = /^(?:and also|also|plus|add)\b|\b(?:too|as well)$/;

/** Parses a question against a model; see TParseResult. Never throws. */
export function parseQuestion(phrase: string, options: TParseOptions): TParseResult {
  try {
    return parse(phrase, options);
  } catch {
    return clarify(
      options.model,
      'Sorry, I could not understand that question.',
      null,
      getExampleQuestions(options.model),
    );
  }
}

function parse(phrase: string, options: TParseOptions): TParseResult {
  const { model } = options;
  if (typeof phrase !== 'string' || phrase.trim() === '') {
    return clarify(model, 'Ask a question about your data, for example:', null, getExampleQuestions(model));
  }
  if (phrase.length > MAX_PHRASE_LENGTH) {
    return clarify(
      model,
      `That question is too long (over ${MAX_PHRASE_LENGTH} characters). Try a shorter one:`,
      null,
      getExampleQuestions(model),
    );
  }
  const normalised = normalisePhrase(phrase);
  const tokens = tokenize(normalised);
  const scanner = new TokenScanner(tokens);
  const vocabulary = getVocabulary(model);

  const followMarker = FOLLOW_UP.exec(normalised)?.[0] ?? null;
  const appendMarker = APPEND.test(normalised);
  const insteadMarker = /\binstead\b/.test(normalised);

  const chart = findChart(scanner);
  const numeric = findNumericFilters(scanner);
  const ranking = findRanking(scanner);
  const dates = findDates(scanner, {
    today: options.today,
    dayFirst: options.dayFirst ?? options.weekStart === 'monday',
  });
  const grain = findGrain(scanner);

  const corrections = correctTypos(tokens, vocabulary);
  const matches = matchVocabulary(tokens, vocabulary);
  const unknown = tokens.filter(
    (t) => !t.consumed && !STOPWORDS.has(t.norm) && !NEGATIONS.has(t.norm) && !GROUPING_WORDS.has(t.norm),
  );
  const hasWhich = tokens.some((t) => t.norm === 'which' || t.norm === 'what' || t.norm === 'who');

  // "enterprise customers", "mobile users": a measure word right after a value only qualifies it
  // when the question names another measure.
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

  // "accounts" may be a count or the account breakdown: with another measure present it is the breakdown.
  const measureMatches = matches.filter(
    (m) => m.targets.length === 1 && m.targets[0].type === 'measure',
  ).length;
  for (const m of matches) {
    const hasMeasure = m.targets.some((t) => t.type === 'measure');
    const hasDimension = m.targets.some((t) => t.type === 'dimension');
    if (hasMeasure && hasDimension) {
      m.targets = m.targets.filter((t) => t.type === (measureMatches > 0 ? 'dimension' : 'measure'));
    }
  }

  // Ambiguous measure or dimension names: ask which one.
  for (const m of matches) {
    const kinds = m.targets.filter((t) => t.type === 'measure' || t.type === 'dimension');
    if (kinds.length > 1) {
      const labels = kinds.map((t) => targetLabel(model, t));
      return clarify(
        model,
        `“${escapeHtml(m.words)}” could mean ${labels.join(' or ')}. Which one?`,
        null,
        labels.map((l) => replaceWords(phrase, m.words, l)),
        'Which one did you mean?',
      );
    }
  }

  // "revenue per order": a measure per another measure is their ratio, never the two numbers
  // side by side; the model's ratio measure answers it, else ask which existing measure fits.
  for (let i = 1; i < matches.length; i++) {
    const m = matches[i];
    const prev = matches[i - 1];
    const den = m.targets.length === 1 && m.targets[0].type === 'measure' ? m.targets[0].name : null;
    const num = prev.targets.length === 1 && prev.targets[0].type === 'measure' ? prev.targets[0].name : null;
    if (!m.per || !den || !num || num === den) continue;
    let words = `${prev.words} per ${m.words}`;
    // "average revenue per order" is the same ratio.
    const average = tokens[prev.start - 1];
    if (average && !average.consumed && AVERAGE_WORDS.has(average.norm)) {
      average.consumed = true;
      words = `${average.norm} ${words}`;
      const at = unknown.indexOf(average);
      if (at >= 0) unknown.splice(at, 1);
    }
    const ratio = model.measures.find(
      (r) => r.kind === 'ratio' && r.numerator === num && r.denominator === den,
    );
    if (ratio) {
      matches.splice(i - 1, 2, {
        ...prev,
        targets: [{ type: 'measure', name: ratio.name }],
        words,
      });
      i--;
      continue;
    }
    const numLabel = targetLabel(model, { type: 'measure', name: num });
    const denLabel = targetLabel(model, { type: 'measure', name: den });
    const related = model.measures
      .filter((r) => r.kind === 'ratio' && [r.numerator, r.denominator].some((x) => x === num || x === den))
      .map((r) => replaceWords(phrase, words, r.label));
    return clarify(
      model,
      `“${escapeHtml(words)}” would be ${escapeHtml(numLabel)} divided by ${escapeHtml(denLabel)}, and there is no such measure. Did you mean one of these?`,
      null,
      [...related, replaceWords(phrase, words, `${numLabel} and ${denLabel}`)],
      'Which measure?',
    );
  }

  const measures: string[] = [];
  const measureAt: { name: string; at: number }[] = [];
  const dimensions: string[] = [];
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
  const previous = options.previous ?? null;
  const isFollowUp = previous !== null && (followMarker !== null || measures.length === 0);
  let baseMeasures = measures;
  if (isFollowUp && previous) {
    if (measures.length === 0) baseMeasures = [...previous.measures];
    else if (appendMarker) baseMeasures = [...new Set([...previous.measures, ...measures])];
  }

  // Numeric filters apply to the nearest measure mentioned (or the first one).
  const measureFilters: TQueryFilter[] = [];
  for (const f of numeric) {
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
    const values = m.targets.filter(
      (t): t is Extract<TVocabularyTarget, { type: 'value' }> => t.type === 'value',
    );
    if (values.length === 0) continue;
    let candidates = values;
    if (values.length > 1 && baseMeasures.length > 0) {
      candidates = values.filter((v) =>
        baseMeasures.every((ms) => isDimensionAvailable(model, ms, v.dimension)),
      );
      if (candidates.length === 0) candidates = values;
    }
    if (candidates.length > 1) {
      const options2 = candidates.map(
        (v) => `${v.value} (${targetLabel(model, { type: 'dimension', name: v.dimension })})`,
      );
      return clarify(
        model,
        `“${escapeHtml(m.words)}” is a value of several fields: ${escapeHtml(options2.join(', '))}. Which one?`,
        null,
        candidates.map((v) =>
          replaceWords(
            phrase,
            m.words,
            `${targetLabel(model, { type: 'dimension', name: v.dimension })} ${v.value}`,
          ),
        ),
        'Which one did you mean?',
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
  for (const d of dimensionWords) {
    // "the Electronics category" names the filter's field; "by category" asks for a breakdown.
    if (!d.grouped && valueFilters.has(d.name)) continue;
    if (!dimensions.includes(d.name)) dimensions.push(d.name);
  }

  const understoodSoFar = (): string | null => {
    const parts: string[] = [];
    for (const m of baseMeasures) parts.push(targetLabel(model, { type: 'measure', name: m }));
    for (const d of dimensions) parts.push(`by ${targetLabel(model, { type: 'dimension', name: d })}`);
    for (const [dim, f] of valueFilters)
      parts.push(
        `${targetLabel(model, { type: 'dimension', name: dim })} ${f.op === 'in' ? 'is' : 'is not'} ${f.values.join(', ')}`,
      );
    return parts.length > 0 ? parts.join(', ') : null;
  };

  if (unknown.length > 0) {
    const words = [...new Set(unknown.map((t) => t.norm))].slice(0, 5);
    const so = understoodSoFar();
    const suggestions = suggestFor(words, vocabulary, model, phrase, baseMeasures.length > 0, dimensions);
    return clarify(
      model,
      `${so ? `I understood ${escapeHtml(so)}, but` : 'Sorry,'} I don’t know ${words.map((w) => `“${escapeHtml(w)}”`).join(', ')}. Did you mean one of these?`,
      so,
      suggestions.length > 0 ? suggestions : getExampleQuestions(model),
      'Did you mean…',
    );
  }

  // Nothing recognised at all ("how are we doing", "thanks"): ask, never fall back to a default
  // measure or silently re-run the previous question.
  if (!tokens.some((t) => t.consumed)) {
    const withDates = model.measures
      .filter((m) => !(m.kind === 'aggregate' && m.hidden) && findMeasureTime(model, m.name))
      .slice(0, 3)
      .map((m) => `${m.label} this month vs last month`);
    return clarify(model, 'I could not tell what you want to know. Name a measure, for example:', null, [
      ...withDates,
      ...getExampleQuestions(model),
    ]);
  }

  if (baseMeasures.length === 0) {
    const so = understoodSoFar();
    const dimsForItems = dimensions.length > 0 ? dimensions : [...valueFilters.keys()];
    const items = model.measures
      .filter((m) => !(m.kind === 'aggregate' && m.hidden))
      .filter((m) => dimsForItems.every((d) => isDimensionAvailable(model, m.name, d)))
      .slice(0, 6)
      .map((m) => replaceWords(phrase, '', m.label));
    return clarify(
      model,
      `${so ? `I understood ${escapeHtml(so)}, but not` : 'I could not tell'} what to measure. Which measure do you want?`,
      so,
      items.length > 0 ? items : getExampleQuestions(model),
      'Which measure?',
    );
  }

  // Build the query (merged with the previous one for follow-ups).
  const base: TSemanticQuery =
    isFollowUp && previous ? structuredClone(previous) : { measures: [], dimensions: [], filters: [] };
  base.measures = baseMeasures;
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
      isFollowUp && !insteadMarker && followMarker !== null && /^(?:and|also|plus|add)\b/.test(followMarker)
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

  const rangeResult = chooseRange(dates, model);
  if (rangeResult && 'clarify' in rangeResult)
    return clarify(model, rangeResult.clarify, describeQuery(base, model), getExampleQuestions(model));
  const range = rangeResult?.range ?? null;
  const compare =
    dates.compare ?? (dates.wantsChange && range && range.kind !== 'all' ? 'previous_period' : null);
  if (compare) base.compare = compare;
  if (chart) base.chart = chart;

  // Time dimension: the measures' own date, unless the user named another.
  const time = (timeField ? { name: timeField } : null) ?? findMeasureTime(model, base.measures[0]);
  const wantsTime =
    range !== null || grain !== null || base.compare !== undefined || base.timeDimension !== undefined;
  if (wantsTime) {
    if (!time) {
      return clarify(
        model,
        `${escapeHtml(targetLabel(model, { type: 'measure', name: base.measures[0] }))} has no date, so it cannot be split or filtered by time.`,
        describeQuery({ ...base, timeDimension: undefined, compare: undefined }, model),
        getExampleQuestions(model),
      );
    }
    const td = base.timeDimension ?? { field: time.name, range: { kind: 'all' } as TDateRange };
    td.field =
      isFollowUp && base.timeDimension && !timeField
        ? (findMeasureTime(model, base.measures[0])?.name ?? td.field)
        : time.name;
    if (range) td.range = range;
    if (grain === 'auto') td.grain = td.grain ?? autoGrain(td.range, options);
    else if (grain) td.grain = grain;
    // A comparison needs a concrete period: default to the current one of the compared kind.
    if (base.compare && td.range.kind === 'all') td.range = defaultCompareRange(base.compare);
    base.timeDimension = td;
  }

  if (ranking) {
    const orderField = base.measures[0];
    base.order = { field: orderField, dir: ranking.dir };
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
        if (t.norm !== t.lemma) plural = true;
        else if (!t.norm.endsWith('s') && !d.grouped) singular = true;
      }
      if (plural) base.limit = 10;
      else if (singular || hasWhich) base.limit = 1;
      else if (dimensionWords.some((d) => dimensions.includes(d.name))) base.limit = 10;
      else if (!ranking.superlative) base.limit = 10;
      else delete base.limit;
    }
    if (base.dimensions.length === 0 && !base.timeDimension?.grain) {
      return clarify(
        model,
        `I understood ${escapeHtml(describeQuery({ ...base, order: undefined, limit: undefined }, model))}, but not what to rank. Rank which of these?`,
        describeQuery(base, model),
        model.dimensions
          .filter((d) => base.measures.every((m) => isDimensionAvailable(model, m, d.name)))
          .slice(0, 6)
          .map(
            (d) =>
              `${ranking.dir === 'desc' ? 'Top' : 'Bottom'} ${ranking.n ?? 5} ${d.label.toLowerCase()} by ${targetLabel(model, { type: 'measure', name: base.measures[0] })}`,
          ),
        'Rank by…',
      );
    }
  }

  // Every dimension used must be reachable from every measure.
  for (const field of [
    ...base.dimensions,
    ...base.filters.filter((f) => findDimension(model, f.field)).map((f) => f.field),
  ]) {
    const missing = base.measures.filter((m) => !isDimensionAvailable(model, m, field));
    if (missing.length > 0) {
      const dimLabel = targetLabel(model, { type: 'dimension', name: field });
      const items = model.dimensions
        .filter((d) => base.measures.every((m) => isDimensionAvailable(model, m, d.name)))
        .slice(0, 6)
        .map(
          (d) =>
            `${missing.map((m) => targetLabel(model, { type: 'measure', name: m })).join(' and ')} by ${d.label.toLowerCase()}`,
        );
      return clarify(
        model,
        `${escapeHtml(missing.map((m) => targetLabel(model, { type: 'measure', name: m })).join(' and '))} cannot be broken down or filtered by ${escapeHtml(dimLabel)}. Try one of these:`,
        describeQuery(base, model),
        items,
        'Available breakdowns',
      );
    }
  }

  const parsed = ZSemanticQuery.safeParse(base);
  if (!parsed.success) {
    return clarify(
      model,
      'Sorry, I could not turn that into a question about your data.',
      null,
      getExampleQuestions(model),
    );
  }
  return { kind: 'query', query: parsed.data, understood: describeQuery(parsed.data, model), corrections };
}

function clarify(
  _model: TSemanticModel,
  text: string,
  understood: string | null,
  choices: TChoice[],
  title = 'You could ask',
): TParseResult {
  const items: string[] = [];
  const learn: (TLearnedChoice | null)[] = [];
  for (const c of choices) {
    const phrase = typeof c === 'string' ? c : c.phrase;
    if (items.includes(phrase) || items.length >= 6) continue;
    items.push(phrase);
    learn.push(typeof c === 'string' ? null : c.learn);
  }
  const prompt: TClarifyPrompt = learn.some(Boolean) ? { title, items, learn } : { title, items };
  return { kind: 'clarify', text, prompt, understood };
}

function targetLabel(model: TSemanticModel, t: TVocabularyTarget): string {
  switch (t.type) {
    case 'measure':
      return findMeasure(model, t.name)?.label ?? t.name;
    case 'dimension':
      return findDimension(model, t.name)?.label ?? t.name;
    case 'value':
      return t.value;
    case 'time':
      return model.timeDimensions.find((x) => x.name === t.name)?.label ?? t.name;
  }
}

/** The phrase with some words swapped for a suggestion (or the suggestion appended). */
function replaceWords(phrase: string, words: string, replacement: string): string {
  const clean = phrase.trim().replace(/\s+/g, ' ').slice(0, 200);
  if (words) {
    const re = new RegExp(`\\b${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')}\\b`, 'i');
    if (re.test(clean)) return clean.replace(re, replacement);
  }
  return `${replacement} ${clean}`.trim();
}

/** Example questions built from the model's own vocabulary. */
export function getExampleQuestions(model: TSemanticModel): string[] {
  const measures = model.measures.filter((m) => !(m.kind === 'aggregate' && m.hidden));
  const first = measures[0];
  if (!first) return [];
  const dims = model.dimensions.filter((d) => isDimensionAvailable(model, first.name, d.name));
  const out = [`${first.label} last month`, `${first.label} by month this year`];
  if (dims[0]) out.push(`Top 5 ${dims[0].synonyms[0] ?? dims[0].label} by ${first.label.toLowerCase()}`);
  if (measures[1]) out.push(`${measures[1].label} this quarter vs last quarter`);
  return out;
}

function findChart(scanner: TokenScanner): TChartType | null {
  let chart: TChartType | null = null;
  const map: Record<string, TChartType> = {
    pie: 'pie',
    donut: 'donut',
    doughnut: 'donut',
    bar: 'bar',
    bars: 'bar',
    column: 'bar',
    columns: 'bar',
    line: 'line',
    lines: 'line',
    area: 'area',
  };
  const kinds = 'pie|donut|doughnut|bars?|columns?|lines?|area';
  scanner.scan(
    `(?:as |in |using |with |on )(?:a |an )?(${kinds})(?: chart| graph| plot| diagram)?|(?:a |an )?(${kinds}) (?:chart|graph|plot|diagram)`,
    (g) => {
      chart ??= map[g[0] ?? g[1]];
      return true;
    },
  );
  scanner.scan('(?:as |in )(?:a |the )?(?:table|list|number|text)', () => true);
  return chart;
}

const AMOUNT =
  '(?:\\$ |€ |£ )?(\\d+(?:\\.\\d+)?)(?: (k|m|bn|thousand|million|billion|%|percent))?(?: (?:\\$|€|£|dollars?|euros?|usd|eur|gbp))?';

function toNumber(value: string, suffix: string | undefined): number {
  const n = Number(value);
  switch (suffix) {
    case 'k':
    case 'thousand':
      return n * 1_000;
    case 'm':
    case 'million':
      return n * 1_000_000;
    case 'bn':
    case 'billion':
      return n * 1_000_000_000;
    default:
      return n;
  }
}

function findNumericFilters(scanner: TokenScanner): TNumericFilter[] {
  const out: TNumericFilter[] = [];
  const ops: [string, TQueryFilter['op']][] = [
    ['at least|no less than|not less than|minimum of|min of|>=', 'gte'],
    ['at most|no more than|not more than|maximum of|max of|up to|<=', 'lte'],
    [
      'over|above|more than|greater than|higher than|bigger than|larger than|exceeding|exceeds|exceed|>',
      'gt',
    ],
    ['under|below|less than|fewer than|lower than|smaller than|<', 'lt'],
  ];
  scanner.scan(`(?:between|from) ${AMOUNT} (?:and|to) ${AMOUNT}`, (g, at) => {
    const a = toNumber(g[0], g[1]);
    const b = toNumber(g[2], g[3]);
    // Years are dates, not amounts ("between 2024 and 2025").
    if (/^(19|20)\d\d$/.test(g[0]) && /^(19|20)\d\d$/.test(g[2]) && !g[1]) return false;
    out.push({
      op: 'between',
      values: [Math.min(a, b), Math.max(a, b)],
      percent: g[1] === '%' || g[1] === 'percent',
      at,
    });
    return true;
  });
  for (const [words, op] of ops) {
    scanner.scan(`(?:with |having |where |is |are |was |were )?(?:${words}) ${AMOUNT}`, (g, at) => {
      out.push({ op, values: [toNumber(g[0], g[1])], percent: g[1] === '%' || g[1] === 'percent', at });
      return true;
    });
  }
  scanner.scan(`${AMOUNT} (?:or more|or above|or over|plus)`, (g, at) => {
    out.push({ op: 'gte', values: [toNumber(g[0], g[1])], percent: g[1] === '%', at });
    return true;
  });
  scanner.scan(`${AMOUNT} (?:or less|or fewer|or below|or under)`, (g, at) => {
    out.push({ op: 'lte', values: [toNumber(g[0], g[1])], percent: g[1] === '%', at });
    return true;
  });
  return out;
}

function findRanking(scanner: TokenScanner): TRanking | null {
  let ranking: TRanking | null = null;
  const set = (r: TRanking): boolean => {
    ranking ??= r;
    return true;
  };
  scanner.scan('(?:the )?(top|best|highest|largest|biggest|leading|greatest|most) (\\d{1,4})', (g) =>
    set({ dir: 'desc', n: Number(g[1]) || null, superlative: false }),
  );
  scanner.scan('(?:the )?(bottom|worst|lowest|smallest|least|fewest) (\\d{1,4})', (g) =>
    set({ dir: 'asc', n: Number(g[1]) || null, superlative: false }),
  );
  scanner.scan('(?:the )?(?:top|leading)(?: performing)?', () =>
    set({ dir: 'desc', n: null, superlative: false }),
  );
  scanner.scan('(?:the )?(?:bottom)(?: performing)?', () => set({ dir: 'asc', n: null, superlative: false }));
  scanner.scan(
    '(?:the )?(?:most|highest|largest|biggest|greatest|max|maximum|best(?: performing)?|strongest)',
    () => set({ dir: 'desc', n: null, superlative: true }),
  );
  scanner.scan('(?:the )?(?:least|lowest|smallest|fewest|min|minimum|worst(?: performing)?|weakest)', () =>
    set({ dir: 'asc', n: null, superlative: true }),
  );
  let dir: 'asc' | 'desc' | null = null;
  scanner.scan('(?:ascending|asc|low to high|lowest first|increasing order|smallest first)', () => {
    dir = 'asc';
    return true;
  });
  scanner.scan(
    '(?:descending|desc|high to low|highest first|decreasing order|biggest first|largest first)',
    () => {
      dir = 'desc';
      return true;
    },
  );
  // "revenue per order by month" is a ratio by month, not a sort.
  scanner.scan('(?:sorted|ranked|ordered|(?<!per )order|sort|rank) by|sorted|ranked|ranking', () => {
    dir ??= 'desc';
    return true;
  });
  if (!ranking && dir) return { dir, n: null, superlative: true, sortOnly: true };
  return ranking;
}

const GRAINS: Record<string, TTimeGrain> = {
  day: 'day',
  daily: 'day',
  week: 'week',
  weekly: 'week',
  month: 'month',
  monthly: 'month',
  quarter: 'quarter',
  quarterly: 'quarter',
  year: 'year',
  yearly: 'year',
  annually: 'year',
  annual: 'year',
};

function findGrain(scanner: TokenScanner): TTimeGrain | 'auto' | null {
  let grain: TTimeGrain | 'auto' | null = null;
  scanner.scan(
    '(?:(?:broken down|split|grouped|bucketed) )?(?:by|per|each|every|for each|for every|a|in) (day|week|month|quarter|year)s?|(day|week|month|quarter|year) (?:by|over|on) (?:day|week|month|quarter|year)|(daily|weekly|monthly|quarterly|yearly|annually|annual)',
    (g) => {
      grain ??= GRAINS[g[0] ?? g[1] ?? g[2]];
      return true;
    },
  );
  // "by category and month", "by channel & week": a grain joined to a breakdown by "and".
  // Only the "and <grain>" words are consumed; the dimension is left for the vocabulary.
  scanner.scan('(?<=(?:^| )(?:by|per|across) [^\u00a7]+ )(?:and|&) (day|week|month|quarter|year)s?', (g) => {
    grain ??= GRAINS[g[0]];
    return true;
  });
  scanner.scan(
    '(?:over time|trend|trends|trending|timeline|time series|history|historical|evolution|over the period)',
    () => {
      grain ??= 'auto';
      return true;
    },
  );
  return grain;
}

/** Replaces unknown words with the closest vocabulary word (typo tolerance, fuse.js). */
function correctTypos(
  tokens: TToken[],
  vocabulary: ReturnType<typeof getVocabulary>,
): { from: string; to: string }[] {
  const corrections: { from: string; to: string }[] = [];
  for (const t of tokens) {
    if (
      t.consumed ||
      t.norm.length < 4 ||
      t.norm.length > 30 ||
      STOPWORDS.has(t.norm) ||
      NEGATIONS.has(t.norm)
    )
      continue;
    if (vocabulary.words.has(t.lemma) || vocabulary.words.has(t.norm) || !/^\p{L}+$/u.test(t.norm)) continue;
    const best = findCorrection(vocabulary, t.norm);
    if (best) {
      corrections.push({ from: t.norm, to: best });
      t.lemma = best;
    }
  }
  return corrections;
}

/** Longest-first n-gram matching of unconsumed tokens against the vocabulary. */
function matchVocabulary(tokens: TToken[], vocabulary: ReturnType<typeof getVocabulary>): TMatch[] {
  const matches: TMatch[] = [];
  let i = 0;
  while (i < tokens.length) {
    if (tokens[i].consumed) {
      i++;
      continue;
    }
    let matched = false;
    for (let n = Math.min(vocabulary.maxWords, tokens.length - i); n >= 1; n--) {
      const span = tokens.slice(i, i + n);
      if (span.some((t) => t.consumed)) continue;
      const targets = vocabulary.entries.get(span.map((t) => t.lemma).join(' '));
      if (!targets) continue;
      const before = tokens.slice(Math.max(0, i - 3), i).map((t) => t.norm);
      const negated = before.some((w) => NEGATIONS.has(w)) || before.join(' ').includes('other than');
      // "by month and region": a dimension joined by "and" to a grain or a grouped dimension is
      // grouped too (never read as naming a filter's field).
      const prevToken = tokens[i - 2];
      const joined =
        (before[before.length - 1] === 'and' || before[before.length - 1] === '&') &&
        prevToken !== undefined &&
        prevToken.consumed &&
        (/^(?:day|week|month|quarter|year)s?$/.test(prevToken.norm) ||
          matches.some((m) => m.grouped && m.start + m.words.split(' ').length === i - 1));
      const grouped = (before.length > 0 && GROUPING_WORDS.has(before[before.length - 1])) || joined;
      const per = before.length > 0 && before[before.length - 1] === 'per';
      matches.push({ targets, start: i, words: span.map((t) => t.norm).join(' '), negated, grouped, per });
      for (const t of span) t.consumed = true;
      i += n;
      matched = true;
      break;
    }
    if (!matched) i++;
  }
  return matches;
}

/**
 * Suggestions for unknown words, as whole questions: the closest vocabulary phrases; and for one
 * unknown word in a question that names no measure ("turnover by region"), each measure in its
 * place. Every suggestion says what the word would mean, so picking it can teach the word.
 */
function suggestFor(
  words: string[],
  vocabulary: ReturnType<typeof getVocabulary>,
  model: TSemanticModel,
  phrase: string,
  hasMeasure: boolean,
  dimensions: string[],
): TChoice[] {
  const out: TChoice[] = [];
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

function chooseRange(
  dates: TDateFindings,
  _model: TSemanticModel,
): { range: TDateRange } | { clarify: string } | null {
  const ranges = dates.ranges.filter((r) => r.kind !== 'all');
  if (ranges.length === 0) return dates.ranges.length > 0 ? { range: { kind: 'all' } } : null;
  if (ranges.length > 1) {
    return {
      clarify:
        'I found more than one period in that question. Which period do you mean? Ask for one period, or use “from … to …”.',
    };
  }
  return { range: ranges[0] };
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
function autoGrain(range: TDateRange, options: TParseOptions): TTimeGrain {
  const r = resolveRange(range, options.today, options.weekStart);
  if (!r) return 'month';
  const days = daysBetween(r.from, r.to) + 1;
  if (days <= 45) return 'day';
  if (days <= 190) return 'week';
  return 'month';
}
