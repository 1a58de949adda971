import { type Connector, ConnectorError, DEFAULT_QUERY_OPTIONS, type TQueryResult } from '@parley/connectors';
import type { TConversationResponse, TSemanticQuery } from '@parley/contract';
import {
  buildCard,
  compileQuery,
  describeQuery,
  getExampleQuestions,
  ModelError,
  parseQuestion,
  type TClarifyPrompt,
  type TSemanticModel,
} from '@parley/engine';
import { escapeHtml } from '@parley/presenter';
import type { FastifyBaseLogger } from 'fastify';
import { type LlmConfig, proposeInsights, proposeSemanticQuery } from '../../lib/llm';
import { Lru } from '../../lib/lru';
import { dateIn, weekStartFor } from '../../lib/time';

/** A data source ready to answer: its connector and semantic model. */
export interface AnswerSource {
  connector: Connector;
  model: TSemanticModel;
  /** The data cannot change while open (the read-only demo file): results may be reused. */
  immutable: boolean;
}

export interface AskContext {
  timezone: string | null;
  language: string;
  /** The previous answered query of today's conversation: the base of a follow-up. */
  previous: TSemanticQuery | null;
}

export interface AskResult {
  responses: TConversationResponse[];
  /** The query answered, or null when the answer was a clarification. */
  semantic: TSemanticQuery | null;
}

/**
 * The ask pipeline: phrase → SemanticQuery (parser, or the LLM's proposal validated by the same
 * schema) → SQL for the source's dialect → rows → card. Never answers with a card it cannot trust.
 */
export class AnswerService {
  constructor(
    private readonly source: () => Promise<AnswerSource>,
    private readonly llm: LlmConfig | null,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date,
    resultCacheSize = 200,
  ) {
    this.results = new Lru(resultCacheSize);
  }

  /** Query results of immutable sources by SQL and bound values: a repeated question answers at once. */
  private readonly results: Lru<TQueryResult>;

  private async run(source: AnswerSource, sql: string, params: (string | number)[]): Promise<TQueryResult> {
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    const hit = source.immutable ? this.results.get(key) : undefined;
    if (hit) return hit;
    const result = await source.connector.query(sql, params, DEFAULT_QUERY_OPTIONS);
    if (source.immutable) this.results.set(key, result);
    return result;
  }

  async ask(phrase: string, context: AskContext): Promise<AskResult> {
    const source = await this.source();
    const { connector, model } = source;
    const today = dateIn(context.timezone, this.clock());
    const weekStart = weekStartFor(context.language);
    const parsed = parseQuestion(phrase, { model, today, weekStart, previous: context.previous });

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
    if (!query) {
      if (parsed.kind !== 'clarify') return { responses: [], semantic: null };
      return {
        responses: [{ phrase, text: parsed.text, prompt: toPrompt(parsed.prompt) }],
        semantic: null,
      };
    }

    const dialect = connector.dialect;
    if (!dialect) throw new Error(`${connector.type} does not take SQL`);
    try {
      const compiled = compileQuery(query, model, { dialect, today, weekStart });
      const result = await this.run(source, compiled.sql, compiled.params);
      const card = buildCard({
        query,
        model,
        compiled,
        rows: result.rows,
        readAt: this.clock().toISOString(),
      });
      // AI insights only through the configured model, beside the computed ones, never instead.
      if (this.llm && card.table.length > 0) card.insights.push(...(await proposeInsights(this.llm, card)));
      return { responses: [{ phrase, card }], semantic: query };
    } catch (error) {
      if (error instanceof ModelError) {
        return { responses: [{ phrase, text: escapeHtml(error.message) }], semantic: null };
      }
      if (error instanceof ConnectorError && error.code === 'timeout') {
        return {
          responses: [
            {
              phrase,
              text: `The question “${escapeHtml(describeQuery(query, model))}” took too long to answer. Try a shorter date range or fewer breakdowns.`,
            },
          ],
          semantic: null,
        };
      }
      this.log.error({ err: error }, 'answering failed');
      throw error;
    }
  }

  /** Opens (and on first start generates) the data source ahead of the first question. */
  async warmUp(): Promise<void> {
    await this.source();
  }

  /** Questions known to work on the user's data source. */
  async suggestions(): Promise<string[]> {
    const { model } = await this.source();
    return getExampleQuestions(model);
  }
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
