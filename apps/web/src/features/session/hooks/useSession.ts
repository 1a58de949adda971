import type { TAuthConfig, TTenant } from '@parley/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchConfig, fetchTenant, sessionKeys } from '../session';

const configQuery = queryOptions({ queryKey: sessionKeys.config, queryFn: fetchConfig, staleTime: Infinity });
const tenantQuery = queryOptions({
  queryKey: sessionKeys.tenant,
  queryFn: ({ client }) => fetchTenant(client),
  staleTime: 5 * 60_000,
});

export interface Session {
  config: TAuthConfig | null;
  tenant: TTenant | null;
  /** Config then tenant have both been read (successfully or not). */
  bootstrapped: boolean;
}

/** The product configuration and the signed-in user. Bootstrap order: config → tenant → bootstrapped. */
export function useSession(): Session {
  const config = useQuery(configQuery);
  const tenant = useQuery({ ...tenantQuery, enabled: config.isFetched });
  return {
    config: config.data ?? null,
    tenant: tenant.data ?? null,
    bootstrapped: config.isFetched && tenant.isFetched,
  };
}

/** Re-reads the tenant now (after sign-in or registration). */
export function useRefetchTenant(): () => Promise<TTenant | null> {
  const client = useQueryClient();
  return useCallback(() => client.fetchQuery({ ...tenantQuery, staleTime: 0 }), [client]);
}
