import type { TSemanticQuery, TVerifiedQuestion, TVerifyBody } from '@parley/contract';
import type { AccessPolicy, Actor } from '../../lib/access';
import { Invalid, NotFound } from '../../lib/errors';
import type { InvalidationBus } from '../../lib/invalidation';
import { TtlCache } from '../../lib/ttl-cache';
import type { AnswerService, AnswerSource } from '../answers/answers.service';
import type { VerifiedIndex } from '../answers/pinned-answers';
import type { SourceResolver } from '../datasources/source-resolver';
import type { VerifiedOwner, VerifiedRepository, VerifiedRow } from './verified.repository';
import { type IndexedQuestion, PinnedIndex } from './verified-index';

const NOT_FOUND = 'Verified question not found!';
const ASKS_BACK = 'Parley would ask back on this phrase: pick a reading on its card first.';
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The invalidation key (topic 'verified') and memo key of an owner's verified questions of a source. */
export const verifiedKey = (owner: VerifiedOwner, sourceKey: string) =>
  `${owner.userId}:${owner.projectId}:${sourceKey}`;

export interface VerifiedDeps {
  repo: VerifiedRepository;
  answers: AnswerService;
  sources: SourceResolver;
  access: AccessPolicy;
  bus: InvalidationBus;
  clock: () => Date;
  /** How long a process keeps its copy of an owner's verified questions (lib/ttl-cache.ts). */
  copyMs: number;
}

/**
 * Verified questions (DESIGN §12): phrases pinned by a source's owner to a
 * query, which answer first. The answer path reads them as one memoised index per owner and
 * source, dropped in every process when they change (the 'verified' notice).
 */
export class VerifiedService {
  private readonly indexes: TtlCache<PinnedIndex>;

  constructor(private readonly deps: VerifiedDeps) {
    const { bus, copyMs } = deps;
    this.indexes = new TtlCache(copyMs, 10_000, () => bus.live);
    bus.subscribe('verified', (key) => (key === null ? this.indexes.forget() : this.indexes.forget(key)));
  }

  /** The actor's verified questions of one of their sources. */
  async list(actor: Actor, sourceId: string): Promise<TVerifiedQuestion[]> {
    await this.deps.access.requireAccess(actor, { feature: 'SETTINGS_DATASOURCE' });
    const source = await this.deps.sources.resolve(actor, sourceId);
    return (await this.deps.repo.list(actor, source.id)).map(toVerified);
  }

  /**
   * Pins phrases to a query: the one given (checked by compiling it against the source's model),
   * else the engine's reading of the first phrase. It is run once; its card's columns are the
   * shape the golden checks hold it to.
   */
  async create(actor: Actor, sourceId: string, body: TVerifyBody): Promise<TVerifiedQuestion> {
    await this.deps.access.requireAccess(actor, { feature: 'ADMIN_MODELS' });
    const source = await this.deps.sources.resolve(actor, sourceId);
    const phrase = body.phrases[0]!;
    const query = body.query ?? (await this.readingOf(actor, source, phrase));
    const why = this.deps.answers.compileError(source, query, actor);
    if (why) throw new Invalid(`Invalid field query: ${why}`);
    const shape = await this.shapeOf(actor, source, query, phrase);
    const row = await this.deps.repo.insert({
      owner: actor,
      sourceKey: source.id,
      phrases: body.phrases,
      query,
      shape,
      authorId: actor.userId,
      author: actor.name.trim() || actor.email,
      createdAt: this.deps.clock(),
    });
    await this.changed(actor, source.id);
    return toVerified(row);
  }

  /** Deletes one of the actor's verified questions of the source; 404 for anything else. */
  async remove(actor: Actor, sourceId: string, id: string): Promise<void> {
    await this.deps.access.requireAccess(actor, { feature: 'ADMIN_MODELS_DELETE' });
    const source = await this.deps.sources.resolve(actor, sourceId);
    if (!isUuid(id) || !(await this.deps.repo.delete(actor, source.id, id))) throw new NotFound(NOT_FOUND);
    await this.changed(actor, source.id);
  }

  /**
   * The actor's verified questions of `source` as the answer path looks them up (only those whose
   * last check passed), or null when there are none; memoised, so a question costs no statement.
   */
  async index(actor: Actor, source: AnswerSource): Promise<VerifiedIndex | null> {
    const index = await this.indexes.read(verifiedKey(actor, source.id), async () => {
      const rows = await this.deps.repo.list(actor, source.id);
      return new PinnedIndex(rows.filter((r) => r.status === 'ok').map(indexed));
    });
    return index.size > 0 ? index : null;
  }

  /** The owner's verified questions of a source changed: every process reads them again. */
  changed(owner: VerifiedOwner, sourceKey: string): Promise<void> {
    return this.deps.bus.publish('verified', verifiedKey(owner, sourceKey));
  }

  /** What the engine reads the phrase as, on its own; a question back cannot be verified. */
  private async readingOf(actor: Actor, source: AnswerSource, phrase: string): Promise<TSemanticQuery> {
    const understood = await this.deps.answers.understand(source, phrase, {
      timezone: actor.timezone,
      language: actor.language,
      previous: null,
    });
    if (!understood.query) throw new Invalid(ASKS_BACK);
    return understood.query;
  }

  /** The column keys of the query's card; a query that gives no card cannot be verified. */
  private async shapeOf(
    actor: Actor,
    source: AnswerSource,
    query: TSemanticQuery,
    phrase: string,
  ): Promise<string[]> {
    const result = await this.deps.answers.answerQuery(source, query, phrase, actor);
    const card = result.responses.find((r) => r.card)?.card;
    if (!card) {
      const text = result.responses[0]?.text ?? 'no answer';
      throw new Invalid(`Invalid field query: it gives no card (${plainText(text)})`);
    }
    return card.columns.map((c) => c.key);
  }
}

function indexed(row: VerifiedRow): IndexedQuestion {
  return {
    phrases: row.phrases,
    pinned: {
      query: row.query,
      verified: { id: row.id, author: row.author, created_at: row.createdAt.toISOString() },
    },
  };
}

function toVerified(row: VerifiedRow): TVerifiedQuestion {
  return {
    id: row.id,
    phrases: row.phrases,
    query: row.query,
    author: row.author,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    checked_at: row.checkedAt?.toISOString() ?? null,
    ...(row.reason ? { reason: row.reason } : {}),
  };
}

/** An answer's HTML text as plain words, for an error message. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
