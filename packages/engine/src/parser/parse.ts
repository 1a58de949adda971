/**
 * The question parser of DESIGN §6: phrase → SemanticQuery, or a clarification saying what was
 * understood and offering choices. Stages: normalise → tokens and lemmas → intent → slots
 * (grammar, dates, vocabulary) → assemble → validate, each reading its words from a language
 * pack. It never answers confidently about words it could not place, never throws, and never
 * lets user text reach SQL (only model names and bound values).
 */
import { MAX_PHRASE_LENGTH, type TSemanticQuery, type TTimeGrain } from '@parley/contract';
import type { TWeekStart } from '../dates/date-range';
import { detectLanguage, getLanguagePack, type TLanguagePack } from '../languages';
import { findMeasureTime, isDimensionAvailable, type TSemanticModel } from '../model/semantic-model';
import { assemble, getExampleQuestions as examplesIn } from './assemble/assemble';
import {
  ask,
  isClarification,
  type TChoice,
  type TClarification,
  type TLearnedChoice,
} from './clarification';
import { findDatesWith } from './dates/driver';
import { describeQuery } from './describe';
import { dimensionLabel, measureLabel } from './labels';
import { correctTypos, matchPrefixes, matchVocabulary } from './match';
import { renderParseMessage, type TParseMessage } from './messages';
import { TokenScanner } from './scanner';
import { findChart, findGrain, findNumericFilters, findRanking } from './slots';
import { tokenize } from './text';
import { validate } from './validate';
import { getVocabulary } from './vocabulary';

export type { TLearnedChoice } from './clarification';
export { renderParseMessage, type TParseMessage } from './messages';

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
  /** The question's language pack; without one, detected from the question (see `language`). */
  pack?: TLanguagePack;
  /** The user's UI language ('en', 'tr', 'en-GB', …): the tie-break when detecting the pack. */
  language?: string;
  /**
   * The question kinds beside the plain aggregate the caller can answer (the answer path runs
   * `query.analysis`). Without one, such questions ask back instead of answering a plain number.
   */
  kinds?: { drivers?: boolean; forecast?: boolean };
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

/** What kind of question was asked: a plain aggregate, or a kind the engine cannot answer yet. */
export type TIntent = 'aggregate' | 'drivers' | 'forecast';

export type TParseResult =
  | { kind: 'query'; query: TSemanticQuery; understood: string; corrections: { from: string; to: string }[] }
  | {
      kind: 'clarify';
      /** The message in the pack's language, as sanitised HTML; `message` renders it in another. */
      text: string;
      message: TParseMessage;
      prompt: TClarifyPrompt;
      understood: string | null;
    };

/** Parses a question against a model; see TParseResult. Never throws. */
export function parseQuestion(phrase: string, options: TParseOptions): TParseResult {
  let pack = options.pack ?? getLanguagePack();
  try {
    pack = options.pack ?? getLanguagePack(detectLanguage(phrase, options.language));
    return parse(phrase, options, pack);
  } catch {
    return toResult(ask({ key: 'failed' }, null, examplesIn(options.model, pack)), pack);
  }
}

/** Example questions built from the model's own vocabulary. */
export function getExampleQuestions(
  model: TSemanticModel,
  pack: TLanguagePack = getLanguagePack(),
): string[] {
  return examplesIn(model, pack);
}

function parse(phrase: string, options: TParseOptions, pack: TLanguagePack): TParseResult {
  const { model } = options;
  // Only a question back lists them: built when one is asked, not on every answered question.
  const examples = () => examplesIn(model, pack);
  // Stage 1: normalise.
  if (typeof phrase !== 'string' || phrase.trim() === '')
    return toResult(ask({ key: 'empty' }, null, examples()), pack);
  if (phrase.length > MAX_PHRASE_LENGTH)
    return toResult(ask({ key: 'tooLong', max: MAX_PHRASE_LENGTH }, null, examples()), pack);
  const normalised = pack.normalise(phrase);

  // Stage 2: tokens and lemmas.
  const tokens = tokenize(normalised, pack.lemma);
  const scanner = new TokenScanner(tokens);

  // Stage 3: intent.
  const { intent, horizon } = findIntent(scanner, pack, normalised);

  // Stage 4: slots — grammar first, so "top 5" or "last month" never reach the vocabulary.
  const chart = findChart(scanner, pack);
  const numeric = findNumericFilters(scanner, pack);
  const ranking = findRanking(scanner, pack);
  const dates = findDatesWith(pack.dates, scanner, {
    today: options.today,
    dayFirst: options.dayFirst ?? options.weekStart === 'monday',
  });
  const grain = findGrain(scanner, pack);
  const vocabulary = getVocabulary(model, pack);
  if (pack.prefixMatch) matchPrefixes(tokens, vocabulary, pack);
  const corrections = correctTypos(tokens, vocabulary, pack);
  const matches = matchVocabulary(tokens, vocabulary, pack);

  // Stage 5: assemble; stage 6: validate.
  const assembled = assemble({
    phrase,
    normalised,
    tokens,
    matches,
    slots: { chart, numeric, ranking, dates, grain },
    model,
    vocabulary,
    pack,
    today: options.today,
    weekStart: options.weekStart,
    previous: options.previous ?? null,
  });
  const result = isClarification(assembled) ? assembled : validate(assembled, model, pack, examples);

  if (intent !== 'aggregate' && !options.kinds?.[intent])
    return toResult(notYet(intent, result, model, pack, examples), pack);
  if (isClarification(result)) return toResult(result, pack);
  const query =
    intent === 'aggregate' ? result : asAnalysis(intent, result, horizon, grain, model, options.today);
  return { kind: 'query', query, understood: describeQuery(query, model, pack.code), corrections };
}

/** Days in one unit, to turn "next quarter" into buckets of another grain. */
const UNIT_DAYS: Record<string, number> = {
  day: 1,
  week: 7,
  month: 30.4,
  quarter: 91.3,
  half: 182.6,
  year: 365.2,
};
/** History a forecast is fitted on, per grain: at least two seasons where there is one. */
const FORECAST_HISTORY: Record<
  TTimeGrain,
  { unit: 'day' | 'week' | 'month' | 'quarter' | 'year'; n: number }
> = {
  day: { unit: 'day', n: 120 },
  week: { unit: 'week', n: 104 },
  month: { unit: 'month', n: 36 },
  quarter: { unit: 'quarter', n: 16 },
  year: { unit: 'year', n: 8 },
};

/**
 * A drivers or forecast question as the query the answer path runs: drivers compare the period
 * (last month when none is named) with its comparison, split by every dimension; a forecast is
 * the history at a grain (the asked unit; months for quarters and years) plus `horizon` buckets.
 */
function asAnalysis(
  intent: 'drivers' | 'forecast',
  query: TSemanticQuery,
  horizon: THorizon | null,
  grain: TTimeGrain | 'auto' | null,
  model: TSemanticModel,
  today: string,
): TSemanticQuery {
  const { order: _order, limit: _limit, chart: _chart, ...base } = query;
  // The measure's own date when the question named none ("why did revenue drop").
  const field = base.timeDimension?.field ?? findMeasureTime(model, base.measures[0])?.name;
  if (!field) return query;
  if (intent === 'drivers') {
    const range = base.timeDimension?.range;
    return {
      ...base,
      dimensions: [],
      timeDimension: {
        field,
        range: !range || range.kind === 'all' ? { kind: 'last', unit: 'month', n: 1 } : range,
      },
      compare: base.compare ?? 'previous_period',
      analysis: { kind: 'drivers' },
    };
  }
  const unit = horizon?.unit ?? 'month';
  const n = horizon?.n ?? (horizon ? 1 : 3);
  const bucket: TTimeGrain =
    grain && grain !== 'auto'
      ? grain
      : unit === 'quarter' || unit === 'half' || unit === 'year'
        ? 'month'
        : unit;
  const buckets = Math.max(1, Math.round((UNIT_DAYS[unit] * n) / UNIT_DAYS[bucket]));
  // "next quarter" is the next calendar quarter: in November, the months after December.
  const month = Number(today.slice(5, 7));
  const monthsLeft: Record<string, number> = {
    quarter: 2 - ((month - 1) % 3),
    half: 5 - ((month - 1) % 6),
    year: 12 - month,
  };
  const skip = bucket === 'month' && horizon && unit in monthsLeft ? monthsLeft[unit] : 0;
  const { compare: _compare, ...rest } = base;
  return {
    ...rest,
    dimensions: [],
    timeDimension: {
      field,
      grain: bucket,
      range: { kind: 'last', ...FORECAST_HISTORY[bucket] },
    },
    analysis:
      skip > 0 ? { kind: 'forecast', horizon: buckets, skip } : { kind: 'forecast', horizon: buckets },
  };
}

interface THorizon {
  unit: 'day' | 'week' | 'month' | 'quarter' | 'half' | 'year';
  n: number | null;
}

/** The intent stage: drivers and forecast questions by their words (consumed here). */
function findIntent(
  scanner: TokenScanner,
  pack: TLanguagePack,
  normalised: string,
): { intent: TIntent; horizon: THorizon | null } {
  let drivers = false;
  let forecast = pack.intents.forecastCue.test(normalised);
  let horizon: THorizon | null = null;
  scanner.scan(pack.intents.horizon, (g) => {
    const unit = (pack.horizonUnits?.[g[1]] ?? g[1]) as THorizon['unit'];
    horizon ??= { unit, n: g[0] ? Number(g[0]) : null };
    forecast = true;
    return true;
  });
  scanner.scan(pack.intents.drivers, () => {
    drivers = true;
    return true;
  });
  if (drivers) scanner.scan(pack.intents.movement, () => true);
  scanner.scan(pack.intents.forecast, () => {
    forecast = true;
    return true;
  });
  return { intent: drivers ? 'drivers' : forecast ? 'forecast' : 'aggregate', horizon };
}

/**
 * Drivers and forecasts are not answered yet (issue 13): ask back, saying what was understood
 * and offering the questions that show the change or the history instead — never a plain number
 * that looks like an answer to "why".
 */
function notYet(
  kind: 'drivers' | 'forecast',
  result: TSemanticQuery | TClarification,
  model: TSemanticModel,
  pack: TLanguagePack,
  examples: () => string[],
): TClarification {
  const { phrases } = pack.messages;
  if (isClarification(result)) return ask({ key: 'kindNotYet', kind, understood: null }, null, examples());
  const measure = result.measures[0];
  const label = measureLabel(model, measure);
  const choices: TChoice[] =
    kind === 'drivers'
      ? model.dimensions
          .filter((d) => isDimensionAvailable(model, measure, d.name))
          .slice(0, 4)
          .map((d) =>
            phrases.thisVsLastMonth(phrases.by([label], dimensionLabel(model, d.name).toLowerCase())),
          )
      : [phrases.trendOf(label, 'in the last 12 months')];
  const understood = describeQuery(result, model, pack.code);
  return ask({ key: 'kindNotYet', kind, understood }, understood, [...choices, ...examples()]);
}

function toResult(c: TClarification, pack: TLanguagePack): TParseResult {
  const items: string[] = [];
  const learn: (TLearnedChoice | null)[] = [];
  for (const choice of c.choices) {
    const phrase = typeof choice === 'string' ? choice : choice.phrase;
    if (items.includes(phrase) || items.length >= 6) continue;
    items.push(phrase);
    learn.push(typeof choice === 'string' ? null : choice.learn);
  }
  const title = pack.messages.titles[c.title ?? 'youCouldAsk'];
  const prompt: TClarifyPrompt = learn.some(Boolean) ? { title, items, learn } : { title, items };
  return {
    kind: 'clarify',
    text: renderParseMessage(c.clarify, pack.messages),
    message: c.clarify,
    prompt,
    understood: c.understood,
  };
}
