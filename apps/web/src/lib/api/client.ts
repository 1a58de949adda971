// Endpoint keys and types come from the contract as types only: the sign-in bundle must not pull zod.
import type { EndpointInput, EndpointKey, EndpointOutput, Endpoints, TErrorResponse } from '@parley/contract';
import { clearLocalStorage, getXsrfToken } from '../storage';
import { ApiError } from './errors';

export { ApiError, errorMessage } from './errors';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Statuses whose body is read as JSON and handed back (spec 1 §7). */
export const JSON_STATUSES: ReadonlySet<number> = new Set([200, 400, 401, 403]);

/** A parsed answer: the status, the JSON body and the X-Current-User header. */
export interface Answer<T> {
  status: number;
  data: T;
  currentUser: string | null;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Whether a 401 logs the user out (default true; sign-in calls turn it off). */
  logoutOn401?: boolean;
}

type PathOf<K extends string> = K extends `${string} ${infer P}` ? P : never;
/** The `:name` segments of a path ('/help/:file' → 'file'). */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * Endpoints whose input would land in the wrong place under the rule `send` follows (GET and
 * DELETE send it as the query string, POST and PUT as the JSON body). While there is one, no call
 * compiles (see CheckedKey), rather than sending a body as a query.
 */
type Misplaced = {
  [K in EndpointKey]: K extends `${'GET' | 'DELETE'} ${string}`
    ? Endpoints[K] extends { body: unknown }
      ? K
      : never
    : Endpoints[K] extends { query: unknown }
      ? K
      : never;
}[EndpointKey];
type CheckedKey = [Misplaced] extends [never] ? EndpointKey : never;

/** Endpoints that succeed with a 200; account deletion succeeds with a 401 and goes through `request`. */
type OkKey = { [K in CheckedKey]: Endpoints[K] extends { status: number } ? never : K }[CheckedKey];

/**
 * The body beside a path's params: none for an empty body (`ZEmpty` reads as `Record<string, never>`,
 * which no params object could meet).
 */
type BesideParams<I> = I extends object ? (string extends keyof I ? unknown : I) : unknown;

/** What a call sends: the path's `:params` (when it has any) beside the JSON body, else the query. */
export type CallInput<K extends EndpointKey> = [ParamNames<PathOf<K>>] extends [never]
  ? EndpointInput<K>
  : Record<ParamNames<PathOf<K>>, string | number> & BesideParams<EndpointInput<K>>;

/** The input is optional only for endpoints that take none. */
type CallArgs<K extends EndpointKey> =
  undefined extends CallInput<K>
    ? [input?: CallInput<K>, options?: RequestOptions]
    : [input: CallInput<K>, options?: RequestOptions];

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = defaultLogout;

/** Paths where a 401 is expected and must not bounce the page. */
export const PUBLIC_PATHS = ['/login', '/passwordreset', '/register', '/authcallback'];

/** Logout after a 401 until the app plugs its own: clear local storage and go to /login. */
function defaultLogout(): void {
  clearLocalStorage();
  if (typeof window !== 'undefined' && !PUBLIC_PATHS.includes(window.location.pathname)) {
    window.location.assign('/login');
  }
}

/** Lets the app plug its own logout (clearing query caches too). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** Runs the logout a 401 triggers; the upload helper (upload.ts) answers 401s the same way. */
export function handleUnauthorized(): void {
  onUnauthorized();
}

/** The server's `{ message }`, when the body carries one. */
export function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const m = (body as Partial<TErrorResponse>).message;
    if (typeof m === 'string' && m !== '') return m;
  }
  return null;
}

/** Splits a key into its method and path (the contract's requestLine, kept out of the bundle). */
function requestLine(key: string): { method: HttpMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) };
}

/**
 * Where an endpoint's input goes: `:params` into the path, the rest into the query string for GET
 * and DELETE (undefined values dropped), else into the JSON body (`{}` when there is none).
 */
function target(key: string, input: unknown): { method: HttpMethod; url: string; body?: unknown } {
  const { method, path } = requestLine(key);
  let rest = input;
  let url = path;
  if (path.includes(':')) {
    const values: Record<string, unknown> = { ...(input as Record<string, unknown> | undefined) };
    url = path.replace(/:(\w+)/g, (_, name: string) => {
      const value = values[name];
      delete values[name];
      return encodeURIComponent(String(value));
    });
    rest = Object.keys(values).length > 0 ? values : undefined;
  }
  if (method === 'GET' || method === 'DELETE') {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries((rest ?? {}) as Record<string, unknown>)) {
      if (value !== undefined) query.set(name, String(value));
    }
    const search = query.toString();
    return { method, url: search ? `${url}?${search}` : url };
  }
  return { method, url, body: rest ?? {} };
}

/**
 * The one fetch call of the app. Sends cookies, the anti-forgery header and JSON; returns 200, 400,
 * 401 and 403 answers parsed; throws ApiError for 500 (with its message), any other status
 * (unknown data), an unparseable body (status + message) or a network failure.
 */
async function send<T>(
  method: HttpMethod,
  url: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const xsrf = getXsrfToken();
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError('network', 0, err instanceof Error ? err.message : 'Network error');
  }

  const { status } = response;
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new ApiError('unparseable', status, `${status}: ${response.statusText || 'Unparseable answer'}`);
  }

  if (JSON_STATUSES.has(status)) {
    if (status === 401 && options.logoutOn401 !== false) onUnauthorized();
    return { status, data: parsed as T, currentUser: response.headers.get('X-Current-User') };
  }
  const m = messageOf(parsed);
  if (status === 500) throw new ApiError('server', status, m ?? 'Internal server error', m !== null, parsed);
  throw new ApiError('unknown', status, m ?? 'Unknown data', m !== null, parsed);
}

/** Calls an endpoint and hands back its answer, 400, 401 and 403 included, for screens that read them. */
function request<K extends CheckedKey>(
  key: K,
  ...[input, options]: CallArgs<K>
): Promise<Answer<EndpointOutput<K> | TErrorResponse>> {
  const { method, url, body } = target(key, input);
  return send(method, url, body, options);
}

/** Calls an endpoint and returns the body of its 200; anything else throws ApiError. */
async function call<K extends OkKey>(key: K, ...[input, options]: CallArgs<K>): Promise<EndpointOutput<K>> {
  const { method, url, body } = target(key, input);
  const answer = await send<EndpointOutput<K>>(method, url, body, options);
  if (answer.status !== 200) {
    const m = messageOf(answer.data);
    throw new ApiError(
      'status',
      answer.status,
      m ?? `Request failed (${answer.status})`,
      m !== null,
      answer.data,
    );
  }
  return answer.data;
}

/** The address of a GET endpoint the browser navigates to (a redirect, a file), with its query. */
function url<K extends CheckedKey & `GET ${string}`>(key: K, ...[input]: CallArgs<K>): string {
  return target(key, input).url;
}

/** The typed API: every endpoint by its contract key, `'POST /features/conversations/query'`. */
export const api = { call, request, url };

/** Fetches a static text file (help articles); null when the status is not 200. */
export async function fetchText(path: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const response = await fetch(path, {
      credentials: 'include',
      signal,
      headers: { Accept: 'text/markdown' },
    });
    // An HTML answer is the SPA's own fallback page, not an article.
    if (response.status !== 200 || response.headers.get('Content-Type')?.includes('text/html')) return null;
    return await response.text();
  } catch {
    return null;
  }
}
