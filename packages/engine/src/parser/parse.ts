/**
 * The question parser of DESIGN §6: phrase → SemanticQuery, or a clarification saying what was
 * understood and offering choices. Stages: normalise → tokens and lemmas → intent → slots
 * (grammar, dates, vocabulary) → assemble → validate, each reading its words from a language
 * pack. It never answers confidently about words it could not place, never throws, and never
 * lets user text reach SQL (only model names and bound values).
 */
import {
  MAX_PHRASE_LENGTH,
  type TQuestionKind,
  type TSemanticQuery,
  type TTimeGrain,
} from '@parley/contract';
import type { TSqlDialect } from '../compiler/dialect';
import type { TWeekStart } from '../dates/date-range';
import { ANALYSIS_KINDS, KINDS, type TAnalysisKind } from '../kinds';
import { detectLanguage, getLanguagePack, type TLanguagePack } from '../languages';
import type { TSemanticModel } from '../model/semantic-model';
import { assemble, getExampleQuestions as examplesIn } from './assemble/assemble';
import { findChange } from './assemble/change';
import { compiles, keepAnswering, MAX_CHOICES, usesEveryMatch } from './choices';
import { ask, isClarification, type TClarification, type TLearnedChoice } from './clarification';
import { findDatesWith } from './dates/driver';
import { describeQuery } from './describe';
import { correctTypos, holdFieldPhrases, matchPrefixes, matchVocabulary, type TMatch } from './match';
import { renderParseMessage, type TParseMessage } from './messages';
import { TokenScanner } from './scanner';
import {
  findAggregations,
  findChart,
  findGrain,
  findNumericFilters,
  findOperators,
  findRanking,
  findShare,
  findTotal,
} from './slots';
import { type TToken, tokenize } from './text';
import { validate } from './validate';
import { getVocabulary, type TVocabulary } from './vocabulary';

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
  kinds?: { readonly [K in TAnalysisKind]?: boolean };
  /**
   * The SQL dialect the answer is compiled for: a question back offers only choices whose query
   * compiles for it. Without one (an API source), each choice is only read again.
   */
  dialect?: TSqlDialect | null;
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

/** What kind of question was asked: a plain aggregate, or a kind the words cue (kinds/). */
export type TIntent = TQuestionKind;

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
  return read(phrase, options, true).result;
}

/** A clarification as the parse's result. */
type TFinish = (c: TClarification, pack: TLanguagePack) => TParseResult;

/**
 * The parse and the words it matched. `checked`: a question back's choices are each read first
 * (choices.ts); a choice itself is read unchecked, so checking never recurses.
 */
function read(
  phrase: string,
  options: TParseOptions,
  checked: boolean,
): { result: TParseResult; matches: TMatch[] } {
  let pack = options.pack ?? getLanguagePack();
  const seen = { matches: [] as TMatch[] };
  const finish: TFinish = (c, p) => toResult(checked ? checkChoices(c, options, p) : c, p);
  try {
    pack = options.pack ?? getLanguagePack(detectLanguage(phrase, options.language));
    return { result: parse(phrase, options, pack, finish, seen), matches: seen.matches };
  } catch {
    return {
      result: finish(ask({ key: 'failed' }, null, examplesIn(options.model, pack)), pack),
      matches: [],
    };
  }
}

/** The clarification with only the choices that, clicked, give a query of every word that compiles. */
function checkChoices(c: TClarification, options: TParseOptions, pack: TLanguagePack): TClarification {
  const answers = (choice: string): boolean => {
    const { result, matches } = read(choice, options, false);
    return (
      result.kind === 'query' && usesEveryMatch(result.query, matches) && compiles(result.query, options)
    );
  };
  return keepAnswering(c, answers, () => examplesIn(options.model, pack));
}

/** Example questions built from the model's own vocabulary. */
export function getExampleQuestions(
  model: TSemanticModel,
  pack: TLanguagePack = getLanguagePack(),
): string[] {
  return examplesIn(model, pack);
}

function parse(
  phrase: string,
  options: TParseOptions,
  pack: TLanguagePack,
  finish: TFinish,
  seen: { matches: TMatch[] },
): TParseResult {
  const { model } = options;
  // Only a question back lists them: built when one is asked, not on every answered question.
  const examples = () => examplesIn(model, pack);
  // Stage 1: normalise.
  if (typeof phrase !== 'string' || phrase.trim() === '')
    return finish(ask({ key: 'empty' }, null, examples()), pack);
  if (phrase.length > MAX_PHRASE_LENGTH)
    return finish(ask({ key: 'tooLong', max: MAX_PHRASE_LENGTH }, null, examples()), pack);
  const normalised = pack.normalise(phrase);

  // Stage 2: tokens and lemmas.
  const tokens = tokenize(normalised, pack.lemma);
  const scanner = new TokenScanner(tokens);

  // Stage 3: intent — the question kind its words cue (kinds/), read before the slots.
  const intent = findIntent(scanner, pack, normalised);

  // Stage 4: slots — grammar first, so "top 5" or "last month" never reach the vocabulary.
  const chart = findChart(scanner, pack);
  const aggregations = findAggregations(scanner, pack);
  const numeric = findNumericFilters(scanner, pack);
  const change = findChange(scanner, pack);
  const ranking = findRanking(scanner, pack);
  const vocabulary = getVocabulary(model, pack);
  const held = holdFieldPhrases(tokens, vocabulary, pack);
  const dates = findDatesWith(pack.dates, scanner, {
    today: options.today,
    dayFirst: options.dayFirst ?? options.weekStart === 'monday',
  });
  const grain = findGrain(scanner, pack, (at) => startsPhrase(tokens, at, vocabulary));
  for (const t of held) t.consumed = false;
  const total = findTotal(scanner, pack);
  const operators = findOperators(scanner, pack);
  const share = findShare(scanner, pack, (at) => startsPhrase(tokens, at, vocabulary));
  if (pack.prefixMatch) matchPrefixes(tokens, vocabulary, pack);
  const corrections = correctTypos(tokens, vocabulary, pack);
  const matches = matchVocabulary(tokens, vocabulary, pack);
  seen.matches = matches;

  // Stage 5: assemble; stage 6: validate.
  const assembled = assemble({
    phrase,
    normalised,
    tokens,
    matches,
    slots: { chart, numeric, ranking, dates, grain, aggregations, operators, total, share, change },
    model,
    vocabulary,
    pack,
    today: options.today,
    weekStart: options.weekStart,
    previous: options.previous ?? null,
  });
  const result = isClarification(assembled) ? assembled : validate(assembled, model, pack, examples);

  // A kind's card reads its measures as the model names them: a named aggregation ("median") is
  // not one of its shapes yet, so it asks back rather than explain or forecast another number.
  const named =
    !isClarification(result) &&
    ((result.aggregations?.length ?? 0) > 0 || (result.arithmetic?.length ?? 0) > 0);
  if (intent && (named || !options.kinds?.[intent.kind]))
    return finish(notYet(intent.kind, result, model, pack, examples), pack);
  if (isClarification(result)) return finish(result, pack);
  const query = intent ? asKind(intent, result, grain, model, options.today) : result;
  return { kind: 'query', query, understood: describeQuery(query, model, pack.code), corrections };
}

/** Whether the words from `at` on (two or more) are a phrase of the vocabulary. */
function startsPhrase(tokens: TToken[], at: number, vocabulary: TVocabulary): boolean {
  for (let n = 2; n <= vocabulary.maxWords && at + n <= tokens.length; n++) {
    const span = tokens.slice(at, at + n);
    if (span.some((t) => t.consumed)) return false;
    if (vocabulary.exact.has(span.map((t) => t.norm).join(' '))) return true;
    if (vocabulary.entries.has(span.map((t) => t.lemma).join(' '))) return true;
  }
  return false;
}

/** What the intent stage found: the first registered kind whose words were found, and what they said. */
interface TIntentFinding {
  kind: TAnalysisKind;
  cue: unknown;
}

/**
 * The intent stage: every registered kind reads (and consumes) its cue words from the pack; the
 * first kind in the registry's order that found them wins. None: a plain aggregate.
 */
function findIntent(scanner: TokenScanner, pack: TLanguagePack, normalised: string): TIntentFinding | null {
  let found: TIntentFinding | null = null;
  for (const kind of ANALYSIS_KINDS) {
    const cue = KINDS[kind].question?.detect(scanner, pack, normalised) ?? null;
    if (cue !== null) found ??= { kind, cue };
  }
  return found;
}

/** The parsed query as the query the answer path runs for the kind its words cued. */
function asKind(
  found: TIntentFinding,
  query: TSemanticQuery,
  grain: TTimeGrain | 'auto' | null,
  model: TSemanticModel,
  today: string,
): TSemanticQuery {
  const question = KINDS[found.kind].question;
  return question ? question.shape(query, found.cue, { model, grain, today }) : query;
}

/**
 * A kind the caller cannot answer: ask back, saying what was understood and offering the
 * questions the kind proposes instead (the change, the history) — never a plain number that
 * looks like an answer to "why".
 */
function notYet(
  kind: TAnalysisKind,
  result: TSemanticQuery | TClarification,
  model: TSemanticModel,
  pack: TLanguagePack,
  examples: () => string[],
): TClarification {
  if (isClarification(result)) return ask({ key: 'kindNotYet', kind, understood: null }, null, examples());
  const choices = KINDS[kind].question?.instead(result, model, pack) ?? [];
  const understood = describeQuery(result, model, pack.code);
  return ask({ key: 'kindNotYet', kind, understood }, understood, [...choices, ...examples()]);
}

function toResult(c: TClarification, pack: TLanguagePack): TParseResult {
  const items: string[] = [];
  const learn: (TLearnedChoice | null)[] = [];
  for (const choice of c.choices) {
    const phrase = typeof choice === 'string' ? choice : choice.phrase;
    if (items.includes(phrase) || items.length >= MAX_CHOICES) continue;
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
