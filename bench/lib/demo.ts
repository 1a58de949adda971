/**
 * The demo data every bench asks over: DuckDB files of the demo dataset ending END_DATE, one per
 * scale, generated once into the temp folder and reused by later runs (generation takes a while).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDemoDataset } from '@parley/connectors';

/** The demo data's last day, and the app's pinned "today". */
export const END_DATE = '2026-11-20';

/** The demo file of a scale; `ms` is its generation time, 0 when it was already there. */
export async function demoFile(scale: number): Promise<{ path: string; ms: number }> {
  const path = join(tmpdir(), `parley-bench-demo-v1-${END_DATE}-${scale}.duckdb`);
  const gen = await ensureDemoDataset({ path, endDate: END_DATE, scale });
  return { path, ms: gen.ms };
}
