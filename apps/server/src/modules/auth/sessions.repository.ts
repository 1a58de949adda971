import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, sessions, users } from '../../db/schema';

/** The only place that reads and writes sessions. */
export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async insert(id: string, userId: string, xsrfToken: string): Promise<void> {
    await this.db.insert(sessions).values({ id, userId, xsrfToken });
  }

  /** The session with its user and the user's project ids, in one round trip. */
  async find(id: string) {
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

  /** Moves the idle timeout on; sessions.service.ts calls it now and then, not on every request. */
  async touch(id: string): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, id));
  }

  /** Deletes a user's sessions (a new password ends them all), but any named in `exceptIds`. */
  async deleteOfUser(userId: string, exceptIds: string[] = []): Promise<void> {
    const all = await this.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
    const ids = all.map((s) => s.id).filter((id) => !exceptIds.includes(id));
    if (ids.length)
      await this.db.delete(sessions).where(and(eq(sessions.userId, userId), inArray(sessions.id, ids)));
  }
}
