import type { TSemanticQuery } from '@parley/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings, users, verifiedQuestions } from '../../db/schema';
import type { JobOwner } from '../../lib/access';

export type VerifiedRow = typeof verifiedQuestions.$inferSelect;

/** Whose verified questions: a user in a project. */
export interface VerifiedOwner {
  userId: string;
  projectId: string;
}

/** The app_settings key holding the app version the golden checks last ran for. */
const CHECKED_VERSION_KEY = 'golden_checks_version';

/** The only place that reads and writes verified questions. */
export class VerifiedRepository {
  constructor(private readonly db: Db) {}

  /** An owner's verified questions of one source, oldest first. */
  list(owner: VerifiedOwner, sourceKey: string): Promise<VerifiedRow[]> {
    return this.db
      .select()
      .from(verifiedQuestions)
      .where(
        and(
          eq(verifiedQuestions.userId, owner.userId),
          eq(verifiedQuestions.projectId, owner.projectId),
          eq(verifiedQuestions.sourceKey, sourceKey),
        ),
      )
      .orderBy(asc(verifiedQuestions.createdAt), asc(verifiedQuestions.id));
  }

  async insert(values: {
    owner: VerifiedOwner;
    sourceKey: string;
    phrases: string[];
    query: TSemanticQuery;
    shape: string[];
    authorId: string;
    author: string;
    createdAt: Date;
  }): Promise<VerifiedRow> {
    const { owner, ...rest } = values;
    const [row] = await this.db
      .insert(verifiedQuestions)
      .values({ ...rest, userId: owner.userId, projectId: owner.projectId, checkedAt: values.createdAt })
      .returning();
    return row!;
  }

  /** Deletes one of the owner's verified questions of the source; false when there was none. */
  async delete(owner: VerifiedOwner, sourceKey: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(verifiedQuestions)
      .where(
        and(
          eq(verifiedQuestions.id, id),
          eq(verifiedQuestions.userId, owner.userId),
          eq(verifiedQuestions.projectId, owner.projectId),
          eq(verifiedQuestions.sourceKey, sourceKey),
        ),
      )
      .returning({ id: verifiedQuestions.id });
    return rows.length > 0;
  }

  /**
   * Stores a check's outcome. Answers whether this call turned the question broken (it was ok
   * before): of two processes checking at once, only one does, so only one tells the owner.
   */
  async setStatus(
    id: string,
    status: { broken: boolean; reason: string | null; checkedAt: Date },
  ): Promise<{ turnedBroken: boolean; changed: boolean }> {
    const next = status.broken ? 'broken' : 'ok';
    const turned = await this.db
      .update(verifiedQuestions)
      .set({ status: next, reason: status.reason, checkedAt: status.checkedAt })
      .where(and(eq(verifiedQuestions.id, id), sql`${verifiedQuestions.status} <> ${next}`))
      .returning({ id: verifiedQuestions.id });
    if (turned.length > 0) return { turnedBroken: status.broken, changed: true };
    await this.db
      .update(verifiedQuestions)
      .set({ reason: status.reason, checkedAt: status.checkedAt })
      .where(eq(verifiedQuestions.id, id));
    return { turnedBroken: false, changed: false };
  }

  /** The owners (as a job acts for them) holding verified questions of a source, or of any source without one. */
  async owners(sourceKey: string | null): Promise<(JobOwner & { sourceKey: string })[]> {
    return this.db
      .selectDistinct({
        userId: users.id,
        projectId: verifiedQuestions.projectId,
        sourceKey: verifiedQuestions.sourceKey,
        email: users.email,
        userName: users.name,
        features: users.features,
        timezone: users.timezone,
        language: users.language,
      })
      .from(verifiedQuestions)
      .innerJoin(users, eq(users.id, verifiedQuestions.userId))
      .where(sourceKey === null ? undefined : eq(verifiedQuestions.sourceKey, sourceKey));
  }

  /**
   * Records that the golden checks run for this app version; true for the one process that
   * changed the stored version (or stored the first), false when it was already this version.
   */
  async claimVersion(version: string): Promise<boolean> {
    const rows = await this.db
      .insert(appSettings)
      .values({ key: CHECKED_VERSION_KEY, value: version })
      .onConflictDoUpdate({
        target: appSettings.key,
        set: { value: sql`excluded.value` },
        setWhere: sql`${appSettings.value} <> excluded.value`,
      })
      .returning({ key: appSettings.key });
    return rows.length > 0;
  }
}
