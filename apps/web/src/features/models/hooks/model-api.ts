import type { TBrokenCheck } from '@parley/contract';
import { ApiError } from '../../../lib/api';

/** The broken verified questions a refused save (409) lists, when its body names them. */
export function brokenOf(err: unknown): TBrokenCheck[] {
  if (!(err instanceof ApiError) || !err.data || typeof err.data !== 'object') return [];
  const list = (err.data as { broken?: unknown }).broken;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (b): b is TBrokenCheck =>
      !!b && typeof b === 'object' && typeof b.phrase === 'string' && typeof b.reason === 'string',
  );
}

/** Whether an error is a request the page itself dropped. */
export const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';
