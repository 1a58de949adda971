import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** The only place that reads and writes contact messages. */
export class ContactRepository {
  constructor(private readonly db: Db) {}

  /** How many messages the user sent since `since` (the hourly limit's count). */
  async countSince(userId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(contactMessages)
      .where(and(eq(contactMessages.userId, userId), gt(contactMessages.createdAt, since)));
    return Number(row?.n ?? 0);
  }

  async insert(values: {
    userId: string;
    projectId: string;
    name: string;
    email: string;
    comment: string;
    createdAt: Date;
  }): Promise<string> {
    const [row] = await this.db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
    return row!.id;
  }

  async markMailed(id: string, at: Date): Promise<void> {
    await this.db.update(contactMessages).set({ mailedAt: at }).where(eq(contactMessages.id, id));
  }

  /** A user's messages, newest first (tests and support tooling). */
  listForUser(userId: string): Promise<ContactMessageRow[]> {
    return this.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, userId))
      .orderBy(contactMessages.createdAt);
  }
}
