import { inArray } from 'drizzle-orm';
import { type Config, generateSecrets } from '../config';
import type { Database } from './client';
import { appSettings } from './schema';

const SESSION_KEY = 'session_secret';
const ENCRYPTION_KEY = 'encryption_key';

/**
 * The configuration with its secrets filled from the database in server mode when the environment
 * set none: the first process of an install stores generated ones (ON CONFLICT DO NOTHING, so
 * processes starting together agree) and every later process reads them.
 */
export async function withSharedSecrets(config: Config, database: Database): Promise<Config> {
  if (config.SESSION_SECRET && config.ENCRYPTION_KEY) return config;
  const generated = generateSecrets();
  await database.db
    .insert(appSettings)
    .values([
      { key: SESSION_KEY, value: generated.sessionSecret },
      { key: ENCRYPTION_KEY, value: generated.encryptionKey },
    ])
    .onConflictDoNothing();
  const rows = await database.db
    .select()
    .from(appSettings)
    .where(inArray(appSettings.key, [SESSION_KEY, ENCRYPTION_KEY]));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return {
    ...config,
    SESSION_SECRET: config.SESSION_SECRET || stored.get(SESSION_KEY)!,
    ENCRYPTION_KEY: config.ENCRYPTION_KEY || stored.get(ENCRYPTION_KEY)!,
  };
}
