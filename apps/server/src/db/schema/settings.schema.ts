import { pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './auth.schema';

/**
 * Install-wide values every process must share in server mode: the generated session and encryption
 * secrets when the environment sets none (embedded mode keeps them in DATA_DIR/secrets.json).
 * Written once with ON CONFLICT DO NOTHING, so the first process to start decides.
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
