import { boolean, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { ts, users } from './auth.schema';

/**
 * The chats an assistant link talks in (Teams today): the conversation reference a signed-in
 * user's message came from, kept so digests can be sent there proactively. `grant_id` is the
 * link (revoking it stops the chat's digests); `address` holds the serviceUrl, channel,
 * conversation, bot and user the connector signed. Digests are off until the user turns them on.
 */
export const assistantChats = pgTable(
  'assistant_chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grantId: text('grant_id').notNull(),
    channel: text('channel').notNull(),
    conversationId: text('conversation_id').notNull(),
    address: jsonb('address').notNull(),
    digests: boolean('digests').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('assistant_chats_channel_conversation_user').on(t.channel, t.conversationId, t.userId)],
);
