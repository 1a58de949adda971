import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { endLocalSession } from '../features/session';
import { PUBLIC_PATHS, setUnauthorizedHandler } from '../lib/api';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 } },
});

// Any 401 ends the session here: storage and caches cleared, then /login.
setUnauthorizedHandler(() => {
  endLocalSession(queryClient);
  if (!PUBLIC_PATHS.includes(window.location.pathname)) void router.navigate('/login', { replace: true });
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
