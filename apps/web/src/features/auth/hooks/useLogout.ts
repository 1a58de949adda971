import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useLogoutLocally } from '../../session';
import { NO_LOGOUT } from './refusal';

/** POST /auth/logout, then the local session ends and /login opens, whatever the server answered. */
export function useLogout() {
  const logoutLocally = useLogoutLocally();
  return useMutation({
    mutationFn: () => api.call('POST /auth/logout', undefined, NO_LOGOUT).catch(() => undefined),
    onSettled: () => logoutLocally(),
  });
}
