import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** The only place that reads and writes the mail outbox. */
export class MailRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof mailOutbox.$inferInsert): Promise<string> {
    const [row] = await this.db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
    return row!.id;
  }

  async listTo(to: string): Promise<OutboxRow[]> {
    return this.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.createdAt);
  }

  async deleteTo(to: string): Promise<void> {
    await this.db.delete(mailOutbox).where(eq(mailOutbox.to, to));
  }
}
