/** The shape of an endpoint's descriptor in endpoints.ts, and its key's parts. */
import type { z } from './zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What an endpoint takes and answers. Method and path are its key. */
export interface EndpointSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** The success answer's JSON; null when the answer is not JSON (a redirect, CSV, markdown). */
  response: z.ZodType | null;
  /** The success status when it is not 200 (account deletion answers 401, spec 1 §4). */
  status?: number;
  /** Reachable without a session (sign-in, config, help). */
  public?: true;
  /** Largest body accepted, when it is not the default 1 MiB. */
  bodyLimit?: number;
  /** A multipart/form-data upload (one file); its limit is UPLOAD_LIMIT_MB. */
  upload?: true;
  /** OpenAPI group. */
  tag: string;
}

/** Splits a key into its method and path. */
export function requestLine<K extends string>(key: K): { method: HttpMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) };
}
