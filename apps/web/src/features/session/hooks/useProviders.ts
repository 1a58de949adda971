import { useQuery } from '@tanstack/react-query';
import { fetchProviders, sessionKeys } from '../session';

/** The sign-in methods on offer and whether sign-up is open. */
export function useProviders() {
  return useQuery({ queryKey: sessionKeys.providers, queryFn: fetchProviders, staleTime: Infinity });
}
