import type { TSynonymTarget } from '@parley/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { learnedSynonyms } from '../../db/schema';

export type LearnedSynonymRow = typeof learnedSynonyms.$inferSelect;

/** The only place that reads and writes learned synonyms. */
export class SynonymsRepository {
  constructor(private readonly db: Db) {}

  /** The words of one source in a project (what the answer path lays over the model), by word. */
  listForSource(projectId: string, sourceKey: string): Promise<{ word: string; target: TSynonymTarget }[]> {
    return this.db
      .select({ word: learnedSynonyms.word, target: learnedSynonyms.target })
      .from(learnedSynonyms)
      .where(and(eq(learnedSynonyms.projectId, projectId), eq(learnedSynonyms.sourceKey, sourceKey)))
      .orderBy(asc(learnedSynonyms.word));
  }

  /** A project's words, of one source when given, by source and word. */
  list(projectId: string, sourceKey: string | null): Promise<LearnedSynonymRow[]> {
    return this.db
      .select()
      .from(learnedSynonyms)
      .where(
        and(
          eq(learnedSynonyms.projectId, projectId),
          sourceKey === null ? undefined : eq(learnedSynonyms.sourceKey, sourceKey),
        ),
      )
      .orderBy(asc(learnedSynonyms.sourceKey), asc(learnedSynonyms.word));
  }

  /** One word of the project, or null (absent or another project's). */
  async findInProject(projectId: string, id: string): Promise<LearnedSynonymRow | null> {
    const [row] = await this.db
      .select()
      .from(learnedSynonyms)
      .where(and(eq(learnedSynonyms.id, id), eq(learnedSynonyms.projectId, projectId)))
      .limit(1);
    return row ?? null;
  }

  /** Stores a word; a word the source already had gets the new meaning (the latest pick wins). */
  async upsert(values: {
    projectId: string;
    sourceKey: string;
    word: string;
    target: TSynonymTarget;
    meaning: string;
    createdBy: string;
    createdAt: Date;
  }): Promise<void> {
    await this.db
      .insert(learnedSynonyms)
      .values(values)
      .onConflictDoUpdate({
        target: [learnedSynonyms.projectId, learnedSynonyms.sourceKey, learnedSynonyms.word],
        set: {
          target: sql`excluded.target`,
          meaning: sql`excluded.meaning`,
          createdBy: sql`excluded.created_by`,
          createdAt: sql`excluded.created_at`,
        },
      });
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(learnedSynonyms).where(eq(learnedSynonyms.id, id));
  }

  /** Every word taught about these sources, in any project (the sources were deleted). */
  async deleteForSources(sourceKeys: string[]): Promise<void> {
    if (sourceKeys.length === 0) return;
    await this.db.delete(learnedSynonyms).where(inArray(learnedSynonyms.sourceKey, sourceKeys));
  }
}
