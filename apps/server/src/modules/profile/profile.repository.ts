import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, loginAttempts, mailOutbox, users } from '../../db/schema';
import { listUserProjects, type ProjectRow } from '../projects/projects.repository';

export type ProfileRow = typeof users.$inferSelect;

/** Reads and writes the signed-in user's own row, and erases an account with everything it owns. */
export class ProfileRepository {
  constructor(private readonly db: Db) {}

  async update(userId: string, values: Partial<typeof users.$inferInsert>): Promise<ProfileRow | null> {
    const [row] = await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return row ?? null;
  }

  projectsOf(userId: string): Promise<ProjectRow[]> {
    return listUserProjects(this.db, userId);
  }

  /**
   * Deletes the user in one transaction: rows keyed by the user id go by ON DELETE CASCADE
   * (sessions, memberships and every module's data); rows keyed by the e-mail (links,
   * sign-in counters, the outbox) are deleted here.
   */
  async deleteAccount(userId: string, email: string, attemptKeys: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(authTokens).where(eq(authTokens.email, email));
      await tx.delete(mailOutbox).where(eq(mailOutbox.to, email));
      if (attemptKeys.length) await tx.delete(loginAttempts).where(inArray(loginAttempts.key, attemptKeys));
      await tx.delete(users).where(eq(users.id, userId));
    });
  }
}
