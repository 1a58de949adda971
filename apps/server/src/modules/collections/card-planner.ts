import { randomUUID } from 'node:crypto';
import type { TQuestionInput, TSemanticQuery } from '@parley/contract';
import { describeRange } from '@parley/engine';
import type { Actor } from '../../lib/access';
import { UpstreamFailed } from '../../lib/errors';
import { mapPool } from '../../lib/pool';
import type { AnswerService, AnswerSource } from '../answers/answers.service';
import type { SourceResolver } from '../datasources/source-resolver';
import type { QuestionRow, QuestionValues } from './collections.repository';

export interface CardPlannerDeps {
  answers: AnswerService;
  sources: SourceResolver;
  clock: () => Date;
  /** Phrases understood at once. */
  concurrency: number;
}

/**
 * The stored form of a collection's cards: each phrase resolved to its SemanticQuery on its
 * source when saved, so a card re-runs the same question later (nothing runs on the source here).
 */
export class CardPlanner {
  constructor(private readonly deps: CardPlannerDeps) {}

  /**
   * Kept cards keep their resolved query unless their phrase or source changed; new and changed
   * ones are understood now.
   */
  async plan(
    actor: Actor,
    inputs: TQuestionInput[],
    current: Map<string, QuestionRow>,
  ): Promise<QuestionValues[]> {
    const sources = new Map<string, Promise<AnswerSource>>();
    const now = this.deps.clock();
    return mapPool(inputs, this.deps.concurrency, async (input, position) => {
      const phrase = input.phrase.trim();
      const datasourceId = input.data_adapter ?? null;
      const before = input.id ? current.get(input.id) : undefined;
      const base = {
        id: before?.id ?? randomUUID(),
        position,
        phrase,
        datasourceId,
        interval: input.interval ?? before?.interval ?? 0,
        chartType:
          input.selectedChartType === undefined ? (before?.chartType ?? null) : input.selectedChartType,
      };
      if (before && before.phrase === phrase && before.datasourceId === datasourceId) {
        const { dateRange, semantic, resolvedSourceId, resolvedAccount, resolvedAt } = before;
        return { ...base, dateRange, semantic, resolvedSourceId, resolvedAccount, resolvedAt };
      }
      let sourcePromise = sources.get(datasourceId ?? '');
      if (!sourcePromise) {
        sourcePromise = this.deps.sources.resolve(actor, datasourceId);
        sources.set(datasourceId ?? '', sourcePromise);
      }
      const resolved = await this.understand(actor, await sourcePromise.catch(unreadable), phrase);
      return { ...base, ...resolved, resolvedAt: resolved.semantic ? now : null };
    });
  }

  /** The query a phrase resolves to on a source; nothing when the source cannot be read now. */
  private async understand(
    actor: Actor,
    source: AnswerSource | null,
    phrase: string,
  ): Promise<Pick<QuestionValues, 'semantic' | 'dateRange' | 'resolvedSourceId' | 'resolvedAccount'>> {
    const none = { semantic: null, dateRange: null, resolvedSourceId: null, resolvedAccount: null };
    if (!source) return none;
    const understood = await this.deps.answers.understand(source, phrase, {
      timezone: actor.timezone,
      language: actor.language,
      previous: null,
    });
    if (!understood.query) return none;
    return {
      semantic: understood.query,
      dateRange: periodOf(understood.query),
      resolvedSourceId: source.id,
      resolvedAccount: source.account,
    };
  }
}

/** A source that cannot be read right now (unreachable) still lets the card be saved, unresolved. */
function unreadable(error: unknown): null {
  if (error instanceof UpstreamFailed) return null;
  throw error;
}

/** The card's period in words ("last month"), or null when it has no date range. */
function periodOf(query: TSemanticQuery): string | null {
  const range = query.timeDimension?.range;
  return range && range.kind !== 'all' ? describeRange(range) : null;
}
