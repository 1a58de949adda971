import type { TLearnedSynonyms, TSynonymsQuery, TTeachWordBody } from '@parley/contract';
import {
  describeLearnedTarget,
  findDimension,
  type TLearnedChoice,
  type TSemanticModel,
  withLearnedSynonyms,
} from '@parley/engine';
import type { AccessPolicy, Actor } from '../../lib/access';
import { Invalid, NotFound } from '../../lib/errors';
import { type InvalidationBus, LocalInvalidationBus } from '../../lib/invalidation';
import { approximateBytes, Lru } from '../../lib/lru';
import type { AnswerSource } from '../answers/answers.service';
import type { SynonymsRepository } from './synonyms.repository';

/**
 * How long a process trusts its copy of a project's words; a word learned or removed through any
 * process drops every process's copy at once (the 'model' notice, lib/invalidation.ts).
 */
export const LEARNED_WORDS_TTL_MS = 30_000;

const NOT_FOUND = 'Learned word not found!';
const MEMO_ENTRIES = 1000;
const MEMO_BYTES = 32 * 2 ** 20;
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The words of one (project, source) and the models they were laid over, per base model. */
interface LearnedWords {
  /** The words as read, serialised: a re-read that finds the same words keeps the built models. */
  version: string;
  synonyms: TLearnedChoice[];
  /** Base model → taught model; a source that changed has a new base model, so it is rebuilt. */
  models: WeakMap<TSemanticModel, TSemanticModel>;
  /** Estimated bytes of the words and of the taught models with the parser's vocabulary of each. */
  bytes: number;
}

interface MemoEntry {
  words: Promise<LearnedWords>;
  expires: number;
  /** The last words read for this key, kept across a re-read. */
  settled: LearnedWords | null;
}

export interface SynonymsDeps {
  repo: SynonymsRepository;
  access: AccessPolicy;
  clock: () => Date;
  /** Where a learned or removed word is announced to every process; this process only by default. */
  bus?: InvalidationBus;
  /** The bounds of the memo of taught models. */
  memo?: { entries: number; bytes: number };
  /** One of the actor's sources by id (the resolver, handed in by services.ts): "Remember this" names it. */
  resolve?: (actor: Actor, id: string) => Promise<AnswerSource>;
}

/**
 * Learned synonyms: when a user picks a choice of a question back, the unknown
 * word is remembered for the project and source; every later question about that source is
 * parsed with the project's words laid over the model. The taught model is built once per (base
 * model, words) — never per question — and dropped when a word is learned or removed.
 */
export class SynonymsService {
  /** By project and source, bounded by entries and by the bytes of the words and taught models. */
  private readonly memo: Lru<MemoEntry>;
  private readonly repo: SynonymsRepository;
  private readonly access: AccessPolicy;
  private readonly clock: () => Date;
  private readonly bus: InvalidationBus;
  private readonly resolve?: (actor: Actor, id: string) => Promise<AnswerSource>;

  constructor({
    repo,
    access,
    clock,
    bus = new LocalInvalidationBus(),
    memo = { entries: MEMO_ENTRIES, bytes: MEMO_BYTES },
    resolve,
  }: SynonymsDeps) {
    this.repo = repo;
    this.access = access;
    this.clock = clock;
    this.bus = bus;
    this.resolve = resolve;
    this.memo = new Lru(memo.entries, {
      maxBytes: memo.bytes,
      sizeOf: (entry) => entry.settled?.bytes ?? 0,
    });
    // The model of a source changed in some process: every project's words for it are read again.
    bus.subscribe('model', (sourceKey) =>
      this.memo.deleteWhere((k) => sourceKey === null || k.split('\u0000')[1] === sourceKey),
    );
  }

  /** The project's learned words (any member sees them all), of one source when named. */
  async list(actor: Actor, query: TSynonymsQuery): Promise<TLearnedSynonyms> {
    await this.access.requireAccess(actor, { feature: 'SETTINGS_DATASOURCE' });
    const rows = await this.repo.list(actor.projectId, query.datasource_id ?? null);
    return rows.map((r) => ({
      id: r.id,
      word: r.word,
      meaning: r.meaning,
      target: r.target,
      datasource_id: r.sourceKey,
      created_at: r.createdAt.toISOString(),
    }));
  }

  /** Forgets one of the project's words; 404 for anything else. */
  async remove(actor: Actor, id: string): Promise<void> {
    await this.access.requireAccess(actor, { feature: 'SETTINGS_DATASOURCE' });
    const row = isUuid(id) ? await this.repo.findInProject(actor.projectId, id) : null;
    if (!row) throw new NotFound(NOT_FOUND);
    await this.repo.delete(row.id);
    await this.modelChanged(row.sourceKey);
  }

  /**
   * Remembers what a word meant, from the choice the asker picked on `source` (the conversation
   * module finds the pick); a later pick of the same word replaces the meaning.
   */
  async learn(actor: Actor, source: AnswerSource, choice: TLearnedChoice): Promise<void> {
    await this.access.requireAccess(actor, { feature: 'CONVERSATIONS' });
    await this.store(actor, source, choice);
  }

  /**
   * "Remember this" after a chip change: the word now means the chosen part of the actor's source;
   * a part its model does not have is refused (400), never stored.
   */
  async teachWord(actor: Actor, body: TTeachWordBody): Promise<void> {
    await this.access.requireAccess(actor, { feature: 'CONVERSATIONS' });
    if (!this.resolve) throw new Error('SynonymsService was built without a source resolver');
    const source = await this.resolve(actor, body.datasource_id);
    const { target } = body;
    // A value must be one the dimension lists: only those are read (withLearnedSynonyms).
    const known =
      target.type === 'value'
        ? (findDimension(source.model, target.dimension)?.values.includes(target.value) ?? false)
        : describeLearnedTarget(source.model, target) !== null;
    if (!known || !(await this.store(actor, source, { word: body.word, target })))
      throw new Invalid(`Invalid field target: the data source has no such ${target.type}`);
  }

  /** Stores what a word means on `source`; false when the word or its target cannot be kept. */
  private async store(actor: Actor, source: AnswerSource, choice: TLearnedChoice): Promise<boolean> {
    const word = choice.word.trim().toLowerCase();
    const meaning = describeLearnedTarget(source.model, choice.target);
    if (!word || word.length > 100 || meaning === null) return false;
    await this.repo.upsert({
      projectId: actor.projectId,
      sourceKey: source.id,
      word,
      target: choice.target,
      meaning,
      createdBy: actor.userId,
      createdAt: this.clock(),
    });
    await this.modelChanged(source.id);
    return true;
  }

  /**
   * The source with the actor's project's words in its model (the resolver calls this for every
   * question, after its caller's access check; it reads only the actor's own project's words).
   * The same taught model object comes back until the words or the source change, so the parser's
   * vocabulary, memoised per model object, is built once.
   */
  async teach(actor: Actor, source: AnswerSource): Promise<AnswerSource> {
    const learned = await this.wordsOf(actor.projectId, source.id);
    if (learned.synonyms.length === 0) return source;
    let model = learned.models.get(source.model);
    if (!model) {
      model = withLearnedSynonyms(source.model, learned.synonyms);
      learned.models.set(source.model, model);
      // The parser builds a vocabulary for the taught model too: about the whole model's size.
      learned.bytes += approximateBytes(model);
      this.measureAgain(actor.projectId, source.id, learned);
    }
    return model === source.model ? source : { ...source, model };
  }

  private wordsOf(projectId: string, sourceKey: string): Promise<LearnedWords> {
    const key = `${projectId}\u0000${sourceKey}`;
    const now = performance.now();
    const current = this.memo.get(key);
    // A copy is trusted only while other processes' changes can reach this one.
    if (current && current.expires > now && this.bus.live) return current.words;
    const entry: MemoEntry = {
      words: this.read(projectId, sourceKey, current?.settled ?? null),
      expires: now + LEARNED_WORDS_TTL_MS,
      settled: null,
    };
    this.memo.set(key, entry);
    entry.words.then(
      (words) => {
        entry.settled = words;
        this.measureAgain(projectId, sourceKey, words);
      },
      // A failed read is not kept: the next question reads again.
      () => {
        entry.expires = 0;
      },
    );
    return entry.words;
  }

  private async read(
    projectId: string,
    sourceKey: string,
    previous: LearnedWords | null,
  ): Promise<LearnedWords> {
    const synonyms = await this.repo.listForSource(projectId, sourceKey);
    const version = JSON.stringify(synonyms);
    if (previous?.version === version) return previous;
    return { version, synonyms, models: new WeakMap(), bytes: approximateBytes(synonyms) + version.length };
  }

  /** Sets a kept entry of these words again, so the memo counts their bytes as they are now. */
  private measureAgain(projectId: string, sourceKey: string, words: LearnedWords): void {
    const key = `${projectId}\u0000${sourceKey}`;
    const entry = this.memo.get(key);
    if (entry?.settled === words) this.memo.set(key, entry);
  }

  /** A deleted source's words go with it (the data-sources module calls this after a delete). */
  async forgetSources(ids: string[]): Promise<void> {
    await this.repo.deleteForSources(ids);
    for (const id of ids) await this.modelChanged(id);
  }

  /** The words of a source changed: every process reads them again on its next question about it. */
  private modelChanged(sourceKey: string): Promise<void> {
    return this.bus.publish('model', sourceKey);
  }
}
