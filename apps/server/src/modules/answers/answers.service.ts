import {
  type Connector,
  ConnectorError,
  cardCompiled,
  DEFAULT_QUERY_OPTIONS,
  DEMO_DESCRIPTOR,
  planOf,
  type TCompiledPlan,
  type TConnectorErrorCode,
  type TQueryResult,
  type TSourceCompiledQuery,
} from '@parley/connectors';
import {
  DEMO_DATASOURCE_ID,
  questionKind,
  type TCard,
  type TConversationResponse,
  type TSemanticQuery,
} from '@parley/contract';
import {
  aggregateKind,
  assertNever,
  cardLanguage,
  cardLocale,
  EVERY_KIND,
  getCardWords,
  getExampleQuestions,
  getLanguagePack,
  KINDS,
  ModelError,
  parseQuestion,
  type TClarifyPrompt,
  type TIntrospection,
  type TKindPlanOptions,
  type TLanguageCode,
  type TLearnedChoice,
  type TParseResult,
  type TQuestionKindDef,
  type TSemanticModel,
} from '@parley/engine';
import { escapeHtml } from '@parley/presenter';
import type { FastifyBaseLogger } from 'fastify';
import { Invalid, UpstreamFailed } from '../../lib/errors';
import { type LlmConfig, proposeInsights, proposeSemanticQuery } from '../../lib/llm';
import { approximateBytes, Lru } from '../../lib/lru';
import { share, stringify } from '../../lib/shared-json';
import { dateIn, weekStartFor } from '../../lib/time';
import { markVerified, type PinnedAnswer, type VerifiedIndex } from './pinned-answers';

/** A data source ready to answer (resolved by modules/datasources): its connector and semantic model. */
export interface AnswerSource {
  /** The source's id ('demo' for the built-in one): part of every result-cache key. */
  id: string;
  /** The selected account (schema, database) or null: part of the cache key too. */
  account: string | null;
  connector: Connector;
  model: TSemanticModel;
  /** The data cannot change (the read-only demo file, an uploaded file): results may be reused. */
  immutable: boolean;
  /** The introspection the model was generated from (SQL sources): the model overlay reads its columns. */
  schema?: TIntrospection;
}

/**
 * How long a result of a live database (PostgreSQL) is reused: a dashboard refresh or the same
 * question asked twice within a minute costs the customer's database one query, and an answer
 * is never more than a minute behind their data. Immutable sources keep results until pushed out.
 */
export const LIVE_RESULT_TTL_MS = 60_000;

export interface AskContext {
  timezone: string | null;
  language: string;
  /** The previous answered query of today's conversation: the base of a follow-up. */
  previous: TSemanticQuery | null;
  /**
   * Spends one unit of the asker's AI-insight quota; false when the plan has none left (the card
   * keeps its computed insights). Without it the model is never asked for insights, so no
   * request goes uncounted.
   */
  aiInsights?: () => Promise<boolean>;
  /** The owner's verified questions of the source (modules/verified): they answer first. */
  verified?: VerifiedIndex | null;
}

export interface AskResult {
  responses: TConversationResponse[];
  /** The query answered, or null when the answer was a clarification. */
  semantic: TSemanticQuery | null;
  /** A question back's choices that would teach an unknown word, by choice phrase (learned synonyms). */
  learn?: Record<string, TLearnedChoice>;
}

/** What AnswerService keeps for repeated questions. */
export interface AnswerCacheOptions {
  /** Query results kept at most, and parsed phrases; 0 keeps nothing (the raw-time benchmark). */
  entries?: number;
  /**
   * Bytes (estimated) the kept results with their cards and the parsed phrases may take together
   * (ANSWER_CACHE_MB): many distinct questions, or a few with large results, stay within it.
   */
  bytes?: number;
}

const DEFAULT_CACHE_ENTRIES = 200;
const DEFAULT_CACHE_BYTES = 64 * 2 ** 20;
/** Cards kept beside one result: one per reader's language, locale and day asking it. */
const CARDS_PER_RESULT = 16;
/** Plans kept for one parsed query (see AnswerService.plans). */
const PLANS_PER_QUERY = 16;
/**
 * A kept card also keeps the JSON text of each of its parts and of itself once written
 * (lib/shared-json.ts, for the journal and the reply): it is counted at this many times its
 * own estimate.
 */
const KEPT_CARD_FACTOR = 4;

/** A kept query result (see AnswerService.results) and the cards built from it. */
interface KeptResult {
  result: TQueryResult;
  /** performance.now() after which it is run again; null for immutable sources. */
  expires: number | null;
  /** The rows' estimated bytes. */
  rowBytes: number;
  /**
   * Cards built from this result by the query and reader, for the model they were built with:
   * the same answer to a repeated question is built once, and its `date` is when its data was
   * read. Frozen: callers share them.
   */
  cards: { model: TSemanticModel; byKey: Map<string, TCard>; bytes: number } | null;
}

/** See AnswerService.plans. */
interface AnswerPlan {
  language: TLanguageCode;
  locale: string;
  /** A plain query once compiled, SQL or an API source's request (frozen: shared); drivers and forecasts plan their own. */
  compiled: TSourceCompiledQuery | null;
  cardKey: string;
}

/** The question kinds beside the plain aggregate this answer path runs: every registered one (answerKind). */
const ANALYSES = EVERY_KIND;

/** Connector failures that say the source is unreachable or refuses us, not that the SQL is wrong. */
const UNREACHABLE = new Set<TConnectorErrorCode>(['unreachable', 'invalid_config', 'forbidden_host']);

/**
 * The ask pipeline: phrase → SemanticQuery (parser, or the LLM's proposal validated by the same
 * schema) → SQL for the source's dialect → rows → card. Never answers with a card it cannot trust.
 */
export class AnswerService {
  constructor(
    private readonly llm: LlmConfig | null,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date,
    cache: AnswerCacheOptions = {},
    private readonly warm: () => Promise<void> = async () => {},
  ) {
    const entries = cache.entries ?? DEFAULT_CACHE_ENTRIES;
    const bytes = cache.bytes ?? DEFAULT_CACHE_BYTES;
    // Results and their cards are most of it; a parsed phrase is small.
    this.results = new Lru(entries, {
      maxBytes: bytes * (7 / 8),
      // The key holds the statement's text.
      sizeOf: (kept, key) => key.length + kept.rowBytes + (kept.cards?.bytes ?? 0),
    });
    this.parsed = new Lru(entries, {
      maxBytes: bytes / 8,
      // The parse and the JSON text of its query, written for plans and follow-ups.
      sizeOf: (parsed, key) => key.length + 2 * approximateBytes(parsed),
    });
    this.memoSize = entries;
  }

  /** How many results and parsed phrases are kept; 0 (the result cache off) keeps none. */
  private readonly memoSize: number;
  /**
   * Parsed phrases by model object (its id: one per source version and learned-word set, so a
   * changed model starts afresh) and by everything else the parser reads: the same question in
   * the same context reads the same, and a repeated question skips the parser (issue 14).
   */
  private readonly parsed: Lru<TParseResult>;
  /** An id per model object, for the keys of `parsed`. */
  private readonly modelIds = new WeakMap<TSemanticModel, number>();
  private nextModelId = 0;
  /**
   * What answering a query object needs before its result, by phrase and reader's day: the card's
   * language and locale, the compiled SQL and the card's memo key. A remembered parse hands back
   * the same (frozen) query object, so a repeated question skips the compiler and the language
   * detection (~0.1 ms, issue 14); a query object nothing remembers (a collection card's) is
   * dropped with it.
   */
  private readonly plans = new WeakMap<
    TSemanticQuery,
    { model: TSemanticModel; byKey: Map<string, AnswerPlan> }
  >();

  /**
   * Query results by source, account, SQL and bound values: a repeated question answers at once.
   * The source and account are in the key, so two users whose sources compile to the same SQL
   * never share an answer. Bounded by entries and by the estimated bytes of the rows and the
   * cards kept beside them; a result larger than the whole budget is not kept.
   */
  private readonly results: Lru<KeptResult>;
  /**
   * Queries running now, by the same key: a second asker of a key that is still computing (the
   * cards of a collection, two dashboards at 9:00) waits for the first run instead of starting
   * another (no stampede). The SQL and values are the SemanticQuery compiled against the asker's
   * "today", so the key is also (query, date bucket): tomorrow's "last month" is a new key.
   */
  private readonly pending = new Map<string, Promise<TQueryResult>>();

  /** The key of a plan's result in `results` and `pending`: its statement and values, or its API request. */
  private resultKey(source: AnswerSource, plan: TCompiledPlan): string {
    const [text, params] = plan.kind === 'sql' ? [plan.sql, plan.params] : [plan.request, []];
    return [source.id, source.account ?? '', text, JSON.stringify(params)].join('\u0000');
  }

  /** Runs a plan on the source (SQL, or an API source's own request), through the result cache. */
  private async run(source: AnswerSource, plan: TCompiledPlan): Promise<TQueryResult> {
    const key = this.resultKey(source, plan);
    const hit = this.results.get(key);
    if (hit && (hit.expires === null || hit.expires > performance.now())) return hit.result;
    const running = this.pending.get(key);
    if (running) return running;
    const promise = source.connector
      .execute(plan, DEFAULT_QUERY_OPTIONS)
      .then((result) => {
        // Not kept when the source was forgotten while the query ran.
        if (this.pending.get(key) === promise) {
          const expires = source.immutable ? null : performance.now() + LIVE_RESULT_TTL_MS;
          if (this.memoSize > 0)
            this.results.set(key, { result, expires, rowBytes: approximateBytes(result.rows), cards: null });
        }
        return result;
      })
      .finally(() => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }

  /** Drops every cached result of a source (it changed or was deleted). */
  forgetSource(id: string): void {
    this.results.deleteWhere((key) => key.startsWith(`${id}\u0000`));
    for (const key of [...this.pending.keys()]) if (key.startsWith(`${id}\u0000`)) this.pending.delete(key);
  }

  /**
   * Answers a question about `source`, the data source the datasources module resolved: a
   * verified phrase, or a phrase read as a verified query, answers from the pinned query.
   */
  async ask(source: AnswerSource, phrase: string, context: AskContext): Promise<AskResult> {
    const verified = context.verified?.byPhrase(phrase);
    if (verified) return this.answerPinned(source, verified, phrase, context);
    const understood = await this.understand(source, phrase, context);
    if (!understood.query) return understood.result;
    const same = context.verified ? this.pinnedReading(source, understood.query, context) : null;
    if (same) return this.answerPinned(source, same, phrase, context);
    return this.answerQuery(source, understood.query, phrase, context);
  }

  /** The verified question `query` is, by its pinned query or by the current reading of its phrases. */
  private pinnedReading(
    source: AnswerSource,
    query: TSemanticQuery,
    context: AskContext,
  ): PinnedAnswer | null {
    const { model, connector } = source;
    const today = dateIn(context.timezone, this.clock());
    const weekStart = weekStartFor(context.language);
    const { language } = context;
    const dialect = connector.dialect;
    return context.verified!.byQuery(query, {
      model,
      key: `${language}\u0000${today}\u0000${weekStart}\u0000${dialect ?? ''}`,
      read: (phrase) => {
        // Read on its own, as when it was verified: no follow-up context.
        const parsed = this.parse(phrase, {
          model,
          today,
          weekStart,
          previous: null,
          kinds: ANALYSES,
          dialect,
          language,
        });
        return parsed.kind === 'query' ? parsed.query : null;
      },
    });
  }

  /** The pinned query's answer, its card saying who verified it and when. */
  private async answerPinned(
    source: AnswerSource,
    pinned: PinnedAnswer,
    phrase: string,
    context: AskContext,
  ): Promise<AskResult> {
    const result = await this.answerQuery(source, pinned.query, phrase, context);
    return { ...result, responses: markVerified(result.responses, pinned) };
  }

  /**
   * Why `query` cannot be answered on `source` (compiled against its model, nothing run), or null:
   * a query chosen on a card's chips or pinned by a verified question is checked with it.
   */
  compileError(
    source: AnswerSource,
    query: TSemanticQuery,
    context: Pick<AskContext, 'timezone' | 'language'>,
  ): string | null {
    const { connector, model } = source;
    const today = dateIn(context.timezone, this.clock());
    const weekStart = weekStartFor(context.language);
    try {
      if (connector.dialect)
        KINDS[questionKind(query)].plan(query, model, { dialect: connector.dialect, today, weekStart });
      else connector.compileApi?.(query, model, { today, weekStart });
      return null;
    } catch (error) {
      if (error instanceof ModelError || error instanceof ConnectorError) return error.message;
      this.log.warn({ err: error }, 'a chosen query did not compile');
      return 'it cannot be compiled for this data source';
    }
  }

  /**
   * What a phrase asks of `source`: its SemanticQuery (parser, or the LLM's validated proposal),
   * else the answer to give instead (a question back). Nothing runs on the source.
   */
  async understand(
    source: AnswerSource,
    phrase: string,
    context: AskContext,
  ): Promise<{ query: TSemanticQuery } | { query: null; result: AskResult }> {
    const { model } = source;
    const today = dateIn(context.timezone, this.clock());
    const weekStart = weekStartFor(context.language);
    // Drivers and forecasts are answered here (answerQuery dispatches on query.analysis).
    const parsed = this.parse(phrase, {
      model,
      today,
      weekStart,
      previous: context.previous,
      kinds: ANALYSES,
      // A question back offers only choices that compile for the source (API sources: read only).
      dialect: source.connector.dialect,
      // A Turkish question (or a tr user's ambiguous one) is read with the Turkish pack.
      language: context.language,
    });

    let query: TSemanticQuery | null = parsed.kind === 'query' ? parsed.query : null;
    if (this.llm && parsed.kind === 'clarify') {
      // The model is asked only where the parser could not be sure; its answer is validated.
      query = await proposeSemanticQuery(this.llm, phrase, {
        measures: model.measures.map((m) => m.name),
        dimensions: model.dimensions.map((d) => d.name),
        timeDimensions: model.timeDimensions.map((t) => t.name),
        today,
      });
    }
    if (query) return { query };
    if (parsed.kind !== 'clarify') return { query: null, result: { responses: [], semantic: null } };
    return {
      query: null,
      result: {
        responses: [{ phrase, text: parsed.text, prompt: toPrompt(parsed.prompt) }],
        semantic: null,
        learn: learnedChoices(parsed.prompt),
      },
    };
  }

  /**
   * Runs a resolved query on `source` and builds its card, its dates compiled against the
   * asker's today: how a saved card re-runs the same question every day.
   */
  async answerQuery(
    source: AnswerSource,
    query: TSemanticQuery,
    phrase: string,
    context: Pick<AskContext, 'timezone' | 'language' | 'aiInsights'>,
  ): Promise<AskResult> {
    const { connector, model } = source;
    const today = dateIn(context.timezone, this.clock());
    const weekStart = weekStartFor(context.language);
    const dialect = connector.dialect;
    if (!dialect && !connector.compileApi) throw new Error(`${connector.type} does not take SQL`);
    const plan = this.plan(
      query,
      model,
      `${phrase}\u0000${context.language}\u0000${today}\u0000${weekStart}`,
      () => {
        // A Turkish question, or any question of a Turkish user, gets a Turkish card (DESIGN §6).
        const language = cardLanguage(phrase, context.language);
        const locale = cardLocale(language, context.language);
        return {
          language,
          locale,
          compiled: null,
          cardKey: `${stringify(query)}\u0000${locale}\u0000${language}\u0000${today}\u0000${weekStart}`,
        };
      },
    );
    const { language, locale } = plan;
    // Said in the card's language when there is no card too.
    const words = getCardWords(language);
    try {
      // Each question kind through the engine's registry; null: the plain aggregate, run below.
      const answered = await this.answerKind(source, query, phrase, {
        dialect,
        today,
        weekStart,
        locale,
        language,
      });
      if (answered) return answered;
      // API sources (GA4) compile to their own request; its rows carry the same column keys.
      // Compiled inside the try: a query the model cannot answer says why (ModelError below).
      plan.compiled ??= share<TSourceCompiledQuery>(
        dialect
          ? { kind: 'sql', ...aggregateKind.plan(query, model, { dialect, today, weekStart }).queries[0] }
          : connector.compileApi!(query, model, { today, weekStart }),
      );
      const compiled = plan.compiled;
      const run = planOf(compiled);
      const result = await this.run(source, run);
      let card = this.card(this.resultKey(source, run), result, model, plan.cardKey, () => {
        // The card shows the source's own query text: its SQL, or an API source's request.
        const { card: built } = aggregateKind.answer({ queries: [cardCompiled(compiled)] }, [result.rows], {
          query,
          model,
          readAt: this.clock().toISOString(),
          today,
          weekStart,
          locale,
          language,
        });
        // A copied source (Formbricks) answers as of its last sync: the card says so.
        if (result.asOf) built.synced = result.asOf;
        built.source = cardSource(source);
        return built;
      });
      // AI insights only through the configured model, beside the computed ones, never instead;
      // each request is one unit of the plan's AI-insight quota, asked only when it is spent.
      if (this.llm && card.table.length > 0 && context.aiInsights && (await context.aiInsights()))
        card = { ...card, insights: [...card.insights, ...(await proposeInsights(this.llm, card))] };
      return { responses: [{ phrase, card }], semantic: query };
    } catch (error) {
      if (error instanceof ModelError) {
        return { responses: [{ phrase, text: escapeHtml(error.message) }], semantic: null };
      }
      if (error instanceof ConnectorError && error.code === 'refused') {
        // An API source refused the combination asked (GA4's incompatible fields): say so, no 500.
        return {
          responses: [
            {
              phrase,
              text: words.failures.refused(
                escapeHtml(words.describe(query, model)),
                escapeHtml(error.message),
              ),
            },
          ],
          semantic: null,
        };
      }
      if (error instanceof ConnectorError && error.code === 'revoked')
        throw new Invalid(
          'Access to this data source was revoked. Connect it again on the Data sources screen.',
        );
      if (error instanceof ConnectorError && UNREACHABLE.has(error.code)) {
        this.log.warn({ datasource: source.id, code: error.code }, 'data source unreachable');
        throw new UpstreamFailed('The data source could not be reached. Check its connection and try again.');
      }
      if (error instanceof ConnectorError && error.code === 'timeout') {
        return {
          responses: [
            {
              phrase,
              text: words.failures.timeout(escapeHtml(words.describe(query, model))),
            },
          ],
          semantic: null,
        };
      }
      this.log.error({ err: error }, 'answering failed');
      throw error;
    }
  }

  /** parseQuestion, remembered per model and context (see `parsed`). */
  private parse(phrase: string, options: Parameters<typeof parseQuestion>[1]): TParseResult {
    if (this.memoSize <= 0) return parseQuestion(phrase, options);
    if (!this.modelIds.has(options.model)) this.modelIds.set(options.model, this.nextModelId++);
    const key = [
      this.modelIds.get(options.model),
      phrase,
      options.today,
      options.weekStart,
      options.language,
      options.dialect,
      options.previous ? stringify(options.previous) : '',
    ].join('\u0000');
    let parsed = this.parsed.get(key);
    if (!parsed) {
      parsed = share(parseQuestion(phrase, options));
      this.parsed.set(key, parsed);
    }
    return parsed;
  }

  /**
   * answerQuery's plan of `query` for `key` (phrase and reader's day), made once per query object
   * and model; made afresh when the cache is off. A handful of keys per query (wordings,
   * languages, zones, days); more is not a repeat, so they are not kept.
   */
  private plan(
    query: TSemanticQuery,
    model: TSemanticModel,
    key: string,
    make: () => AnswerPlan,
  ): AnswerPlan {
    if (this.memoSize <= 0) return make();
    let memo = this.plans.get(query);
    if (!memo || memo.model !== model) {
      memo = { model, byKey: new Map() };
      this.plans.set(query, memo);
    }
    let plan = memo.byKey.get(key);
    if (plan === undefined) {
      plan = make();
      if (memo.byKey.size < PLANS_PER_QUERY) memo.byKey.set(key, plan);
    }
    return plan;
  }

  /**
   * The card of `result` for `key` (query and reader), built once per kept result and model and
   * kept beside it in `results` (its bytes counted with the result's). A result not kept (the
   * cache off, pushed out, too large) gets a card of its own each time.
   */
  private card(
    resultKey: string,
    result: TQueryResult,
    model: TSemanticModel,
    key: string,
    build: () => TCard,
  ): TCard {
    const kept = this.memoSize > 0 ? this.results.get(resultKey) : undefined;
    if (!kept || kept.result !== result) return build();
    if (!kept.cards || kept.cards.model !== model) kept.cards = { model, byKey: new Map(), bytes: 0 };
    const known = kept.cards.byKey.get(key);
    if (known) return known;
    const card = share(build());
    if (kept.cards.byKey.size < CARDS_PER_RESULT) {
      kept.cards.byKey.set(key, card);
      kept.cards.bytes += KEPT_CARD_FACTOR * approximateBytes(card);
      // Measured again with its card: older results may go, or this one if it no longer fits.
      this.results.set(resultKey, kept);
    }
    return card;
  }

  /**
   * A question answered by its kind (every kind of the contract's union is matched, assertNever);
   * null for the plain aggregate, which answerQuery runs with its caches.
   */
  private async answerKind(
    source: AnswerSource,
    query: TSemanticQuery,
    phrase: string,
    options: Omit<TKindPlanOptions, 'dialect'> & {
      dialect: TKindPlanOptions['dialect'] | null;
      locale: string;
      language: TLanguageCode;
    },
  ): Promise<AskResult | null> {
    const kind = questionKind(query);
    switch (kind) {
      case 'aggregate':
        return null;
      case 'drivers':
      case 'forecast': {
        // Their own (ordinary, compiled) queries through the same run(). An API source (GA4) runs
        // no SQL: it is asked the plain query, and its compiler says why it cannot answer.
        const { dialect } = options;
        if (!dialect) return null;
        const response = await this.answerAnalysis(source, KINDS[kind], query, phrase, {
          ...options,
          dialect,
        });
        return { responses: [response], semantic: response.card ? query : null };
      }
      default:
        return assertNever(kind);
    }
  }

  /** A kind beside the plain aggregate: its planned queries through run(), then its card (or why there is none). */
  private async answerAnalysis(
    source: AnswerSource,
    kind: TQuestionKindDef,
    query: TSemanticQuery,
    phrase: string,
    options: TKindPlanOptions & { locale: string; language: TLanguageCode },
  ): Promise<TConversationResponse> {
    const { model } = source;
    const readAt = this.clock().toISOString();
    const plan = kind.plan(query, model, options);
    const results = await Promise.all(
      plan.queries.map((c) => this.run(source, { kind: 'sql', sql: c.sql, params: c.params })),
    );
    const answer = kind.answer(
      plan,
      results.map((r) => r.rows),
      { query, model, readAt, ...options },
    );
    return answer.kind === 'card'
      ? { phrase, card: { ...answer.card, source: cardSource(source) } }
      : { phrase, text: answer.text };
  }

  /** Opens (and on first start generates) the demo source ahead of the first question. */
  warmUp(): Promise<void> {
    return this.warm();
  }

  /** Questions known to work on a data source, in the user's language (a Turkish user's in Turkish). */
  suggestions(source: AnswerSource, language?: string | null): string[] {
    return getExampleQuestions(source.model, getLanguagePack(cardLanguage('', language)));
  }
}

/** The source a card answers from, named as the data-sources screen names it. */
function cardSource(source: AnswerSource): NonNullable<TCard['source']> {
  const name = source.id === DEMO_DATASOURCE_ID ? DEMO_DESCRIPTOR.name : source.model.name;
  return { id: source.id, name };
}

/** The choices that say what an unknown word would mean, keyed by the phrase the button asks. */
function learnedChoices(prompt: TClarifyPrompt): Record<string, TLearnedChoice> | undefined {
  const entries = prompt.items.flatMap((phrase, i) => {
    const choice = prompt.learn?.[i];
    return choice ? [[phrase, choice] as const] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The engine's choices as the conversation screen's button prompt; each button asks its phrase. */
function toPrompt(prompt: TClarifyPrompt): TConversationResponse['prompt'] {
  return {
    title: prompt.title,
    type: 'buttons',
    direction: 'horizontal',
    items: prompt.items.map((phrase) => ({ title: phrase, phrase })),
  };
}
