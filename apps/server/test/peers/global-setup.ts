/**
 * vitest's global set-up for the node project: what every API test needs is made once here, before
 * the workers start, instead of by the first app of each worker at the same moment — the template
 * databases and the demo dataset (both kept between runs).
 */
import { ensureDemoDataset } from '@parley/connectors';
import { testDatabaseUrl } from '@parley/testing';
import { TEST_DEMO_DATASET } from '../helpers';
import { pgliteTemplate, postgresTemplate } from './migrated-databases';

export async function setup(): Promise<void> {
  const server = testDatabaseUrl();
  await Promise.all([
    pgliteTemplate(),
    server ? postgresTemplate(server) : null,
    ensureDemoDataset(TEST_DEMO_DATASET),
  ]);
}
