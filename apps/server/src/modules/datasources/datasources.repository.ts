import { DEMO_DATASOURCE_ID } from '@parley/contract';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { collectionQuestions, collections, datasourceDefaults, datasources } from '../../db/schema';
import { type InvalidationBus, LocalInvalidationBus } from '../../lib/invalidation';
import { TtlCache } from '../../lib/ttl-cache';

export type DatasourceRow = typeof datasources.$inferSelect;
export type DatasourceStatus = DatasourceRow['status'];
export type DatasourceAccount = DatasourceRow['accounts'][number];

export interface Owner {
  userId: string;
  projectId: string;
}

/** What a question without a source reads to find its source: the owner's sources and default. */
export interface OwnedSources {
  rows: DatasourceRow[];
  chosen: string | null;
}

const ownerKey = (owner: Owner) => `${owner.userId}:${owner.projectId}`;

/** The only place that reads and writes data sources and the per-user default. */
export class DatasourcesRepository {
  /**
   * Every question without a source reads the owner's sources and default (two app-database
   * statements per answer). Being the only writer of both tables, this repository can keep a short
   * copy honest: each of its writes drops the owner's copy in every process once it is committed
   * (the 'owned-sources' notice, lib/invalidation.ts).
   */
  private readonly owned: TtlCache<OwnedSources>;
  private readonly bus: InvalidationBus;

  constructor(
    private readonly db: Db,
    options: { copyMs?: number; bus?: InvalidationBus } = {},
  ) {
    const bus = options.bus ?? new LocalInvalidationBus();
    this.bus = bus;
    this.owned = new TtlCache(options.copyMs ?? 0, undefined, () => bus.live);
    bus.subscribe('owned-sources', (key) => this.owned.forget(key ?? undefined));
  }

  /** Drops the owner's copies in every process (after a committed write). */
  private changed(owner: Owner): Promise<void> {
    return this.bus.publish('owned-sources', ownerKey(owner));
  }

  /** The owner's sources and chosen default, from this process's short copy when it has one. */
  ownedSources(owner: Owner): Promise<OwnedSources> {
    return this.owned.read(ownerKey(owner), async () => {
      const [rows, chosen] = await Promise.all([this.listOwned(owner), this.findDefault(owner)]);
      return { rows, chosen };
    });
  }

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
    await this.changed(owner);
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
    values: Partial<Pick<DatasourceRow, 'name' | 'status' | 'secrets' | 'selectedAccount' | 'accounts'>>,
    now: Date,
  ): Promise<DatasourceRow | null> {
    const [row] = await this.db
      .update(datasources)
      .set({ ...values, updatedAt: now })
      .where(eq(datasources.id, id))
      .returning();
    if (row) await this.changed(row);
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
    const [row] = await this.db
      .update(datasources)
      .set({ secrets })
      .where(and(eq(datasources.id, id), eq(datasources.status, 'active')))
      .returning({ userId: datasources.userId, projectId: datasources.projectId });
    if (row) await this.changed(row);
    return row !== undefined;
  }

  /** Deletes the source (its default choice goes with it, by foreign key). */
  async delete(id: string): Promise<void> {
    const [row] = await this.db
      .delete(datasources)
      .where(eq(datasources.id, id))
      .returning({ userId: datasources.userId, projectId: datasources.projectId });
    if (row) await this.changed(row);
  }

  /** The ids and selected accounts of every active source of these types (the sync job's tick). */
  async listActiveOfTypes(types: string[]): Promise<Pick<DatasourceRow, 'id' | 'selectedAccount'>[]> {
    if (types.length === 0) return [];
    return this.db
      .select({ id: datasources.id, selectedAccount: datasources.selectedAccount })
      .from(datasources)
      .where(and(inArray(datasources.type, types), eq(datasources.status, 'active')));
  }

  /** The ids of every source of a user in any project (their files, when the account goes). */
  async listIdsOfUser(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: datasources.id })
      .from(datasources)
      .where(eq(datasources.userId, userId));
    return rows.map((r) => r.id);
  }

  /**
   * The owner's collections with cards reading the source: cards that name it, and cards on the
   * default that were last answered from it. Read-only; the collections module owns those tables.
   */
  async cardUsage(
    owner: Owner,
    datasourceId: string,
  ): Promise<{ id: string; name: string; cards: number }[]> {
    const q = collectionQuestions;
    const rows = await this.db
      .select({ id: collections.id, name: collections.name, cards: sql<number>`count(*)::int` })
      .from(q)
      .innerJoin(collections, eq(collections.id, q.collectionId))
      .where(
        and(
          eq(collections.userId, owner.userId),
          eq(collections.projectId, owner.projectId),
          or(
            eq(q.datasourceId, datasourceId),
            and(isNull(q.datasourceId), eq(q.resolvedSourceId, datasourceId)),
          ),
        ),
      )
      .groupBy(collections.id, collections.name)
      .orderBy(asc(collections.name), asc(collections.id));
    return rows.map((r) => ({ ...r, cards: Number(r.cards) }));
  }

  /** The owner's chosen default: a source's id, 'demo' when they chose the demo, null when no choice. */
  async findDefault(owner: Owner): Promise<string | null> {
    const [row] = await this.db
      .select({ id: datasourceDefaults.datasourceId })
      .from(datasourceDefaults)
      .where(
        and(eq(datasourceDefaults.userId, owner.userId), eq(datasourceDefaults.projectId, owner.projectId)),
      )
      .limit(1);
    if (!row) return null;
    return row.id ?? DEMO_DATASOURCE_ID;
  }

  /** Sets the owner's default source: one of theirs, or 'demo' (stored as a row without a source). */
  async setDefault(owner: Owner, datasourceId: string): Promise<void> {
    const id = datasourceId === DEMO_DATASOURCE_ID ? null : datasourceId;
    await this.db
      .insert(datasourceDefaults)
      .values({ ...owner, datasourceId: id })
      .onConflictDoUpdate({
        target: [datasourceDefaults.userId, datasourceDefaults.projectId],
        set: { datasourceId: sql`excluded.datasource_id` },
      });
    await this.changed(owner);
  }
}
