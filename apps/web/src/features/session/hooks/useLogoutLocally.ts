import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PUBLIC_PATHS } from '../../../lib/api';
import { endLocalSession } from '../session';

/**
 * Ends the session on this browser after the server ended it (password changed, account deleted,
 * logout): storage and caches cleared, then /login unless the page is already a public one.
 */
export function useLogoutLocally(): () => void {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    endLocalSession(client);
    if (!PUBLIC_PATHS.includes(window.location.pathname)) void navigate('/login', { replace: true });
  }, [client, navigate]);
}
