import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { assistantChats } from '../../../db/schema';
import type { ConversationAddress } from './bot-connector';

/** One chat a linked assistant talks in, with the address proactive messages go to. */
export interface AssistantChat {
  id: string;
  userId: string;
  grantId: string;
  conversationId: string;
  address: ConversationAddress;
  digests: boolean;
}

/** The channel of this folder's rows (the table is shared with later chat channels). */
const CHANNEL = 'teams';

const toChat = (row: typeof assistantChats.$inferSelect): AssistantChat => ({
  id: row.id,
  userId: row.userId,
  grantId: row.grantId,
  conversationId: row.conversationId,
  address: row.address as ConversationAddress, // written by upsert below, from a checked activity
  digests: row.digests,
});

/** The only place that reads and writes Teams chat records (assistant_chats). */
export class AssistantChatsRepository {
  constructor(private readonly db: Db) {}

  /** Records (or refreshes) the chat a signed-in user wrote from; its digest choice stays. */
  async upsert(
    chat: { userId: string; grantId: string; address: ConversationAddress },
    now: Date,
  ): Promise<void> {
    const conversationId = chat.address.conversation.id;
    await this.db
      .insert(assistantChats)
      .values({ ...chat, channel: CHANNEL, conversationId, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [assistantChats.channel, assistantChats.conversationId, assistantChats.userId],
        set: { grantId: chat.grantId, address: chat.address, updatedAt: now },
      });
  }

  /** The user's chats that want their digests. */
  async findDigestChats(userId: string): Promise<AssistantChat[]> {
    const rows = await this.db
      .select()
      .from(assistantChats)
      .where(
        and(
          eq(assistantChats.channel, CHANNEL),
          eq(assistantChats.userId, userId),
          eq(assistantChats.digests, true),
        ),
      );
    return rows.map(toChat);
  }

  /** The chats of one link (Settings → Linked assistants shows and switches their digests). */
  async findByGrant(userId: string, grantId: string): Promise<AssistantChat[]> {
    const rows = await this.db
      .select()
      .from(assistantChats)
      .where(and(eq(assistantChats.userId, userId), eq(assistantChats.grantId, grantId)));
    return rows.map(toChat);
  }

  /** Switches digests for every chat of one link; answers how many chats it changed. */
  async setDigests(userId: string, grantId: string, digests: boolean, now: Date): Promise<number> {
    const rows = await this.db
      .update(assistantChats)
      .set({ digests, updatedAt: now })
      .where(and(eq(assistantChats.userId, userId), eq(assistantChats.grantId, grantId)))
      .returning({ id: assistantChats.id });
    return rows.length;
  }

  /** Forgets a chat (the user signed out there). */
  async remove(userId: string, conversationId: string): Promise<void> {
    await this.db
      .delete(assistantChats)
      .where(
        and(
          eq(assistantChats.channel, CHANNEL),
          eq(assistantChats.userId, userId),
          eq(assistantChats.conversationId, conversationId),
        ),
      );
  }
}
