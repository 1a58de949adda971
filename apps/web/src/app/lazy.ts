import { type ComponentType, lazy } from 'react';

/** A page chunk that does not arrive within this time counts as failed (spec 1 §9). */
export const CHUNK_TIMEOUT_MS = 120_000;
const RELOAD_MARKER = 'chunkReloadAt';
/** A second failure within this window after an automatic reload is shown, not reloaded again. */
const RELOAD_WINDOW_MS = 30_000;

export type ChunkErrorType = 'missing' | 'timeout' | 'other';

export class ChunkLoadError extends Error {
  readonly type: ChunkErrorType;
  constructor(type: ChunkErrorType, cause?: unknown) {
    super('Loading chunk failed', { cause });
    this.name = 'ChunkLoadError';
    this.type = type;
  }
}

function classify(err: unknown): ChunkErrorType {
  if (err instanceof ChunkLoadError) return err.type;
  const text = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /fetch|import|module|load/i.test(text) ? 'missing' : 'other';
}

function recentlyReloaded(): boolean {
  try {
    const at = Number(sessionStorage.getItem(RELOAD_MARKER) ?? 0);
    return Date.now() - at < RELOAD_WINDOW_MS;
  } catch {
    return true;
  }
}

/**
 * Wraps a dynamic import: times out after 120 s, and on failure while online reloads the page once
 * (a sessionStorage marker stops reload loops); otherwise throws a ChunkLoadError.
 */
export function withReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), CHUNK_TIMEOUT_MS);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError(classify(err), err));
        },
      );
    }).catch((err: ChunkLoadError) => {
      if (typeof navigator !== 'undefined' && navigator.onLine && !recentlyReloaded()) {
        try {
          sessionStorage.setItem(RELOAD_MARKER, String(Date.now()));
        } catch {
          // Without sessionStorage we cannot guard against loops, so do not reload.
          throw err;
        }
        window.location.reload();
        return new Promise<T>(() => undefined);
      }
      throw err;
    });
}

/** React.lazy over a module's default export, with the reload rule. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(withReload(load));
}
