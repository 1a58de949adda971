import type { TErrorResponse } from '@parley/contract';
import { clearLocalStorage, getXsrfToken } from '../storage';
import { toast } from '../toast';
import { ApiError, errorMessage } from './errors';

export { ApiError, errorMessage } from './errors';

/** Statuses whose body is read as JSON and handed back (spec 1 §7). */
const JSON_STATUSES = new Set([200, 400, 401, 403]);

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

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = defaultLogout;

/** Paths where a 401 is expected and must not bounce the page. */
export const PUBLIC_PATHS = ['/login', '/passwordreset', '/register', '/authcallback'];

/** Logout after a 401: clear local storage and go to /login (unless already on a public page). */
export function defaultLogout(): void {
  clearLocalStorage();
  if (typeof window !== 'undefined' && !PUBLIC_PATHS.includes(window.location.pathname)) {
    window.location.assign('/login');
  }
}

/** Lets the app plug its own logout (clearing query caches too). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const m = (body as Partial<TErrorResponse>).message;
    if (typeof m === 'string' && m !== '') return m;
  }
  return null;
}

/**
 * The one fetch call of the app. Sends cookies, the anti-forgery header and JSON; returns 200, 400,
 * 401 and 403 answers parsed; throws ApiError for 500 (with its message), any other status
 * (unknown data), an unparseable body (status + message) or a network failure.
 */
export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const xsrf = getXsrfToken();
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
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
  if (status === 500) {
    const m = messageOf(parsed);
    throw new ApiError('server', status, m ?? 'Internal server error', m !== null, parsed);
  }
  const m = messageOf(parsed);
  throw new ApiError('unknown', status, m ?? 'Unknown data', m !== null, parsed);
}

/** Calls the API and returns the body of a 200, throwing ApiError for anything else. */
export async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const answer = await request<T>(method, path, body, options);
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

export const api = {
  get: <T>(path: string, options?: RequestOptions) => call<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    call<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    call<T>('PUT', path, body ?? {}, options),
  delete: <T>(path: string, options?: RequestOptions) => call<T>('DELETE', path, undefined, options),
};

/**
 * Runs an action the spec's way: any failure shows an error toast (server message preferred,
 * else `fallback`) and the action answers false.
 */
export async function attempt<T>(fn: () => Promise<T>, fallback: string): Promise<T | false> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') return false;
    toast.error(errorMessage(err, fallback));
    return false;
  }
}

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
