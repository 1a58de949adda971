import type { TLayoutItem } from '@parley/contract';
import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { collectionQuestions, collections } from '../../db/schema';

export type CollectionRow = typeof collections.$inferSelect;
export type QuestionRow = typeof collectionQuestions.$inferSelect;
export type QuestionValues = Omit<QuestionRow, 'collectionId' | 'createdAt'>;
export type CollectionWithQuestions = CollectionRow & { questions: QuestionRow[] };

export interface Owner {
  userId: string;
  projectId: string;
}

/** What a create or an update writes: the collection's fields and its whole list of cards. */
export interface CollectionWrite {
  name: string;
  notificationFrequency: CollectionRow['notificationFrequency'];
  digest: boolean;
  layout: TLayoutItem[];
  questions: QuestionValues[];
  now: Date;
}

const owned = (owner: Owner) =>
  and(eq(collections.userId, owner.userId), eq(collections.projectId, owner.projectId));

/** The only place that reads and writes collections and their cards. */
export class CollectionsRepository {
  constructor(private readonly db: Db) {}

  /** The owner's collections in the project, oldest first, each with its cards in order. */
  async list(owner: Owner): Promise<CollectionWithQuestions[]> {
    const rows = await this.db
      .select()
      .from(collections)
      .where(owned(owner))
      .orderBy(asc(collections.createdAt));
    return this.withQuestions(rows);
  }

  /** One of the owner's collections with its cards, or null (absent, someone else's, another project's). */
  async find(owner: Owner, id: string): Promise<CollectionWithQuestions | null> {
    const [row] = await this.db
      .select()
      .from(collections)
      .where(and(eq(collections.id, id), owned(owner)))
      .limit(1);
    return row ? ((await this.withQuestions([row]))[0] ?? null) : null;
  }

  async countOwned(owner: Owner): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(collections).where(owned(owner));
    return Number(row?.n ?? 0);
  }

  private async withQuestions(rows: CollectionRow[]): Promise<CollectionWithQuestions[]> {
    if (rows.length === 0) return [];
    const questions = await this.db
      .select()
      .from(collectionQuestions)
      .where(
        inArray(
          collectionQuestions.collectionId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(collectionQuestions.collectionId), asc(collectionQuestions.position));
    return rows.map((r) => ({ ...r, questions: questions.filter((q) => q.collectionId === r.id) }));
  }

  /** Creates a collection and its cards in one transaction. */
  async insert(owner: Owner, id: string, write: CollectionWrite): Promise<void> {
    const { now, questions, ...fields } = write;
    await this.db.transaction(async (tx) => {
      await tx.insert(collections).values({ id, ...owner, ...fields, createdAt: now, updatedAt: now });
      if (questions.length > 0) {
        await tx
          .insert(collectionQuestions)
          .values(questions.map((q) => ({ ...q, collectionId: id, createdAt: now })));
      }
    });
  }

  /**
   * Replaces a collection's fields and cards in one transaction: cards not in `write.questions`
   * are deleted, the others inserted or updated. The row is locked, and nothing is written when
   * it changed since `seen` (another update came first): answers false, the caller starts over.
   */
  async replace(owner: Owner, id: string, seen: Date, write: CollectionWrite): Promise<boolean> {
    const { now, questions, ...fields } = write;
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ updatedAt: collections.updatedAt })
        .from(collections)
        .where(and(eq(collections.id, id), owned(owner)))
        .for('update');
      if (!current || current.updatedAt.getTime() !== seen.getTime()) return false;
      const keep = questions.map((q) => q.id);
      await tx
        .delete(collectionQuestions)
        .where(
          and(
            eq(collectionQuestions.collectionId, id),
            keep.length > 0 ? notInArray(collectionQuestions.id, keep) : undefined,
          ),
        );
      if (questions.length > 0) {
        await tx
          .insert(collectionQuestions)
          .values(questions.map((q) => ({ ...q, collectionId: id, createdAt: now })))
          .onConflictDoUpdate({
            target: collectionQuestions.id,
            set: {
              position: sql`excluded.position`,
              phrase: sql`excluded.phrase`,
              datasourceId: sql`excluded.datasource_id`,
              interval: sql`excluded.interval`,
              chartType: sql`excluded.chart_type`,
              dateRange: sql`excluded.date_range`,
              semantic: sql`excluded.semantic`,
              resolvedSourceId: sql`excluded.resolved_source_id`,
              resolvedAccount: sql`excluded.resolved_account`,
              resolvedAt: sql`excluded.resolved_at`,
            },
            // Only this collection's cards: an id of another collection is never taken over.
            setWhere: eq(collectionQuestions.collectionId, id),
          });
      }
      // Keep updated_at strictly increasing, so a concurrent update in the same millisecond still differs.
      const updatedAt = new Date(Math.max(now.getTime(), seen.getTime() + 1));
      await tx
        .update(collections)
        .set({ ...fields, updatedAt })
        .where(eq(collections.id, id));
      return true;
    });
  }

  /** Deletes one of the owner's collections (its cards go by cascade); false when there was none. */
  async delete(owner: Owner, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(collections)
      .where(and(eq(collections.id, id), owned(owner)))
      .returning({ id: collections.id });
    return rows.length > 0;
  }
}
