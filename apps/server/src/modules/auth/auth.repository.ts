import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, memberships, projects, sessions, users } from '../../db/schema';
import { listUserProjects, type ProjectRow } from '../projects/projects.repository';

export type UserRow = typeof users.$inferSelect;
export type TokenPurpose = 'login' | 'signup' | 'recover';
export interface TokenRow {
  email: string;
  purpose: TokenPurpose;
  projectId: string | null;
}

/** What a request knows about its signed-in user. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  features: string[];
  /** IANA zone or null: decides the user's "today". */
  timezone: string | null;
  language: string;
  projects: string[];
}

/** The only place that reads and writes users, sessions, projects and e-mail tokens. */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  async findUserByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row ?? null;
  }

  async findUserById(id: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  async insertUser(values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  async updateUser(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | null> {
    const [row] = await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  }

  /** Inserts a user unless the e-mail exists (a concurrent sign-up wins); answers the stored row. */
  async insertUserIfAbsent(values: typeof users.$inferInsert): Promise<{ user: UserRow; created: boolean }> {
    const [row] = await this.db.insert(users).values(values).onConflictDoNothing().returning();
    if (row) return { user: row, created: true };
    return { user: (await this.findUserByEmail(values.email))!, created: false };
  }

  async deleteUser(id: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }

  async listProjectIds(): Promise<string[]> {
    const rows = await this.db.select({ id: projects.id }).from(projects);
    return rows.map((r) => r.id);
  }

  async upsertProject(id: string, name: string): Promise<void> {
    await this.db.insert(projects).values({ id, name }).onConflictDoNothing();
  }

  async addMembership(userId: string, projectId: string): Promise<void> {
    await this.db.insert(memberships).values({ userId, projectId }).onConflictDoNothing();
  }

  projectsOf(userId: string): Promise<ProjectRow[]> {
    return listUserProjects(this.db, userId);
  }

  async insertSession(id: string, userId: string, xsrfToken: string): Promise<void> {
    await this.db.insert(sessions).values({ id, userId, xsrfToken });
  }

  /** The session with its user and the user's project ids, in one round trip. */
  async findSession(id: string) {
    const [row] = await this.db
      .select({
        session: sessions,
        user: {
          id: users.id,
          email: users.email,
          name: users.name,
          features: users.features,
          timezone: users.timezone,
          language: users.language,
        },
        projects: sql<
          string[]
        >`coalesce((select json_agg(${memberships.projectId}) from ${memberships} where ${memberships.userId} = ${users.id}), '[]'::json)`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, id))
      .limit(1);
    return row ?? null;
  }

  async touchSession(id: string): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
  }

  async deleteSession(id: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, id));
  }

  async deleteSessionsOfUser(userId: string, exceptIds: string[] = []): Promise<void> {
    const all = await this.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
    const ids = all.map((s) => s.id).filter((id) => !exceptIds.includes(id));
    if (ids.length)
      await this.db.delete(sessions).where(and(eq(sessions.userId, userId), inArray(sessions.id, ids)));
  }

  async insertToken(values: {
    id: string;
    email: string;
    purpose: TokenPurpose;
    projectId: string | null;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(authTokens).values(values);
  }

  /**
   * Uses a token once: a single UPDATE … WHERE used_at IS NULL … RETURNING, so two concurrent
   * uses cannot both succeed. Null when unknown, used, expired, of another purpose or e-mail.
   */
  async consumeToken(id: string, purposes: TokenPurpose[], email?: string): Promise<TokenRow | null> {
    const now = new Date();
    const [row] = await this.db
      .update(authTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(authTokens.id, id),
          inArray(authTokens.purpose, purposes),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, now),
          email === undefined ? undefined : eq(authTokens.email, email),
        ),
      )
      .returning({ email: authTokens.email, purpose: authTokens.purpose, projectId: authTokens.projectId });
    return (row as TokenRow | undefined) ?? null;
  }

  /** A usable token without using it (the recovery link only leads to the reset form). */
  async findUsableToken(id: string, purpose: TokenPurpose): Promise<TokenRow | null> {
    const [row] = await this.db
      .select({ email: authTokens.email, purpose: authTokens.purpose, projectId: authTokens.projectId })
      .from(authTokens)
      .where(
        and(
          eq(authTokens.id, id),
          eq(authTokens.purpose, purpose),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, new Date()),
        ),
      )
      .limit(1);
    return (row as TokenRow | undefined) ?? null;
  }

  /** Marks every open token of an address used (after a password change or reset). */
  async revokeTokens(email: string): Promise<void> {
    await this.db
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.email, email), isNull(authTokens.usedAt)));
  }
}
