import type { TModelOverlay } from '@parley/contract';
import { and, desc, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { modelVersions } from '../../db/schema';

export type ModelVersionRow = typeof modelVersions.$inferSelect;

/** A new version's content; its number is the current one + 1, decided by the insert. */
export interface NewModelVersion {
  userId: string;
  projectId: string;
  sourceKey: string;
  overlay: TModelOverlay;
  authorId: string;
  author: string;
  summary: string;
  changes: string[];
  createdAt: Date;
}

/** Another save took the version number first (same user, same source, at the same time). */
export class VersionTaken extends Error {
  constructor() {
    super('model version taken');
  }
}

/** The only place that reads and writes a source's model versions (the owner's overlay, per save). */
export class ModelsRepository {
  constructor(private readonly db: Db) {}

  /** The highest version of (user, source): what answers read; null before the first save. */
  async current(userId: string, sourceKey: string): Promise<ModelVersionRow | null> {
    const [row] = await this.db
      .select()
      .from(modelVersions)
      .where(and(eq(modelVersions.userId, userId), eq(modelVersions.sourceKey, sourceKey)))
      .orderBy(desc(modelVersions.version))
      .limit(1);
    return row ?? null;
  }

  /** Every version of (user, source), newest first. */
  list(userId: string, sourceKey: string): Promise<ModelVersionRow[]> {
    return this.db
      .select()
      .from(modelVersions)
      .where(and(eq(modelVersions.userId, userId), eq(modelVersions.sourceKey, sourceKey)))
      .orderBy(desc(modelVersions.version));
  }

  /** One version of (user, source), or null. */
  async find(userId: string, sourceKey: string, version: number): Promise<ModelVersionRow | null> {
    const [row] = await this.db
      .select()
      .from(modelVersions)
      .where(
        and(
          eq(modelVersions.userId, userId),
          eq(modelVersions.sourceKey, sourceKey),
          eq(modelVersions.version, version),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /**
   * Stores the next version (current + 1) in one transaction. `expected`: the version the caller
   * read; a different current one, or a concurrent save taking the number (the unique index),
   * throws VersionTaken, and nothing is stored.
   */
  async insertNext(values: NewModelVersion, expected?: number): Promise<ModelVersionRow> {
    try {
      return await this.db.transaction(async (tx) => {
        const [top] = await tx
          .select({ version: max(modelVersions.version) })
          .from(modelVersions)
          .where(and(eq(modelVersions.userId, values.userId), eq(modelVersions.sourceKey, values.sourceKey)));
        const current = top?.version ?? 0;
        if (expected !== undefined && expected !== current) throw new VersionTaken();
        const [row] = await tx
          .insert(modelVersions)
          .values({ ...values, version: current + 1 })
          .returning();
        return row!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new VersionTaken();
      throw error;
    }
  }
}

/** PostgreSQL's unique_violation, as pg and PGlite report it (drizzle wraps it in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
