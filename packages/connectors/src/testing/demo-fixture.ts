/**
 * Test fixture: the demo dataset at a fixed end date, generated once into the OS temp folder
 * and reused by every test run (the name carries the generator version, end date and scale).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDemoDataset } from '../duckdb/demo-dataset';

export const TEST_END_DATE = '2026-11-20';
export const TEST_SCALE = 0.25;
const GENERATOR_VERSION = 1;

/** The demo file at `scale` (TEST_SCALE unless a suite wants a smaller copy, e.g. to load elsewhere). */
export async function getTestDemoPath(scale = TEST_SCALE): Promise<string> {
  const path = join(tmpdir(), `parley-test-demo-v${GENERATOR_VERSION}-${TEST_END_DATE}-${scale}.duckdb`);
  await ensureDemoDataset({ path, endDate: TEST_END_DATE, scale });
  return path;
}
