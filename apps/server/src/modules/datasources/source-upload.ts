import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ConnectorError, loadTableFile, type TLoadedTableFile } from '@parley/connectors';
import { Invalid, TooLarge } from '../../lib/errors';

/** One uploaded file as the route hands it over: its name and its bytes as a stream. */
export interface UploadedFile {
  filename: string;
  stream: Readable;
  /** True once the stream stopped at the size limit (busboy's `truncated`). */
  truncated(): boolean;
}

/**
 * Streams an upload to a temporary file (stopped at UPLOAD_LIMIT_MB) and loads it into
 * `<sourcesDir>/<id>.duckdb`; the temporary file is gone afterwards, whatever happened. A file
 * the loader cannot read is a 400 naming why.
 */
export async function loadUpload(
  file: UploadedFile,
  id: string,
  dirs: { tmpDir: string; sourcesDir: string; uploadLimitMb: number },
): Promise<TLoadedTableFile> {
  await mkdir(dirs.tmpDir, { recursive: true });
  await mkdir(dirs.sourcesDir, { recursive: true });
  const temporary = join(dirs.tmpDir, `${id}.upload`);
  try {
    await pipeline(file.stream, createWriteStream(temporary, { mode: 0o600 }));
    if (file.truncated())
      throw new TooLarge(`The file is larger than the upload limit of ${dirs.uploadLimitMb} MB.`);
    return await loadTableFile({
      path: temporary,
      dataDir: dirs.sourcesDir,
      sourceId: id,
      fileName: file.filename,
    });
  } catch (error) {
    if (error instanceof ConnectorError) throw new Invalid(error.message);
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
}
