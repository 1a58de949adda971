import { ApiError, errorMessage, type RequestOptions } from '../../../lib/api';

/** Sign-in calls answer 401 for a refusal; it must not bounce the page to /login. */
export const NO_LOGOUT: RequestOptions = { logoutOn401: false };

/**
 * The toast text of a failed sign-in call: the server's message when it refused (400, 401, 403),
 * else the fallback (a 500, a network failure, a captcha that did not load).
 */
export function refusalMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.kind === 'status' ? errorMessage(err, fallback) : fallback;
}
