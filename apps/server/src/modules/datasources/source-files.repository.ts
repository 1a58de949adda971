import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { datasources, sourceFileChunks, sourceFiles } from '../../db/schema';

/** A stored file's current version, as its row names it. */
export interface StoredFile {
  name: string;
  version: string;
  size: number;
  chunks: number;
  sha256: string;
}

/**
 * The only place that reads and writes the stored copies of sources' files (server mode). A file
 * is written chunk by chunk under a new version, then published: its row names the new version and
 * the old version's chunks go, in one transaction, so a reader sees one whole version or the other.
 */
export class SourceFilesRepository {
  constructor(private readonly db: Db) {}

  /** The stored files of a source; [] when none is stored. */
  list(datasourceId: string): Promise<StoredFile[]> {
    return this.db
      .select({
        name: sourceFiles.name,
        version: sourceFiles.version,
        size: sourceFiles.size,
        chunks: sourceFiles.chunks,
        sha256: sourceFiles.sha256,
      })
      .from(sourceFiles)
      .where(eq(sourceFiles.datasourceId, datasourceId))
      .orderBy(asc(sourceFiles.name));
  }

  async writeChunk(version: string, seq: number, data: Buffer): Promise<void> {
    await this.db.insert(sourceFileChunks).values({ version, seq, data });
  }

  /** One chunk of a version; null when the version was replaced (or deleted) meanwhile. */
  async readChunk(version: string, seq: number): Promise<Buffer | null> {
    const [row] = await this.db
      .select({ data: sourceFileChunks.data })
      .from(sourceFileChunks)
      .where(and(eq(sourceFileChunks.version, version), eq(sourceFileChunks.seq, seq)));
    return row?.data ?? null;
  }

  /** Makes a fully written version the file's current one; the version it replaces is deleted. */
  async publish(datasourceId: string, file: StoredFile): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [old] = await tx
        .select({ version: sourceFiles.version })
        .from(sourceFiles)
        .where(and(eq(sourceFiles.datasourceId, datasourceId), eq(sourceFiles.name, file.name)))
        .for('update');
      await tx
        .insert(sourceFiles)
        .values({ datasourceId, ...file, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: [sourceFiles.datasourceId, sourceFiles.name],
          set: {
            version: file.version,
            size: file.size,
            chunks: file.chunks,
            sha256: file.sha256,
            updatedAt: new Date(),
          },
        });
      if (old) await tx.delete(sourceFileChunks).where(eq(sourceFileChunks.version, old.version));
    });
  }

  /** Deletes the chunks of a version that was never published (its writer failed). */
  async discardVersion(version: string): Promise<void> {
    await this.db.delete(sourceFileChunks).where(eq(sourceFileChunks.version, version));
  }

  /** Deletes every stored file of these sources. */
  async deleteSources(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(sourceFiles)
        .where(inArray(sourceFiles.datasourceId, ids))
        .returning({ version: sourceFiles.version });
      if (gone.length > 0)
        await tx.delete(sourceFileChunks).where(
          inArray(
            sourceFileChunks.version,
            gone.map((g) => g.version),
          ),
        );
    });
  }

  /**
   * Deletes what nothing will read, written before `before`: files of sources that no longer exist
   * (deleted while a sync stored its copy, or by a process that died before deleting the files)
   * and chunks of versions never published (a writer that died). Answers the rows deleted.
   */
  async sweep(before: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const orphans = await tx
        .delete(sourceFiles)
        .where(
          and(
            lt(sourceFiles.updatedAt, before),
            sql`NOT EXISTS (SELECT 1 FROM ${datasources} WHERE ${datasources.id} = ${sourceFiles.datasourceId})`,
          ),
        )
        .returning({ version: sourceFiles.version });
      const chunks = await tx
        .delete(sourceFileChunks)
        .where(
          and(
            lt(sourceFileChunks.createdAt, before),
            sql`NOT EXISTS (SELECT 1 FROM ${sourceFiles} WHERE ${sourceFiles.version} = ${sourceFileChunks.version})`,
          ),
        )
        .returning({ seq: sourceFileChunks.seq });
      return orphans.length + chunks.length;
    });
  }
}
