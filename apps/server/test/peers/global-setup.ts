/**
 * vitest's global set-up for the node project: the migrated templates are built once here, before
 * the workers start, instead of by the first app of each worker at the same moment.
 */
import { testDatabaseUrl } from '@parley/testing';
import { pgliteTemplate, postgresTemplate } from './migrated-databases';

export async function setup(): Promise<void> {
  const server = testDatabaseUrl();
  await Promise.all([pgliteTemplate(), server ? postgresTemplate(server) : null]);
}
