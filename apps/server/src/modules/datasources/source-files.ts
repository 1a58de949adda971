import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, type Stats } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { isUploadType } from '@parley/connectors';
import type { FastifyBaseLogger } from 'fastify';
import type { DatasourceRow } from './datasources.repository';
import type { SourceFilesRepository, StoredFile } from './source-files.repository';
import { sourceDataDir } from './source-resolver';

/** Bytes per stored chunk (compressed): a process holds one chunk at a time, reading or writing. */
export const CHUNK_BYTES = 4 * 1024 * 1024;
/** What a deleted source or a writer that died left in the store goes after this. */
const SWEEP_AFTER_MS = 60 * 60_000;
/** The files of a source that are stored: its DuckDB files (not temporary files, not stamps). */
const STORED_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*\.duckdb$/;
/** Tries at reading a stored file whose version another process replaces meanwhile. */
const FETCH_TRIES = 3;

type SourceRef = Pick<DatasourceRow, 'id' | 'type'>;

/** Which stored version a local file is, and the file it was then (any change since: written here). */
interface Stamp {
  version: string;
  size: number;
  mtimeMs: number;
  ino: number;
}

/** A stored version was replaced while it was being read: read the new one. */
class Replaced extends Error {}

export interface SourceFilesDeps {
  repo: SourceFilesRepository;
  /** DATA_DIR/sources. */
  sourcesDir: string;
  log: FastifyBaseLogger;
  /** Bytes per stored chunk; CHUNK_BYTES unless a test wants files spanning many chunks. */
  chunkBytes?: number;
}

/**
 * Server mode's local source files as caches: the durable copy of an uploaded file's
 * DuckDB file and of an API source's synced copy (Formbricks) is in PostgreSQL
 * (source-files.repository.ts); DATA_DIR/sources holds this process's copies. Before a source is
 * opened (and before a sync, which builds on the copy) its files are fetched when this process
 * lacks them or holds an older version; after an upload or a sync they are stored. Per source,
 * one fetch or store runs at a time: concurrent first questions wait for one fetch. The connectors
 * know none of this; they work on the folder as in embedded mode, where no SourceFiles exists.
 *
 * We store the DuckDB file itself, not the uploaded CSV or a Parquet export: restoring is a copy
 * of bytes (no parsing, the same types and table the first process answered from), one mechanism
 * serves uploads and API copies (whose sync state is a table in the file), and DuckDB's
 * compression keeps it well under the CSV it came from. It is stored gzip-compressed (level 1):
 * DuckDB files hold much unused block space, which shrinks to little.
 */
export class SourceFiles {
  private readonly locks = new Map<string, Promise<void>>();
  private readonly repo: SourceFilesRepository;
  private readonly sourcesDir: string;
  private readonly log: FastifyBaseLogger;
  private readonly chunkBytes: number;

  constructor(deps: SourceFilesDeps) {
    this.repo = deps.repo;
    this.sourcesDir = deps.sourcesDir;
    this.log = deps.log;
    this.chunkBytes = deps.chunkBytes ?? CHUNK_BYTES;
  }

  /** Makes this process's copy of the source's stored files current (the resolver calls it before opening the source). */
  ensureLocal(row: SourceRef): Promise<void> {
    return this.locked(row.id, () => this.fetchStale(row));
  }

  /** Stores the source's files written here since they were last stored or fetched (after an upload, after a sync). */
  store(row: SourceRef): Promise<void> {
    return this.locked(row.id, () => this.storeChanged(row));
  }

  /** Deletes the stored files of these sources (deleted, or their account was). */
  remove(ids: string[]): Promise<void> {
    return this.repo.deleteSources(ids);
  }

  /** Deletes stored files nothing will read (sources deleted meanwhile, writers that died). */
  sweep(now = new Date()): Promise<number> {
    return this.repo.sweep(new Date(now.getTime() - SWEEP_AFTER_MS));
  }

  private async fetchStale(row: SourceRef): Promise<void> {
    const dir = sourceDataDir(this.sourcesDir, row);
    for (let attempt = 1; ; attempt++) {
      const stored = (await this.repo.list(row.id)).filter((f) => STORED_NAME.test(f.name));
      try {
        for (const file of stored) {
          const path = join(dir, file.name);
          const [info, stamp] = await Promise.all([stat(path).catch(() => null), readStamp(path)]);
          // Kept: the stored version, or written here since (a sync about to store it, newer still).
          if (info && (!stamp || !sameFile(info, stamp) || stamp.version === file.version)) continue;
          await this.fetch(row.id, dir, file);
        }
      } catch (error) {
        if (error instanceof Replaced && attempt < FETCH_TRIES) continue;
        throw error;
      }
      // A file kept only here (stored by no process: written before this store existed) is stored now.
      const local = await this.localNames(row);
      if (local.some((name) => !stored.some((f) => f.name === name)))
        void this.store(row).catch((err: unknown) =>
          this.log.error({ err, datasource: row.id }, 'source file not stored in the database'),
        );
      return;
    }
  }

  /** Writes a stored version to a temporary file, checks it, then swaps it in whole. */
  private async fetch(id: string, dir: string, file: StoredFile): Promise<void> {
    await mkdir(dir, { recursive: true });
    const path = join(dir, file.name);
    const temporary = `${path}.${randomUUID()}.fetching`;
    const repo = this.repo;
    const check = measure();
    try {
      await pipeline(
        async function* chunks() {
          for (let seq = 0; seq < file.chunks; seq++) {
            const chunk = await repo.readChunk(file.version, seq);
            if (!chunk) throw new Replaced();
            yield chunk;
          }
        },
        createGunzip(),
        check.stream,
        createWriteStream(temporary, { flags: 'wx', mode: 0o600 }),
      );
      if (check.size !== file.size || check.sha256() !== file.sha256)
        throw new Error(`the stored copy of ${file.name} does not match its checksum`);
      await rename(temporary, path);
      await writeStamp(path, file.version, await stat(path));
      this.log.info(
        { datasource: id, file: file.name, bytes: file.size },
        'source file restored from the database',
      );
    } finally {
      await rm(temporary, { force: true });
    }
  }

  private async storeChanged(row: SourceRef): Promise<void> {
    const dir = sourceDataDir(this.sourcesDir, row);
    const stored = new Map((await this.repo.list(row.id)).map((f) => [f.name, f.version]));
    for (const name of await this.localNames(row)) {
      const path = join(dir, name);
      const [info, stamp] = await Promise.all([stat(path).catch(() => null), readStamp(path)]);
      if (!info) continue;
      if (stamp && sameFile(info, stamp) && stored.get(name) === stamp.version) continue;
      await this.put(row.id, path, name);
    }
  }

  /** Stores a file, compressed, chunk by chunk under a new version, then publishes that version. */
  private async put(id: string, path: string, name: string): Promise<void> {
    const version = randomUUID();
    const { repo, chunkBytes } = this;
    // Read through one handle: a copy renamed over the file meanwhile differs from its stamp, so it
    // is stored next time.
    const handle = await open(path, 'r');
    let published = false;
    try {
      const info = await handle.stat();
      const check = measure();
      let chunks = 0;
      await pipeline(
        handle.createReadStream({ autoClose: false }),
        check.stream,
        createGzip({ level: 1 }),
        async function write(compressed: AsyncIterable<Buffer>) {
          // At most one chunk and one piece of gzip output are held at a time.
          let held: Buffer[] = [];
          let bytes = 0;
          for await (const piece of compressed) {
            held.push(piece);
            bytes += piece.length;
            while (bytes >= chunkBytes) {
              const all = Buffer.concat(held, bytes);
              await repo.writeChunk(version, chunks++, all.subarray(0, chunkBytes));
              held = [all.subarray(chunkBytes)];
              bytes -= chunkBytes;
            }
          }
          if (bytes > 0) await repo.writeChunk(version, chunks++, Buffer.concat(held, bytes));
        },
      );
      await repo.publish(id, { name, version, size: check.size, chunks, sha256: check.sha256() });
      published = true;
      await writeStamp(path, version, info);
    } finally {
      await handle.close();
      if (!published) await repo.discardVersion(version).catch(() => {});
    }
  }

  /** The names of the source's files in its folder: an upload's one DuckDB file, an API copy's every one. */
  private async localNames(row: SourceRef): Promise<string[]> {
    if (isUploadType(row.type)) {
      const name = `${row.id}.duckdb`;
      return (await stat(join(this.sourcesDir, name)).catch(() => null)) ? [name] : [];
    }
    const names = await readdir(sourceDataDir(this.sourcesDir, row)).catch(() => [] as string[]);
    return names.filter((n) => STORED_NAME.test(n)).sort();
  }

  /** Runs `run` after whatever runs for this source (fetches and stores of one source never overlap). */
  private locked(id: string, run: () => Promise<void>): Promise<void> {
    const result = (this.locks.get(id) ?? Promise.resolve()).then(run);
    const tail = result.catch(() => {});
    this.locks.set(id, tail);
    void tail.then(() => {
      if (this.locks.get(id) === tail) this.locks.delete(id);
    });
    return result;
  }
}

/** The stamp beside a local file: `<file>.version`. */
const stampPath = (path: string) => `${path}.version`;

async function readStamp(path: string): Promise<Stamp | null> {
  try {
    return JSON.parse(await readFile(stampPath(path), 'utf8')) as Stamp;
  } catch {
    return null;
  }
}

async function writeStamp(path: string, version: string, info: Stats): Promise<void> {
  const stamp: Stamp = { version, size: info.size, mtimeMs: info.mtimeMs, ino: info.ino };
  const temporary = `${stampPath(path)}.${randomUUID()}`;
  await writeFile(temporary, JSON.stringify(stamp), { mode: 0o600 });
  await rename(temporary, stampPath(path));
}

/** A pass-through stream that counts and hashes the file's bytes (uncompressed). */
function measure() {
  const hash = createHash('sha256');
  const state = {
    size: 0,
    sha256: () => hash.digest('hex'),
    stream: new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        state.size += chunk.length;
        done(null, chunk);
      },
    }),
  };
  return state;
}

const sameFile = (info: Stats, stamp: Stamp) =>
  info.size === stamp.size && info.mtimeMs === stamp.mtimeMs && info.ino === stamp.ino;
