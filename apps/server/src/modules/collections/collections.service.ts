import { randomUUID } from 'node:crypto';
import {
  COLLECTION_GRID,
  COLLECTION_MESSAGES,
  scheduleText,
  type TCollection,
  type TCollectionPreviewBody,
  type TCollectionPreviewResponse,
  type TCollectionQueryBody,
  type TCollectionQueryResponse,
  type TCollectionResponse,
  type TCreateCollectionBody,
  type TLayoutItem,
  type TQuestion,
  type TQuestionInput,
  type TSemanticQuery,
  type TUpdateCollectionBody,
} from '@parley/contract';
import { describeRange } from '@parley/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessPolicy, AccessRequirement, Actor } from '../../lib/access';
import { DomainError, Invalid, NotFound, UpstreamFailed } from '../../lib/errors';
import { mapPool } from '../../lib/pool';
import type { AnswerService, AnswerSource, AskResult } from '../answers/answers.service';
import { aiInsightsQuota } from '../billing/ai-insights';
import type { SourceResolver } from '../datasources/source-resolver';
import type {
  CollectionsRepository,
  CollectionWithQuestions,
  CollectionWrite,
  QuestionRow,
  QuestionValues,
} from './collections.repository';

/** A collection was saved or deleted: the digest schedule follows its frequency. */
export interface CollectionChange {
  actor: Actor;
  collectionId: string;
  /** The digest frequency now; null when none or the collection was deleted. */
  frequency: TCollection['notification_frequency'];
  deleted: boolean;
}

export interface CollectionsOptions {
  /**
   * Cards of one collection answered at once. The PostgreSQL connector's pool holds 4
   * connections and DuckDB keeps 4 idle ones: more would only queue there.
   */
  concurrency?: number;
}

/** An update whose collection changed under it is planned again, at most this many times. */
const UPDATE_ATTEMPTS = 3;
/** Answer of a card that failed for a reason we cannot name (spec 2 §8). */
const CARD_FAILED = 'Failed to retrieve data!';
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * Collections and their cards (DESIGN §11): CRUD with the PUT semantics of the contract, the
 * cards run concurrently through a bounded pool (identical queries once, results through the
 * answer cache) and the editor's preview; the digest module reads collections through it.
 */
export class CollectionsService {
  private readonly listeners: ((change: CollectionChange) => void | Promise<void>)[] = [];
  private readonly concurrency: number;

  constructor(
    private readonly repo: CollectionsRepository,
    private readonly answers: AnswerService,
    private readonly sources: SourceResolver,
    private readonly access: AccessPolicy,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date,
    options: CollectionsOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 4;
  }

  /** Calls `listener` after every create, update and delete (the digest scheduler re-schedules). */
  onChange(listener: (change: CollectionChange) => void | Promise<void>): void {
    this.listeners.push(listener);
  }

  private requireCollections(actor: Actor, need: Omit<AccessRequirement, 'feature'> = {}): Promise<void> {
    return this.access.requireAccess(actor, { feature: 'COLLECTIONS', ...need });
  }

  /** One of the actor's collections, or 404 — for routes and for jobs running as the actor. */
  private async load(actor: Actor, id: string): Promise<CollectionWithQuestions> {
    const row = isUuid(id) ? await this.repo.find(actor, id) : null;
    await this.requireCollections(actor, {
      resource: row,
      notFoundMessage: COLLECTION_MESSAGES.collectionNotFound,
    });
    return row!;
  }

  /** GET /features/collections: the actor's collections, oldest first. */
  async list(actor: Actor): Promise<TCollection[]> {
    await this.requireCollections(actor);
    const rows = await this.repo.list(actor);
    return rows.map((r) => toCollection(r, actor.language));
  }

  /** One collection as the API shows it (the digest mail reads it too). */
  async get(actor: Actor, id: string): Promise<TCollection> {
    return toCollection(await this.load(actor, id), actor.language);
  }

  /** POST /features/collection */
  async create(actor: Actor, body: TCreateCollectionBody): Promise<TCollection> {
    await this.requireCollections(actor);
    // The plan decides which digest frequencies a collection may choose (issue 16).
    if (body.notification_frequency) {
      await this.requireCollections(actor, { quota: 'digests', frequency: body.notification_frequency });
    }
    await this.requireCollections(actor, {
      quota: 'collections',
      usage: (await this.repo.countOwned(actor)) + 1,
    });
    const name = requireName(body.name);
    const inputs = (body.questions ?? []).map(({ id: _ignored, ...q }) => q);
    checkDuplicates(inputs);
    if (inputs.length > 0)
      await this.requireCollections(actor, { quota: 'cards_per_collection', usage: inputs.length });
    const questions = await this.plan(actor, inputs, new Map());
    const id = randomUUID();
    const frequency = body.notification_frequency ?? null;
    await this.repo.insert(actor, id, {
      name,
      notificationFrequency: frequency,
      digest: body.digest ?? false,
      layout: arrange(body.layout ?? [], questions),
      questions,
      now: this.clock(),
    });
    await this.announce({ actor, collectionId: id, frequency, deleted: false });
    return this.get(actor, id);
  }

  /**
   * PUT /features/collection: questions without `id` are added, those left out removed, kept
   * ones updated (re-resolved when their phrase or source changed); one transaction.
   */
  async update(actor: Actor, body: TUpdateCollectionBody): Promise<TCollection> {
    await this.requireCollections(actor);
    const name = requireName(body.name);
    for (let attempt = 1; ; attempt++) {
      const current = await this.load(actor, body.id);
      const byId = new Map(current.questions.map((q) => [q.id, q]));
      const inputs = body.questions ?? current.questions.map(toInput);
      for (const q of inputs) {
        if (q.id !== undefined && !byId.has(q.id)) throw new NotFound(COLLECTION_MESSAGES.questionNotFound);
      }
      if (new Set(inputs.flatMap((q) => (q.id ? [q.id] : []))).size !== inputs.filter((q) => q.id).length) {
        throw new Invalid(COLLECTION_MESSAGES.duplicateCard);
      }
      checkDuplicates(inputs);
      if (inputs.length > current.questions.length) {
        await this.requireCollections(actor, { quota: 'cards_per_collection', usage: inputs.length });
      }
      const questions = await this.plan(actor, inputs, byId);
      const frequency =
        body.notification_frequency === undefined
          ? current.notificationFrequency
          : body.notification_frequency;
      if (frequency && frequency !== current.notificationFrequency) {
        await this.requireCollections(actor, { quota: 'digests', frequency });
      }
      const write: CollectionWrite = {
        name,
        notificationFrequency: frequency,
        digest: body.digest ?? current.digest,
        layout: arrange(body.layout ?? current.layout, questions),
        questions,
        now: this.clock(),
      };
      if (await this.repo.replace(actor, current.id, current.updatedAt, write)) {
        await this.announce({ actor, collectionId: current.id, frequency, deleted: false });
        return this.get(actor, current.id);
      }
      if (attempt >= UPDATE_ATTEMPTS)
        throw new Invalid('The collection was changed meanwhile. Please try again.');
    }
  }

  /** DELETE /features/collection?id= */
  async delete(actor: Actor, id: string): Promise<void> {
    await this.load(actor, id);
    await this.repo.delete(actor, id);
    await this.announce({ actor, collectionId: id, frequency: null, deleted: true });
  }

  /**
   * POST /features/collections/query: one card (`id`) or every card, concurrently through a
   * bounded pool; identical queries are answered once. A card that fails answers its own
   * error; the others still answer. Nothing is written to the conversation history. The digest
   * job calls it too, with an Actor built for the collection's owner.
   */
  async query(actor: Actor, body: TCollectionQueryBody): Promise<TCollectionQueryResponse> {
    const collection = await this.load(actor, body.collection_id);
    if (body.id !== undefined) {
      const question = collection.questions.find((q) => q.id === body.id);
      if (!question) throw new NotFound(COLLECTION_MESSAGES.questionNotFound);
      const [response] = await this.runCards(actor, [question]);
      return { responses: [response!], question: toQuestion(question) };
    }
    return { responses: await this.runCards(actor, collection.questions) };
  }

  /** Answers cards as `actor`; each card's failure is its own answer. */
  private async runCards(actor: Actor, questions: QuestionRow[]): Promise<TCollectionResponse[]> {
    // One resolution per source and one run per identical query, shared by the cards of this call.
    const sources = new Map<string, Promise<AnswerSource>>();
    const runs = new Map<string, Promise<AskResult>>();
    const context = {
      timezone: actor.timezone,
      language: actor.language,
      previous: null,
      aiInsights: aiInsightsQuota(this.access, actor),
    };
    return mapPool(questions, this.concurrency, async (q) => {
      try {
        const key = q.datasourceId ?? '';
        let sourcePromise = sources.get(key);
        if (!sourcePromise) {
          sourcePromise = this.sources.resolve(actor, q.datasourceId);
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
            ? this.answers.answerQuery(source, stored, q.phrase, context)
            : this.answers.ask(source, q.phrase, context);
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
        this.log.error({ err: error, question: q.id }, 'collection card failed');
        return failed(q, CARD_FAILED);
      }
    });
  }

  /** POST /features/collections/preview: the editor's answer to a phrase; nothing is stored. */
  async preview(actor: Actor, body: TCollectionPreviewBody): Promise<TCollectionPreviewResponse> {
    await this.requireCollections(actor);
    const source = await this.sources.resolve(actor, body.datasource_id ?? null);
    const result = await this.answers.ask(source, body.phrase, {
      timezone: actor.timezone,
      language: actor.language,
      previous: null,
      aiInsights: aiInsightsQuota(this.access, actor),
    });
    return {
      responses: result.responses.map(({ card, text, prompt, phrase }) => ({
        ...(card ? { card } : {}),
        ...(text !== undefined ? { text } : {}),
        ...(prompt ? { prompt } : {}),
        phrase,
      })),
    };
  }

  /**
   * The stored form of each card: kept cards keep their resolved query unless their phrase or
   * source changed; new and changed ones are understood now (nothing runs on the source).
   */
  private async plan(
    actor: Actor,
    inputs: TQuestionInput[],
    current: Map<string, QuestionRow>,
  ): Promise<QuestionValues[]> {
    const sources = new Map<string, Promise<AnswerSource>>();
    const now = this.clock();
    return mapPool(inputs, this.concurrency, async (input, position) => {
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
        sourcePromise = this.sources.resolve(actor, datasourceId);
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
    const understood = await this.answers.understand(source, phrase, {
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

  private async announce(change: CollectionChange): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(change);
      } catch (err) {
        this.log.error({ err, collection: change.collectionId }, 'collection change listener failed');
      }
    }
  }
}

/** A source that cannot be read right now (unreachable) still lets the card be saved, unresolved. */
function unreadable(error: unknown): null {
  if (error instanceof UpstreamFailed) return null;
  throw error;
}

function requireName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new Invalid(COLLECTION_MESSAGES.nameRequired);
  return trimmed;
}

/** The same phrase (case and spacing aside) on the same source twice is refused. */
function checkDuplicates(inputs: TQuestionInput[]): void {
  const seen = new Set<string>();
  for (const q of inputs) {
    const key = `${q.data_adapter ?? ''}\u0000${q.phrase.trim().replace(/\s+/g, ' ').toLocaleLowerCase()}`;
    if (seen.has(key)) throw new Invalid(COLLECTION_MESSAGES.duplicateCard);
    seen.add(key);
  }
}

/**
 * The grid for the final cards: items of removed cards dropped, one item per card (a repeated
 * `i` keeps its first), cards without an item placed 2×2 in the first free spot, row by row.
 */
export function arrange(layout: readonly TLayoutItem[], questions: readonly { id: string }[]): TLayoutItem[] {
  const ids = new Set(questions.map((q) => q.id));
  const placed: TLayoutItem[] = [];
  for (const item of layout) {
    if (ids.has(item.i) && !placed.some((p) => p.i === item.i)) placed.push(item);
  }
  const cols = COLLECTION_GRID.cols.lg;
  const { w, h } = COLLECTION_GRID.newCard;
  const overlaps = (x: number, y: number) =>
    placed.some((p) => x < p.x + p.w && p.x < x + w && y < p.y + p.h && p.y < y + h);
  for (const q of questions) {
    if (placed.some((p) => p.i === q.id)) continue;
    let spot: { x: number; y: number } | null = null;
    for (let y = 0; !spot; y++) {
      for (let x = 0; x + w <= cols && !spot; x++) if (!overlaps(x, y)) spot = { x, y };
    }
    placed.push({ i: q.id, ...spot, w, h });
  }
  return placed;
}

function failed(q: QuestionRow, message: string): TCollectionResponse {
  return { question_id: q.id, phrase: q.phrase, error: true, message };
}

/** The card's period in words ("last month"), or null when it has no date range. */
function periodOf(query: TSemanticQuery): string | null {
  const range = query.timeDimension?.range;
  return range && range.kind !== 'all' ? describeRange(range) : null;
}

function toInput(q: QuestionRow): TQuestionInput {
  return { id: q.id, phrase: q.phrase, data_adapter: q.datasourceId };
}

function toQuestion(q: QuestionRow): TQuestion {
  return {
    id: q.id,
    phrase: q.phrase,
    collection_id: q.collectionId,
    data_adapter: q.datasourceId,
    interval: q.interval as TQuestion['interval'],
    selectedChartType: (q.chartType ?? null) as TQuestion['selectedChartType'],
    date_range: q.dateRange,
    queryTimestamp: q.resolvedAt?.toISOString() ?? null,
  };
}

function toCollection(row: CollectionWithQuestions, language: string): TCollection {
  return {
    id: row.id,
    name: row.name,
    notification_frequency: row.notificationFrequency,
    digest: row.digest,
    layout: row.layout,
    questions: row.questions.map(toQuestion),
    schedule: scheduleText(row.notificationFrequency, language),
  };
}
