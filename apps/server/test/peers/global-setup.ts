/**
 * vitest's global set-up for the node project: what every API test needs is made once here, before
 * the workers start, instead of by the first app of each worker at the same moment — the template
 * databases and the demo dataset (both kept between runs) — and the run's folder for PGlite copies,
 * removed when the run ends.
 */
import { ensureDemoDataset } from '@parley/connectors';
import { testDatabaseUrl } from '@parley/testing';
import { TEST_DEMO_DATASET } from '../helpers';
import { pgliteTemplate, startCopiesRun } from './pglite-template';
import { postgresTemplate } from './postgres-template';

export async function setup(): Promise<() => void> {
  const server = testDatabaseUrl();
  await Promise.all([
    pgliteTemplate(),
    server ? postgresTemplate(server) : null,
    ensureDemoDataset(TEST_DEMO_DATASET),
  ]);
  const run = startCopiesRun();
  return () => run.end();
}
