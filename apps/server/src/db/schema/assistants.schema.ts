import { boolean, index, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { ts, users } from './auth.schema';

/**
 * What the OAuth authorisation server (modules/assistants/oauth) keeps: grants (a linked
 * assistant), codes, access and refresh tokens, interactions, registered clients. Each row is
 * keyed by the SHA-256 of its model and id, and the id is not in the payload: a leaked table
 * holds no usable code or token.
 */
export const oauthRecords = pgTable(
  'oauth_records',
  {
    idHash: text('id_hash').primaryKey(),
    model: text('model').notNull(),
    grantId: text('grant_id'),
    /** SHA-256 of the provider session's uid (Session rows). */
    uidHash: text('uid_hash'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    /** Grant rows: when an assistant last used one of its tokens (written at most once a minute). */
    lastUsedAt: ts('last_used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('oauth_records_grant_idx').on(t.grantId),
    index('oauth_records_user_model_idx').on(t.userId, t.model),
    index('oauth_records_uid_idx').on(t.uidHash),
    index('oauth_records_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A Teams chat linked to a user's grant (written by the Teams channel): where digests and
 * alerts can be delivered, with the Bot Framework conversation reference to reach it.
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
  (t) => [
    unique('assistant_chats_channel_conversation_user_unique').on(t.channel, t.conversationId, t.userId),
    index('assistant_chats_grant_idx').on(t.grantId),
  ],
);
