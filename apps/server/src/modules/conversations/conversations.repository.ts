import {
  DEMO_DATASOURCE_ID,
  type TConversationResponse,
  type TSemanticQuery,
  ZSemanticQuery,
  ZSynonymTarget,
} from '@parley/contract';
import type { TLearnedChoice } from '@parley/engine';
import { and, count, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { conversationItems, feedback } from '../../db/schema';

export type ConversationItemRow = typeof conversationItems.$inferSelect;

/** The stored `learn` column, checked on the way out like `semantic`. */
const ZLearnChoices = z.record(z.string(), z.object({ word: z.string(), target: ZSynonymTarget }));

/** One asked question as stored (its owner apart). */
export interface NewConversationItem {
  id: string;
  created: number;
  phrase: string;
  event: string | null;
  datasourceId: string | null;
  responses: TConversationResponse[];
  semantic: TSemanticQuery | null;
  error: string | null;
  createdAt: Date;
  /** A question back's choices that would teach a word, by choice phrase; null otherwise. */
  learn?: Record<string, TLearnedChoice> | null;
}

export interface Owner {
  userId: string;
  projectId: string;
}

/** The only place that reads and writes conversation items and feedback. */
export class ConversationsRepository {
  constructor(private readonly db: Db) {}

  async insertItem(owner: Owner, item: NewConversationItem): Promise<ConversationItemRow> {
    const [row] = await this.db
      .insert(conversationItems)
      .values({ ...owner, ...item })
      .returning();
    return row!;
  }

  /**
   * Stores answered questions from the history writer; an id already stored is skipped, so a
   * journal replayed after a crash never writes an item twice.
   */
  async insertItems(items: (Owner & NewConversationItem)[]): Promise<void> {
    if (items.length === 0) return;
    await this.db
      .insert(conversationItems)
      .values(items)
      .onConflictDoNothing({ target: conversationItems.id });
  }

  /** Items newest first; `since` limits to items asked on or after that time. */
  async listItems(
    owner: Owner,
    opts: { before?: number; since?: Date; limit: number },
  ): Promise<ConversationItemRow[]> {
    return this.db
      .select()
      .from(conversationItems)
      .where(
        and(
          eq(conversationItems.userId, owner.userId),
          eq(conversationItems.projectId, owner.projectId),
          opts.before === undefined ? undefined : lt(conversationItems.created, opts.before),
          opts.since === undefined ? undefined : gte(conversationItems.createdAt, opts.since),
        ),
      )
      .orderBy(desc(conversationItems.created), desc(conversationItems.createdAt))
      .limit(opts.limit);
  }

  /**
   * The query of the latest answered item: the base of a follow-up (only that column is read).
   * Parsed with its schema: a row written by an older version that no longer fits is no base.
   */
  async findLastSemantic(owner: Owner, since: Date, datasourceId: string): Promise<TSemanticQuery | null> {
    const [row] = await this.db
      .select({ semantic: conversationItems.semantic })
      .from(conversationItems)
      .where(
        and(
          eq(conversationItems.userId, owner.userId),
          eq(conversationItems.projectId, owner.projectId),
          gte(conversationItems.createdAt, since),
          // Items stored before sources were recorded (null) were all asked of the demo.
          datasourceId === DEMO_DATASOURCE_ID
            ? or(eq(conversationItems.datasourceId, datasourceId), isNull(conversationItems.datasourceId))
            : eq(conversationItems.datasourceId, datasourceId),
          sql`${conversationItems.semantic} is not null`,
        ),
      )
      .orderBy(desc(conversationItems.createdAt))
      .limit(1);
    const parsed = ZSemanticQuery.safeParse(row?.semantic);
    return parsed.success ? parsed.data : null;
  }

  /**
   * The choices of the owner's latest question about the source when it was a question back that
   * could teach a word (else null): the next question may be one of them (learned synonyms).
   */
  async findLastChoices(owner: Owner, datasourceId: string): Promise<Record<string, TLearnedChoice> | null> {
    const [row] = await this.db
      .select({ learn: conversationItems.learn })
      .from(conversationItems)
      .where(
        and(
          eq(conversationItems.userId, owner.userId),
          eq(conversationItems.projectId, owner.projectId),
          eq(conversationItems.datasourceId, datasourceId),
        ),
      )
      .orderBy(desc(conversationItems.createdAt), desc(conversationItems.created))
      .limit(1);
    const parsed = ZLearnChoices.safeParse(row?.learn);
    return parsed.success ? parsed.data : null;
  }

  async findItem(owner: Owner, id: string): Promise<ConversationItemRow | null> {
    const [row] = await this.db
      .select()
      .from(conversationItems)
      .where(
        and(
          eq(conversationItems.id, id),
          eq(conversationItems.userId, owner.userId),
          eq(conversationItems.projectId, owner.projectId),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /** Phrases asked most often (answered ones only), case-insensitively grouped. */
  async favourites(owner: Owner, limit: number): Promise<{ phrase: string; count: number }[]> {
    const key = sql<string>`lower(${conversationItems.phrase})`;
    const rows = await this.db
      .select({ phrase: sql<string>`min(${conversationItems.phrase})`, count: count() })
      .from(conversationItems)
      .where(
        and(
          eq(conversationItems.userId, owner.userId),
          eq(conversationItems.projectId, owner.projectId),
          sql`${conversationItems.semantic} is not null`,
        ),
      )
      .groupBy(key)
      .orderBy(desc(count()), key)
      .limit(limit);
    return rows.map((r) => ({ phrase: r.phrase, count: Number(r.count) }));
  }

  async insertFeedback(
    owner: Owner,
    values: { sentiment: string; message: string; flags: string[]; data: unknown; phrase: string },
  ): Promise<string> {
    const [row] = await this.db
      .insert(feedback)
      .values({ ...owner, ...values, data: values.data ?? null })
      .returning({ id: feedback.id });
    return row!.id;
  }

  async listFeedback(owner: Owner) {
    return this.db
      .select()
      .from(feedback)
      .where(and(eq(feedback.userId, owner.userId), eq(feedback.projectId, owner.projectId)))
      .orderBy(desc(feedback.createdAt));
  }
}
