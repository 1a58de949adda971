import type { TCollectionPreviewResponse, TCollectionResponse } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessPolicy, Actor } from '../../lib/access';
import { DomainError } from '../../lib/errors';
import { mapPool } from '../../lib/pool';
import type { AnswerService, AnswerSource, AskResult } from '../answers/answers.service';
import { aiInsightsQuota } from '../billing/ai-insights';
import type { SourceResolver } from '../datasources/source-resolver';
import type { QuestionRow } from './collections.repository';

/** Answer of a card that failed for a reason we cannot name (spec 2 §8). */
const CARD_FAILED = 'Failed to retrieve data!';

export interface CardRunnerDeps {
  answers: AnswerService;
  sources: SourceResolver;
  access: AccessPolicy;
  log: FastifyBaseLogger;
  /** Cards answered at once. */
  concurrency: number;
}

/**
 * Answers a collection's cards on their sources: concurrently through a bounded pool, identical
 * queries once, each card's failure its own answer; and the card editor's preview of a phrase.
 * No access check here: the collections service checks before it calls.
 */
export class CardRunner {
  constructor(private readonly deps: CardRunnerDeps) {}

  /** Answers cards as `actor`; each card's failure is its own answer. */
  async run(actor: Actor, questions: QuestionRow[]): Promise<TCollectionResponse[]> {
    // One resolution per source and one run per identical query, shared by the cards of this call.
    const sources = new Map<string, Promise<AnswerSource>>();
    const runs = new Map<string, Promise<AskResult>>();
    const context = this.contextOf(actor);
    return mapPool(questions, this.deps.concurrency, async (q) => {
      try {
        const key = q.datasourceId ?? '';
        let sourcePromise = sources.get(key);
        if (!sourcePromise) {
          sourcePromise = this.deps.sources.resolve(actor, q.datasourceId);
          sources.set(key, sourcePromise);
        }
        const source = await sourcePromise;
        // The stored query while the card still goes to the source and account it was resolved on;
        // else (the default source changed, another account) the phrase is understood again.
        const stored =
          q.semantic && q.resolvedSourceId === source.id && (q.resolvedAccount ?? null) === source.account
            ? q.semantic
            : null;
        const runKey = `${source.id}\u0000${source.account ?? ''}\u0000${stored ? JSON.stringify(stored) : `?${q.phrase}`}`;
        let run = runs.get(runKey);
        if (!run) {
          run = stored
            ? this.deps.answers.answerQuery(source, stored, q.phrase, context)
            : this.deps.answers.ask(source, q.phrase, context);
          runs.set(runKey, run);
        }
        const [first] = (await run).responses;
        if (!first) return failed(q, CARD_FAILED);
        return {
          ...(first.card ? { card: first.card } : {}),
          ...(first.text !== undefined ? { text: first.text } : {}),
          ...(first.prompt ? { prompt: first.prompt } : {}),
          question_id: q.id,
          phrase: q.phrase,
        };
      } catch (error) {
        if (error instanceof DomainError) return failed(q, error.message);
        this.deps.log.error({ err: error, question: q.id }, 'collection card failed');
        return failed(q, CARD_FAILED);
      }
    });
  }

  /** The editor's answer to a phrase on a source (null: the default); nothing is stored. */
  async preview(
    actor: Actor,
    phrase: string,
    datasourceId: string | null,
  ): Promise<TCollectionPreviewResponse> {
    const source = await this.deps.sources.resolve(actor, datasourceId);
    const result = await this.deps.answers.ask(source, phrase, this.contextOf(actor));
    return {
      responses: result.responses.map(({ card, text, prompt, phrase }) => ({
        ...(card ? { card } : {}),
        ...(text !== undefined ? { text } : {}),
        ...(prompt ? { prompt } : {}),
        phrase,
      })),
    };
  }

  /** A card is asked as a first question in the reader's zone and language, AI insights on the quota. */
  private contextOf(actor: Actor) {
    return {
      timezone: actor.timezone,
      language: actor.language,
      previous: null,
      aiInsights: aiInsightsQuota(this.deps.access, actor),
    };
  }
}

function failed(q: QuestionRow, message: string): TCollectionResponse {
  return { question_id: q.id, phrase: q.phrase, error: true, message };
}
