import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ownerColumns, ts } from './auth.schema';

/** A user's connected data source in one project (spec 2 §3). */
export const datasources = pgTable(
  'datasources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** The config without its secret fields (host, port, database, user; a FILE's table). */
    configPublic: jsonb('config_public').$type<Record<string, unknown>>().notNull(),
    /** The secret fields as JSON, sealed with AES-256-GCM (lib/crypto.ts); null when none or revoked. */
    secrets: text('secrets'),
    status: text('status').$type<'active' | 'inactive' | 'revoked'>().notNull().default('active'),
    selectedAccount: text('selected_account'),
    /** The accounts the user added (schemas, databases, properties), in the order added. */
    accounts: jsonb('accounts').$type<{ id: string; name: string }[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('datasources_owner_idx').on(t.userId, t.projectId)],
);

/**
 * The source conversations use when a question names none, per user and project. A table of its
 * own rather than a column on memberships: it belongs to this module, and the foreign key drops
 * the choice with the source. No row means no choice (the user's newest source, else the demo);
 * a row without a source means the user chose the built-in demo.
 */
export const datasourceDefaults = pgTable(
  'datasource_defaults',
  {
    ...ownerColumns(),
    datasourceId: uuid('datasource_id').references(() => datasources.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);
