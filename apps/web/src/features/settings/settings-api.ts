import type { TChangePasswordBody, TErrorResponse, TProfileBody, TTenant } from '@parley/contract';
import { api, request } from '../../lib/api';

/** PUT /features/profile; answers the updated tenant. */
export function updateProfile(body: TProfileBody): Promise<TTenant> {
  return api.put<TTenant>('/features/profile', body);
}

/** POST /auth/changepassword; the server ends every session of the user on success. */
export function changePassword(body: TChangePasswordBody): Promise<unknown> {
  return api.post('/auth/changepassword', body);
}

export type DeleteOutcome =
  | { deleted: true; message: string | null }
  | { deleted: false; message: string | null };

/**
 * DELETE /api/v1/auth/account. A 401 is the success signal (spec 1 §4): the account is gone and
 * so is the session. The client's usual 401 → logout is turned off here, so the caller can show
 * the outcome before leaving; any other answer is a failure carrying the server's message.
 */
export async function deleteAccount(): Promise<DeleteOutcome> {
  const answer = await request<Partial<TErrorResponse>>('DELETE', '/api/v1/auth/account', undefined, {
    logoutOn401: false,
  });
  const message =
    typeof answer.data?.message === 'string' && answer.data.message ? answer.data.message : null;
  return answer.status === 401 ? { deleted: true, message } : { deleted: false, message };
}
