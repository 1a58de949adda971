import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, loginAttempts, mailOutbox, memberships, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** The one place that reads and writes the users table. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row ?? null;
  }

  async findById(id: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  async insert(values: NewUser): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  /**
   * Inserts a user and their membership of `projectId` in one transaction, unless the e-mail exists
   * (a concurrent sign-up wins): a sign-up that fails half-way leaves no account without a project.
   */
  async insertIfAbsent(values: NewUser, projectId: string): Promise<{ user: UserRow; created: boolean }> {
    const inserted = await this.db.transaction(async (tx) => {
      const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
      if (row) await tx.insert(memberships).values({ userId: row.id, projectId }).onConflictDoNothing();
      return row ?? null;
    });
    if (inserted) return { user: inserted, created: true };
    return { user: (await this.findByEmail(values.email))!, created: false };
  }

  async update(id: string, values: Partial<NewUser>): Promise<UserRow | null> {
    const [row] = await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  }

  /**
   * Deletes the user in one transaction: rows keyed by the user id go by ON DELETE CASCADE
   * (sessions, memberships and every module's data); rows keyed by the e-mail (links,
   * sign-in counters and the addresses it signed in from, the outbox) are deleted here.
   */
  async deleteAccount(
    userId: string,
    email: string,
    attempts: { keys: string[]; prefixes: string[] },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(authTokens).where(eq(authTokens.email, email));
      await tx.delete(mailOutbox).where(eq(mailOutbox.to, email));
      const byKey = [
        ...(attempts.keys.length ? [inArray(loginAttempts.key, attempts.keys)] : []),
        ...attempts.prefixes.map((p) => sql`starts_with(${loginAttempts.key}, ${p})`),
      ];
      if (byKey.length) await tx.delete(loginAttempts).where(or(...byKey));
      await tx.delete(users).where(eq(users.id, userId));
    });
  }
}
