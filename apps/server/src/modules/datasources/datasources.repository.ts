import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { datasourceDefaults, datasources } from '../../db/schema';

export type DatasourceRow = typeof datasources.$inferSelect;
export type DatasourceStatus = DatasourceRow['status'];
export type DatasourceAccount = DatasourceRow['accounts'][number];

export interface Owner {
  userId: string;
  projectId: string;
}

/** The only place that reads and writes data sources and the per-user default. */
export class DatasourcesRepository {
  constructor(private readonly db: Db) {}

  async insert(
    owner: Owner,
    values: {
      id: string;
      type: string;
      name: string;
      configPublic: Record<string, unknown>;
      secrets: string | null;
      selectedAccount: string | null;
      accounts: DatasourceAccount[];
      now: Date;
    },
  ): Promise<DatasourceRow> {
    const { now, ...rest } = values;
    const [row] = await this.db
      .insert(datasources)
      .values({ ...owner, ...rest, status: 'active', createdAt: now, updatedAt: now })
      .returning();
    return row!;
  }

  /** One of the owner's sources, or null (absent, someone else's, or another project's). */
  async findOwned(owner: Owner, id: string): Promise<DatasourceRow | null> {
    const [row] = await this.db
      .select()
      .from(datasources)
      .where(
        and(
          eq(datasources.id, id),
          eq(datasources.userId, owner.userId),
          eq(datasources.projectId, owner.projectId),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /** The owner's sources in the project, oldest first. */
  listOwned(owner: Owner): Promise<DatasourceRow[]> {
    return this.db
      .select()
      .from(datasources)
      .where(and(eq(datasources.userId, owner.userId), eq(datasources.projectId, owner.projectId)))
      .orderBy(asc(datasources.createdAt), asc(datasources.id));
  }

  /** Changes a source's state; `updated_at` moves, so cached models and connectors are rebuilt. */
  async update(
    id: string,
    values: Partial<Pick<DatasourceRow, 'status' | 'secrets' | 'selectedAccount' | 'accounts'>>,
    now: Date,
  ): Promise<DatasourceRow | null> {
    const [row] = await this.db
      .update(datasources)
      .set({ ...values, updatedAt: now })
      .where(eq(datasources.id, id))
      .returning();
    return row ?? null;
  }

  /** A source by id alone (an OAuth source's tokens, read when they are used); null when gone. */
  async findById(id: string): Promise<DatasourceRow | null> {
    const [row] = await this.db.select().from(datasources).where(eq(datasources.id, id)).limit(1);
    return row ?? null;
  }

  /**
   * Replaces an active source's sealed secrets (a refreshed OAuth token) without moving
   * `updated_at`: the open connector and its model stay valid. False when the source was revoked meanwhile.
   */
  async updateSecrets(id: string, secrets: string): Promise<boolean> {
    const rows = await this.db
      .update(datasources)
      .set({ secrets })
      .where(and(eq(datasources.id, id), eq(datasources.status, 'active')))
      .returning({ id: datasources.id });
    return rows.length > 0;
  }

  /** Deletes the source (its default choice goes with it, by foreign key). */
  async delete(id: string): Promise<void> {
    await this.db.delete(datasources).where(eq(datasources.id, id));
  }

  /** The ids of every source of a user in any project (their files, when the account goes). */
  async listIdsOfUser(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: datasources.id })
      .from(datasources)
      .where(eq(datasources.userId, userId));
    return rows.map((r) => r.id);
  }

  /** The id of the owner's chosen default source, or null (no choice: the demo). */
  async findDefault(owner: Owner): Promise<string | null> {
    const [row] = await this.db
      .select({ id: datasourceDefaults.datasourceId })
      .from(datasourceDefaults)
      .where(
        and(eq(datasourceDefaults.userId, owner.userId), eq(datasourceDefaults.projectId, owner.projectId)),
      )
      .limit(1);
    return row?.id ?? null;
  }

  /** Sets the owner's default source; null clears it (back to the demo). */
  async setDefault(owner: Owner, datasourceId: string | null): Promise<void> {
    if (datasourceId === null) {
      await this.db
        .delete(datasourceDefaults)
        .where(
          and(eq(datasourceDefaults.userId, owner.userId), eq(datasourceDefaults.projectId, owner.projectId)),
        );
      return;
    }
    await this.db
      .insert(datasourceDefaults)
      .values({ ...owner, datasourceId })
      .onConflictDoUpdate({
        target: [datasourceDefaults.userId, datasourceDefaults.projectId],
        set: { datasourceId: sql`excluded.datasource_id` },
      });
  }
}
