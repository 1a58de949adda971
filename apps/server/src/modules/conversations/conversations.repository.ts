import { randomUUID } from 'node:crypto';
import {
  DEMO_DATASOURCE_ID,
  type TConversationResponse,
  type TSemanticQuery,
  ZSemanticQuery,
  ZSynonymTarget,
} from '@parley/contract';
import type { TLearnedChoice } from '@parley/engine';
import { and, count, desc, eq, getTableColumns, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { answerCards, conversationItems, feedback } from '../../db/schema';
import { isShared, stringify } from '../../lib/shared-json';

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

/** The only place that reads and writes conversation items, their cards and feedback. */
export class ConversationsRepository {
  /**
   * The `answer_cards` id of each shared card object (a repeated question's, from the result
   * cache) per owner, and whether its row is in: the card is stored once, and each later item
   * only points at it. A card nobody shares gets a new row with its item.
   */
  private readonly cardIds = new WeakMap<object, Map<string, { id: string; stored: boolean }>>();

  constructor(private readonly db: Db) {}

  /**
   * Stores answered questions from the history writer; an id already stored is skipped, so a
   * journal replayed after a crash never writes an item twice. One statement for the whole batch
   * (cards, then items, as arrays): the history row is on every answer's account.
   */
  async insertItems(items: (Owner & NewConversationItem)[]): Promise<void> {
    if (items.length === 0) return;
    const cards = {
      id: [] as string[],
      userId: [] as string[],
      projectId: [] as string[],
      card: [] as string[],
    };
    const newRefs = new Set<{ id: string; stored: boolean }>();
    const rows = {
      id: [] as string[],
      userId: [] as string[],
      projectId: [] as string[],
      created: [] as number[],
      phrase: [] as string[],
      event: [] as (string | null)[],
      datasourceId: [] as (string | null)[],
      responses: [] as string[],
      semantic: [] as (string | null)[],
      error: [] as (string | null)[],
      learn: [] as (string | null)[],
      createdAt: [] as string[],
      cardId: [] as (string | null)[],
    };
    for (const item of items) {
      let cardId: string | null = null;
      const responses = item.responses.map((r) => {
        if (!r.card || cardId) return r;
        const ref = this.cardRef(item, r.card);
        cardId = ref.id;
        if (!ref.stored && !newRefs.has(ref)) {
          newRefs.add(ref);
          cards.id.push(ref.id);
          cards.userId.push(item.userId);
          cards.projectId.push(item.projectId);
          cards.card.push(stringify(r.card));
        }
        return { ...r, card: null };
      });
      rows.id.push(item.id);
      rows.userId.push(item.userId);
      rows.projectId.push(item.projectId);
      rows.created.push(item.created);
      rows.phrase.push(item.phrase);
      rows.event.push(item.event);
      rows.datasourceId.push(item.datasourceId);
      rows.responses.push(stringify(responses));
      rows.semantic.push(item.semantic ? stringify(item.semantic) : null);
      rows.error.push(item.error);
      rows.learn.push(item.learn ? stringify(item.learn) : null);
      rows.createdAt.push(item.createdAt.toISOString());
      rows.cardId.push(cardId);
    }
    const p = sql.param;
    await this.db.execute(sql`
      WITH cards AS (
        INSERT INTO answer_cards (id, user_id, project_id, card)
        SELECT c.id, c.user_id, c.project_id, c.card::jsonb
        FROM unnest(${p(cards.id)}::uuid[], ${p(cards.userId)}::uuid[], ${p(cards.projectId)}::text[], ${p(cards.card)}::text[])
          AS c(id, user_id, project_id, card)
        ON CONFLICT (id) DO NOTHING
      )
      INSERT INTO conversation_items
        (id, user_id, project_id, created, phrase, event, datasource_id, responses, semantic, error, learn, created_at, card_id)
      SELECT i.id, i.user_id, i.project_id, i.created, i.phrase, i.event, i.datasource_id, i.responses::jsonb,
        i.semantic::jsonb, i.error, i.learn::jsonb, i.created_at, i.card_id
      FROM unnest(${p(rows.id)}::uuid[], ${p(rows.userId)}::uuid[], ${p(rows.projectId)}::text[],
        ${p(rows.created)}::bigint[], ${p(rows.phrase)}::text[], ${p(rows.event)}::text[],
        ${p(rows.datasourceId)}::text[], ${p(rows.responses)}::text[], ${p(rows.semantic)}::text[],
        ${p(rows.error)}::text[], ${p(rows.learn)}::text[], ${p(rows.createdAt)}::timestamptz[],
        ${p(rows.cardId)}::uuid[])
        AS i(id, user_id, project_id, created, phrase, event, datasource_id, responses, semantic, error, learn, created_at, card_id)
      ON CONFLICT (id) DO NOTHING`);
    for (const ref of newRefs) ref.stored = true;
  }

  /** The id a card is stored under for an owner: remembered for a shared card, new for any other. */
  private cardRef(owner: Owner, card: object): { id: string; stored: boolean } {
    if (!isShared(card)) return { id: randomUUID(), stored: false };
    let byOwner = this.cardIds.get(card);
    if (!byOwner) {
      byOwner = new Map();
      this.cardIds.set(card, byOwner);
    }
    const key = `${owner.userId}\u0000${owner.projectId}`;
    let ref = byOwner.get(key);
    if (!ref) {
      ref = { id: randomUUID(), stored: false };
      byOwner.set(key, ref);
    }
    return ref;
  }

  /** Items with the card each points at (`withCard` puts it back in its response). */
  private selectItems() {
    return this.db
      .select({ ...getTableColumns(conversationItems), card: answerCards.card })
      .from(conversationItems)
      .leftJoin(answerCards, eq(answerCards.id, conversationItems.cardId));
  }

  /** Items newest first; `since` limits to items asked on or after that time. */
  async listItems(
    owner: Owner,
    opts: { before?: number; since?: Date; limit: number },
  ): Promise<ConversationItemRow[]> {
    const rows = await this.selectItems()
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
    return rows.map(withCard);
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
    const [row] = await this.selectItems()
      .where(
        and(
          eq(conversationItems.id, id),
          eq(conversationItems.userId, owner.userId),
          eq(conversationItems.projectId, owner.projectId),
        ),
      )
      .limit(1);
    return row ? withCard(row) : null;
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

/** An item as it was answered: its card (stored apart in `answer_cards`) back in its response. */
function withCard({ card, ...row }: ConversationItemRow & { card: unknown }): ConversationItemRow {
  if (row.cardId === null || card === null) return row;
  const responses = (row.responses as Record<string, unknown>[]).map((r) =>
    r.card === null ? { ...r, card } : r,
  );
  return { ...row, responses };
}
