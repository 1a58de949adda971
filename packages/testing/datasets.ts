/**
 * Sample datasets from public repositories are not kept in this repository: tests read them from
 * `../shared/datasets/` beside the project root, or from PARLEY_DATASETS_DIR.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `<project root>/../shared/datasets/`; this file is at `<project root>/packages/testing/`. */
const SHARED_DATASETS = fileURLToPath(new URL('../../../shared/datasets/', import.meta.url));

/** The folder of one sample dataset (`pagila`, `northwind`, …); throws naming the path when it is missing. */
export function datasetDir(name: string): string {
  const root = process.env.PARLEY_DATASETS_DIR || SHARED_DATASETS;
  const dir = join(root, name);
  if (!existsSync(dir)) {
    throw new Error(
      `Sample dataset "${name}" not found at ${dir}: tests load it from ../shared/datasets/ beside the project, or from the folder PARLEY_DATASETS_DIR names`,
    );
  }
  return dir;
}
