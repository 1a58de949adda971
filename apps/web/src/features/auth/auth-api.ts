import type { TEmailLinkBody, TErrorResponse, TSignupBody, TXsrfResponse } from '@parley/contract';
import { type Answer, request } from '../../lib/api';

type Reply<T> = Answer<T | Partial<TErrorResponse>>;
const opts = { logoutOn401: false };

/** Assistant clients' OAuth parameters passed on with a password sign-in. */
export type OAuthParams = Record<'client_id' | 'redirect_uri' | 'state' | 'scope' | 'response_type', string>;

export const authApi = {
  loginWithPassword: (body: { email: string; password: string; token?: string; oauth?: OAuthParams }) =>
    request<TXsrfResponse & { redirect?: string }>('POST', '/auth/loginwithpassword', body, opts) as Promise<
      Reply<TXsrfResponse & { redirect?: string }>
    >,
  loginWithEmail: (body: TEmailLinkBody) =>
    request<object>('POST', '/auth/loginwithemail', body, opts) as Promise<Reply<object>>,
  signup: (body: TSignupBody) =>
    request<object>('POST', '/auth/signup', body, opts) as Promise<Reply<object>>,
  forgotPassword: (body: TEmailLinkBody) =>
    request<object>('POST', '/auth/forgotpassword', body, opts) as Promise<Reply<object>>,
  passwordReset: (body: { email: string; token: string; password: string; captcha?: string }) =>
    request<TXsrfResponse>('POST', '/auth/passwordreset', body, opts) as Promise<Reply<TXsrfResponse>>,
};

/** The server's message of a failed answer, if any. */
export function serverMessage(data: unknown): string | null {
  if (
    data &&
    typeof data === 'object' &&
    'message' in data &&
    typeof data.message === 'string' &&
    data.message
  ) {
    return data.message;
  }
  return null;
}
