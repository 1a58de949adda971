import { ConnectorError, cardCompiled, planOf, type TSourceCompiledQuery, traced } from '@parley/connectors';
import { questionKind, type TSemanticQuery } from '@parley/contract';
import {
  aggregateKind,
  cardLanguage,
  cardLocale,
  EVERY_KIND,
  getExampleQuestions,
  getLanguagePack,
  KINDS,
  ModelError,
  type TKindPlanOptions,
  type TSemanticModel,
} from '@parley/engine';
import type { FastifyBaseLogger } from 'fastify';
import { type LlmConfig, proposeInsights, proposeSemanticQuery } from '../../lib/llm';
import { share, stringify } from '../../lib/shared-json';
import { dateIn, weekStartFor } from '../../lib/time';
import { AnswerCache, type AnswerCacheOptions, type AnswerPlan } from './answer-cache';
import { answerKind } from './answer-kinds';
import { cardSource, failedAnswer, unreadAnswer } from './answer-responses';
import type { AnswerSource, AskContext, AskResult } from './answer-types';
import { markVerified, type PinnedAnswer } from './pinned-answers';

export type { AnswerSource, AskContext, AskResult } from './answer-types';

/** What AnswerService is built with. */
export interface AnswerDeps {
  /** The configured model (LLM_BASE_URL): asked where the parser is unsure and for AI insights. */
  llm: LlmConfig | null;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** What is kept for repeated questions (answer-cache.ts). */
  cache?: AnswerCacheOptions;
}

/** The question kinds beside the plain aggregate this answer path runs: every registered one (answerKind). */
const ANALYSES = EVERY_KIND;

/** A reader's day: what a query's dates are compiled against. */
type ReaderDay = Pick<TKindPlanOptions, 'today' | 'weekStart'>;

/**
 * The ask pipeline: phrase → SemanticQuery (parser, or the LLM's proposal validated by the same
 * schema) → SQL for the source's dialect → rows → card. Never answers with a card it cannot trust.
 * What it remembers of repeated questions is the answer cache's (answer-cache.ts).
 */
export class AnswerService {
  private readonly llm: LlmConfig | null;
  private readonly log: FastifyBaseLogger;
  private readonly clock: () => Date;
  private readonly cache: AnswerCache;

  constructor({ llm, log, clock, cache }: AnswerDeps) {
    this.llm = llm;
    this.log = log;
    this.clock = clock;
    this.cache = new AnswerCache(cache);
  }

  /** Drops every cached result of a source (it changed or was deleted). */
  forgetSource(id: string): void {
    this.cache.forgetSource(id);
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
        const parsed = this.cache.parse(phrase, {
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
  understand(
    source: AnswerSource,
    phrase: string,
    context: AskContext,
  ): Promise<{ query: TSemanticQuery } | { query: null; result: AskResult }> {
    return traced('answer.understand', {}, async () => {
      const { model } = source;
      const today = dateIn(context.timezone, this.clock());
      // Drivers and forecasts are answered here (answerQuery dispatches on query.analysis).
      const parsed = this.cache.parse(phrase, {
        model,
        today,
        weekStart: weekStartFor(context.language),
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
      return query ? { query } : { query: null, result: unreadAnswer(phrase, parsed) };
    });
  }

  /**
   * Runs a resolved query on `source` and builds its card, its dates compiled against the
   * asker's today: how a saved card re-runs the same question every day.
   */
  answerQuery(
    source: AnswerSource,
    query: TSemanticQuery,
    phrase: string,
    context: Pick<AskContext, 'timezone' | 'language' | 'aiInsights'>,
  ): Promise<AskResult> {
    return traced('answer.query', {}, async () => {
      const { connector } = source;
      const day = {
        today: dateIn(context.timezone, this.clock()),
        weekStart: weekStartFor(context.language),
      };
      const dialect = connector.dialect;
      if (!dialect && !connector.compileApi) throw new Error(`${connector.type} does not take SQL`);
      const plan = this.planFor(query, source.model, phrase, context.language, day);
      const { language, locale } = plan;
      try {
        // Each question kind through the engine's registry; null: the plain aggregate, run below.
        const answered = await answerKind(
          { source, query, phrase, cache: this.cache, clock: this.clock },
          { dialect, ...day, locale, language },
        );
        if (answered) return answered;
        return await this.answerAggregate({
          source,
          query,
          phrase,
          plan,
          day,
          aiInsights: context.aiInsights,
        });
      } catch (error) {
        // Said in the card's language when there is no card too.
        return failedAnswer(error, { source, query, phrase, language, log: this.log });
      }
    });
  }

  /** The plan of `query` for this phrase and reader (the answer cache's): the card's language, locale, key. */
  private planFor(
    query: TSemanticQuery,
    model: TSemanticModel,
    phrase: string,
    readerLanguage: string,
    { today, weekStart }: ReaderDay,
  ): AnswerPlan {
    return this.cache.plan(
      query,
      model,
      `${phrase}\u0000${readerLanguage}\u0000${today}\u0000${weekStart}`,
      () => {
        // A Turkish question, or any question of a Turkish user, gets a Turkish card (DESIGN §6).
        const language = cardLanguage(phrase, readerLanguage);
        const locale = cardLocale(language, readerLanguage);
        return {
          language,
          locale,
          compiled: null,
          cardKey: `${stringify(query)}\u0000${locale}\u0000${language}\u0000${today}\u0000${weekStart}`,
        };
      },
    );
  }

  /**
   * The plain aggregate: compiled once per plan, run through the result cache, its card built once
   * per result and reader; a query the model cannot answer throws (answerQuery says why).
   */
  private async answerAggregate(asked: {
    source: AnswerSource;
    query: TSemanticQuery;
    phrase: string;
    plan: AnswerPlan;
    day: ReaderDay;
    aiInsights: AskContext['aiInsights'];
  }): Promise<AskResult> {
    const { source, query, phrase, plan } = asked;
    const { connector, model } = source;
    const { today, weekStart } = asked.day;
    const { language, locale } = plan;
    // API sources (GA4) compile to their own request; its rows carry the same column keys.
    plan.compiled ??= share<TSourceCompiledQuery>(
      connector.dialect
        ? {
            kind: 'sql',
            ...aggregateKind.plan(query, model, { dialect: connector.dialect, today, weekStart }).queries[0],
          }
        : connector.compileApi!(query, model, { today, weekStart }),
    );
    const compiled = plan.compiled;
    const run = planOf(compiled);
    const result = await this.cache.run(source, run);
    let card = this.cache.card({ source, plan: run, result }, model, plan.cardKey, () => {
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
    if (this.llm && card.table.length > 0 && asked.aiInsights && (await asked.aiInsights()))
      card = { ...card, insights: [...card.insights, ...(await proposeInsights(this.llm, card))] };
    return { responses: [{ phrase, card }], semantic: query };
  }

  /** Questions known to work on a data source, in the user's language (a Turkish user's in Turkish). */
  suggestions(source: AnswerSource, language?: string | null): string[] {
    return getExampleQuestions(source.model, getLanguagePack(cardLanguage('', language)));
  }
}
