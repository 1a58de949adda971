import {
  bigint,
  customType,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './auth.schema';

/** PostgreSQL bytea as a Node Buffer (node-postgres sends and reads Buffers as such). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Server mode's durable copy of a data source's local files (modules/datasources/source-files.ts):
 * an uploaded file's DuckDB file, an API source's synced copy. The files under DATA_DIR/sources
 * are caches any process rebuilds from here. One row per file, naming its current version; the
 * bytes are in source_file_chunks. No foreign key to datasources: an upload stores its file before
 * its row exists; what a deleted source or a crashed writer leaves is swept by the sync tick.
 */
export const sourceFiles = pgTable(
  'source_files',
  {
    datasourceId: uuid('datasource_id').notNull(),
    /** The file's name inside the source's folder (`<id>.duckdb` for an upload). */
    name: text('name').notNull(),
    /** Changes with every store: a process whose copy has another version fetches this one. */
    version: uuid('version').notNull(),
    /** The file's size as restored (its chunks hold it gzip-compressed). */
    size: bigint('size', { mode: 'number' }).notNull(),
    chunks: integer('chunks').notNull(),
    /** Hex SHA-256 of the restored file: a copy is checked against it before it is used. */
    sha256: text('sha256').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.datasourceId, t.name] }),
    uniqueIndex('source_files_version_idx').on(t.version),
  ],
);

/** One version of a stored file, gzip-compressed and cut in order into rows of a few MB (read and written one at a time). */
export const sourceFileChunks = pgTable(
  'source_file_chunks',
  {
    version: uuid('version').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.version, t.seq] })],
);
