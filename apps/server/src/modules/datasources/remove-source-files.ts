import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SourceFiles } from './source-files';

/**
 * A FILE source's DuckDB file, and the folder other sources keep their copies in (Formbricks);
 * with `files`, their durable copies too (server mode).
 */
export async function removeSourceFiles(
  sourcesDir: string,
  id: string,
  files?: SourceFiles | null,
): Promise<void> {
  const base = join(sourcesDir, `${id}.duckdb`);
  await Promise.all([base, `${base}.wal`, `${base}.version`].map((p) => rm(p, { force: true })));
  await rm(join(sourcesDir, id), { recursive: true, force: true });
  await files?.remove([id]);
}
