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
  type TCreateCollectionBody,
  type TLayoutItem,
  type TQuestion,
  type TQuestionInput,
  type TUpdateCollectionBody,
} from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessPolicy, AccessRequirement, Actor } from '../../lib/access';
import { Invalid, NotFound } from '../../lib/errors';
import type { AnswerService } from '../answers/answers.service';
import type { SourceResolver } from '../datasources/source-resolver';
import { CardPlanner } from './card-planner';
import { CardRunner } from './card-runner';
import type {
  CollectionsRepository,
  CollectionWithQuestions,
  CollectionWrite,
  QuestionRow,
} from './collections.repository';

/** A collection was saved or deleted: the digest schedule follows its frequency. */
export interface CollectionChange {
  actor: Actor;
  collectionId: string;
  /** The digest frequency now; null when none or the collection was deleted. */
  frequency: TCollection['notification_frequency'];
  deleted: boolean;
}

/** What the collections service is built from (services.ts). */
export interface CollectionsDeps {
  repo: CollectionsRepository;
  answers: AnswerService;
  sources: SourceResolver;
  access: AccessPolicy;
  log: FastifyBaseLogger;
  clock: () => Date;
  /**
   * Cards of one collection answered at once (default 4). The PostgreSQL connector's pool holds 4
   * connections and DuckDB keeps 4 idle ones: more would only queue there.
   */
  concurrency?: number;
}

/** An update whose collection changed under it is planned again, at most this many times. */
const UPDATE_ATTEMPTS = 3;
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * Collections and their cards (DESIGN §11): CRUD with the PUT semantics of the contract, access
 * checked first; cards are understood when saved (card-planner.ts) and answered, like the editor's
 * preview, by card-runner.ts; the digest module reads collections through it.
 */
export class CollectionsService {
  private readonly listeners: ((change: CollectionChange) => void | Promise<void>)[] = [];
  private readonly cards: CardRunner;
  private readonly planner: CardPlanner;

  constructor(private readonly deps: CollectionsDeps) {
    const concurrency = deps.concurrency ?? 4;
    this.cards = new CardRunner({ ...deps, concurrency });
    this.planner = new CardPlanner({ ...deps, concurrency });
  }

  /** Calls `listener` after every create, update and delete (the digest scheduler re-schedules). */
  onChange(listener: (change: CollectionChange) => void | Promise<void>): void {
    this.listeners.push(listener);
  }

  private requireCollections(actor: Actor, need: Omit<AccessRequirement, 'feature'> = {}): Promise<void> {
    return this.deps.access.requireAccess(actor, { feature: 'COLLECTIONS', ...need });
  }

  /** One of the actor's collections, or 404 — for routes and for jobs running as the actor. */
  private async load(actor: Actor, id: string): Promise<CollectionWithQuestions> {
    const row = isUuid(id) ? await this.deps.repo.find(actor, id) : null;
    await this.requireCollections(actor, {
      resource: row,
      notFoundMessage: COLLECTION_MESSAGES.collectionNotFound,
    });
    return row!;
  }

  /** GET /features/collections: the actor's collections, oldest first. */
  async list(actor: Actor): Promise<TCollection[]> {
    await this.requireCollections(actor);
    const rows = await this.deps.repo.list(actor);
    return rows.map((r) => toCollection(r, actor.language));
  }

  /** One collection as the API shows it (the digest mail reads it too). */
  async get(actor: Actor, id: string): Promise<TCollection> {
    return toCollection(await this.load(actor, id), actor.language);
  }

  /** POST /features/collection */
  async create(actor: Actor, body: TCreateCollectionBody): Promise<TCollection> {
    await this.requireCollections(actor);
    // The plan decides which digest frequencies a collection may choose.
    if (body.notification_frequency) {
      await this.requireCollections(actor, { quota: 'digests', frequency: body.notification_frequency });
    }
    await this.requireCollections(actor, {
      quota: 'collections',
      usage: (await this.deps.repo.countOwned(actor)) + 1,
    });
    const name = requireName(body.name);
    const inputs = (body.questions ?? []).map(({ id: _ignored, ...q }) => q);
    checkDuplicates(inputs);
    if (inputs.length > 0)
      await this.requireCollections(actor, { quota: 'cards_per_collection', usage: inputs.length });
    const questions = await this.planner.plan(actor, inputs, new Map());
    const id = randomUUID();
    const frequency = body.notification_frequency ?? null;
    await this.deps.repo.insert(actor, id, {
      name,
      notificationFrequency: frequency,
      digest: body.digest ?? false,
      layout: arrange(body.layout ?? [], questions),
      questions,
      now: this.deps.clock(),
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
      const questions = await this.planner.plan(actor, inputs, byId);
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
        now: this.deps.clock(),
      };
      if (await this.deps.repo.replace(actor, current.id, current.updatedAt, write)) {
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
    await this.deps.repo.delete(actor, id);
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
      const [response] = await this.cards.run(actor, [question]);
      return { responses: [response!], question: toQuestion(question) };
    }
    return { responses: await this.cards.run(actor, collection.questions) };
  }

  /** POST /features/collections/preview: the editor's answer to a phrase; nothing is stored. */
  async preview(actor: Actor, body: TCollectionPreviewBody): Promise<TCollectionPreviewResponse> {
    await this.requireCollections(actor);
    return this.cards.preview(actor, body.phrase, body.datasource_id ?? null);
  }

  private async announce(change: CollectionChange): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(change);
      } catch (err) {
        this.deps.log.error({ err, collection: change.collectionId }, 'collection change listener failed');
      }
    }
  }
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
