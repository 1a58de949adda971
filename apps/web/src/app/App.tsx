import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { PUBLIC_PATHS, setUnauthorizedHandler } from '../lib/api';
import { clearLocalStorage } from '../lib/storage';
import { router } from './router';
import { queryClient, sessionKeys } from './session';

/** Logout after any 401: clear storage and caches, then go to /login. */
export function logoutLocally(): void {
  clearLocalStorage();
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
  queryClient.setQueryData(sessionKeys.tenant, null);
  if (!PUBLIC_PATHS.includes(window.location.pathname)) void router.navigate('/login', { replace: true });
}

setUnauthorizedHandler(logoutLocally);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
