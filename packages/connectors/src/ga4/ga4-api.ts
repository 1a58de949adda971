/**
 * The HTTP side of GA4: Bearer-authenticated JSON calls to the Admin and Data APIs with a
 * timeout on every call, Google's error envelope `{ error: { code, message, status } }` mapped to
 * ConnectorError codes, 429 RESOURCE_EXHAUSTED retried with backoff, and a 401 answered by one
 * token refresh (a second 401 means the grant is gone: `revoked`).
 */
import { ConnectorError, type TOAuthAccess } from '../connector';

export const GA4_DATA_API_URL = 'https://analyticsdata.googleapis.com';
export const GA4_ADMIN_API_URL = 'https://analyticsadmin.googleapis.com';

/** Retries of a 429 before giving up, and the first wait (doubled each time). */
const RETRIES = 3;
const FIRST_BACKOFF_MS = 250;

interface GoogleError {
  error?: { code?: number; message?: string; status?: string };
}

export interface Ga4HttpOptions {
  oauth: TOAuthAccess;
  timeoutMs: number;
  /** Waits between 429 retries (tests shorten it). */
  backoffMs?: number;
}

/** One GA4 API call; answers the parsed JSON or throws ConnectorError. */
export async function ga4Fetch<T>(
  url: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
  options: Ga4HttpOptions,
): Promise<T> {
  let token = await options.oauth.token();
  let refreshed = false;
  let backoff = options.backoffMs ?? FIRST_BACKOFF_MS;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
        throw new ConnectorError('timeout', 'Google Analytics did not answer in time.');
      throw new ConnectorError('unreachable', 'Google Analytics could not be reached.');
    }
    if (response.ok) return (await response.json()) as T;
    const payload = (await response.json().catch(() => ({}))) as GoogleError;
    const message = payload.error?.message ?? `HTTP ${response.status}`;
    const status = payload.error?.status ?? '';
    if (response.status === 401) {
      if (refreshed) throw new ConnectorError('revoked', 'Google refused the access token after a refresh.');
      // A token that expired early or was revoked: one refresh, then the call again.
      token = await options.oauth.refresh();
      refreshed = true;
      continue;
    }
    if (response.status === 429 || status === 'RESOURCE_EXHAUSTED') {
      if (attempt >= RETRIES)
        throw new ConnectorError(
          'unreachable',
          'The Google Analytics quota is used up for now. Try again in a little while.',
        );
      await new Promise((resolve) => setTimeout(resolve, backoff));
      backoff *= 2;
      continue;
    }
    if (response.status === 403) throw new ConnectorError('invalid_config', `Google Analytics: ${message}`);
    if (response.status === 400) throw new ConnectorError('refused', message);
    if (response.status >= 500 && attempt < RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, backoff));
      backoff *= 2;
      continue;
    }
    throw new ConnectorError('query_failed', `Google Analytics answered ${response.status} ${status}`.trim());
  }
}
