import type { EndpointInput, EndpointKey, TBrokenCheck } from '@parley/contract';
import { ApiError, type CallInput } from '../../../lib/api';

/**
 * The client's input type names only a path's `:params` when it has some, yet its `target()` sends
 * every other key as the JSON body; this joins the two for the model endpoints that take both.
 */
export function withBody<K extends EndpointKey>(id: string, body: EndpointInput<K>): CallInput<K> {
  return { id, ...(body as object) } as unknown as CallInput<K>;
}

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
