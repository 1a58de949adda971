import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** A notice to store for a user. */
export interface NewNotification {
  userId: string;
  kind: string;
  title: string;
  text: string;
  link: string | null;
  /** The same (user, key) is stored once, however many processes add it. */
  dedupeKey: string | null;
  createdAt: Date;
}

/** The only place that reads and writes notifications; every call is scoped to one user. */
export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  /** Stores a notice; false when one with its dedupe key was already there. */
  async insert(values: NewNotification): Promise<boolean> {
    const rows = await this.db
      .insert(notifications)
      .values(values)
      .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
      .returning({ id: notifications.id });
    return rows.length > 0;
  }

  /** A user's notices created before `before` (all without it), newest first. */
  list(userId: string, before: Date | null, limit: number): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), before ? lt(notifications.createdAt, before) : undefined))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
  }

  async unread(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  /** Marks the user's own notices read: these ids, or every one with null. */
  async markRead(userId: string, ids: string[] | null, at: Date): Promise<void> {
    if (ids?.length === 0) return;
    await this.db
      .update(notifications)
      .set({ readAt: at })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          ids ? inArray(notifications.id, ids) : undefined,
        ),
      );
  }
}
