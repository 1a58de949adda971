import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guideStates } from '../../db/schema';
import type { Owner } from '../datasources/datasources.repository';

export type GuideRow = typeof guideStates.$inferSelect;

/** The only place that reads and writes the Getting started guide's stored choices. */
export class GuideRepository {
  constructor(private readonly db: Db) {}

  async find(owner: Owner): Promise<GuideRow | null> {
    const [row] = await this.db
      .select()
      .from(guideStates)
      .where(and(eq(guideStates.userId, owner.userId), eq(guideStates.projectId, owner.projectId)))
      .limit(1);
    return row ?? null;
  }

  /** Sets the given choices (a date, or null to undo), creating the owner's row on first use. */
  async save(
    owner: Owner,
    values: { assistantSkippedAt?: Date | null; dismissedAt?: Date | null },
    now: Date,
  ): Promise<GuideRow> {
    const [row] = await this.db
      .insert(guideStates)
      .values({ ...owner, ...values, updatedAt: now })
      .onConflictDoUpdate({
        target: [guideStates.userId, guideStates.projectId],
        set: { ...values, updatedAt: now },
      })
      .returning();
    return row!;
  }
}
