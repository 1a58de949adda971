import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { assistantChats, memberships, oauthRecords, users } from '../../../db/schema';

export type OAuthRecordRow = typeof oauthRecords.$inferSelect;
export type NewOAuthRecord = typeof oauthRecords.$inferInsert;

/** A live grant (a linked assistant) as Settings → Linked assistants lists it. */
export interface GrantRow {
  grantId: string;
  clientId: string;
  payload: Record<string, unknown>;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The authorisation server's storage: oauth_records, and the Teams chats linked to a grant. */
export class OAuthRepository {
  constructor(private readonly db: Db) {}

  async upsert(row: NewOAuthRecord): Promise<void> {
    const { idHash: _key, createdAt: _created, ...changes } = row;
    await this.db
      .insert(oauthRecords)
      .values(row)
      .onConflictDoUpdate({ target: oauthRecords.idHash, set: changes });
  }

  async find(idHash: string): Promise<OAuthRecordRow | null> {
    const [row] = await this.db.select().from(oauthRecords).where(eq(oauthRecords.idHash, idHash));
    return row ?? null;
  }

  async findByUid(model: string, uidHash: string): Promise<OAuthRecordRow | null> {
    const [row] = await this.db
      .select()
      .from(oauthRecords)
      .where(and(eq(oauthRecords.model, model), eq(oauthRecords.uidHash, uidHash)));
    return row ?? null;
  }

  async consume(idHash: string, at: Date): Promise<void> {
    await this.db.update(oauthRecords).set({ consumedAt: at }).where(eq(oauthRecords.idHash, idHash));
  }

  async destroy(idHash: string): Promise<void> {
    await this.db.delete(oauthRecords).where(eq(oauthRecords.idHash, idHash));
  }

  /** Revokes a link: the grant, every code and token issued under it, and its Teams chats, in one transaction. */
  async revokeGrant(grantId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(oauthRecords).where(eq(oauthRecords.grantId, grantId));
      await tx.delete(assistantChats).where(eq(assistantChats.grantId, grantId));
    });
  }

  /** The user's grants that have not expired, newest first. */
  async liveGrants(userId: string, now: Date): Promise<GrantRow[]> {
    const rows = await this.db
      .select()
      .from(oauthRecords)
      .where(
        and(
          eq(oauthRecords.userId, userId),
          eq(oauthRecords.model, 'Grant'),
          gt(oauthRecords.expiresAt, now),
        ),
      )
      .orderBy(sql`${oauthRecords.createdAt} desc`);
    return rows.map((r) => ({
      grantId: r.grantId ?? '',
      clientId: r.clientId ?? '',
      payload: r.payload,
      createdAt: r.createdAt,
      lastUsedAt: r.lastUsedAt,
    }));
  }

  async countLiveGrants(userId: string, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(oauthRecords)
      .where(
        and(
          eq(oauthRecords.userId, userId),
          eq(oauthRecords.model, 'Grant'),
          gt(oauthRecords.expiresAt, now),
        ),
      );
    return Number(row?.n ?? 0);
  }

  /** Records a grant's last use unless it was recorded less than `since` ago: one write a minute at most. */
  async touchGrant(grantId: string, at: Date, since: Date): Promise<void> {
    await this.db
      .update(oauthRecords)
      .set({ lastUsedAt: at })
      .where(
        and(
          eq(oauthRecords.grantId, grantId),
          eq(oauthRecords.model, 'Grant'),
          or(isNull(oauthRecords.lastUsedAt), lt(oauthRecords.lastUsedAt, since)),
        ),
      );
  }

  /** Deletes what expired: codes, tokens, interactions, grants. */
  async prune(now: Date): Promise<number> {
    const gone = await this.db
      .delete(oauthRecords)
      .where(lte(oauthRecords.expiresAt, now))
      .returning({ id: oauthRecords.idHash });
    return gone.length;
  }

  /** Per grant: whether any of its Teams chats receives digests (grants without a chat are absent). */
  async chatDigests(grantIds: string[]): Promise<Map<string, boolean>> {
    if (!grantIds.length) return new Map();
    const rows = await this.db
      .select({ grantId: assistantChats.grantId, digests: assistantChats.digests })
      .from(assistantChats)
      .where(inArray(assistantChats.grantId, grantIds));
    const out = new Map<string, boolean>();
    for (const r of rows) out.set(r.grantId, (out.get(r.grantId) ?? false) || r.digests);
    return out;
  }

  /** Sets digest delivery on every chat of a grant; answers how many chats it has. */
  async setChatDigests(grantId: string, userId: string, digests: boolean, at: Date): Promise<number> {
    const rows = await this.db
      .update(assistantChats)
      .set({ digests, updatedAt: at })
      .where(and(eq(assistantChats.grantId, grantId), eq(assistantChats.userId, userId)))
      .returning({ id: assistantChats.id });
    return rows.length;
  }

  /** The user as an assistant acts for them, with their projects (the default one first when a member). */
  async findUser(userId: string) {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user) return null;
    const projects = await this.db
      .select({ projectId: memberships.projectId })
      .from(memberships)
      .where(eq(memberships.userId, userId))
      .orderBy(asc(memberships.projectId));
    return { user, projects: projects.map((p) => p.projectId) };
  }
}
