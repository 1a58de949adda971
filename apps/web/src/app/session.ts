import type { TAuthConfig, TAuthProviders, TTenant } from '@parley/contract';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { api, request } from '../lib/api';
import { clearHistory, STORAGE_KEYS, storage } from '../lib/storage';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 } },
});

/** Query keys of the session resources. */
export const sessionKeys = {
  config: ['auth', 'config'] as const,
  providers: ['auth', 'providers'] as const,
  tenant: ['auth', 'tenant'] as const,
};

/** Delay before re-reading a tenant whose `updated` is older than one already seen (spec 1 §4). */
export const TENANT_RETRY_MS = 2000;
const TENANT_RETRIES = 3;
let knownUpdated = 0;
/** The browser timezone is sent once per page load at most. */
let timezoneSent = false;

/** Records the `updated` time of a tenant change the app made, so stale reads are retried. */
export function noteTenantUpdated(updated: string): void {
  knownUpdated = Math.max(knownUpdated, Date.parse(updated) || 0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchConfig(): Promise<TAuthConfig | null> {
  try {
    return await api.get<TAuthConfig>('/auth/config', { logoutOn401: false });
  } catch {
    return null;
  }
}

async function fetchProviders(): Promise<TAuthProviders> {
  return api.get<TAuthProviders>('/auth/providers', { logoutOn401: false });
}

export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Housekeeping once a tenant is known: timezone and tenant switch. The interface language stays
 * the browser's or the stored choice (spec 1 §1); the profile screen stores a changed language.
 */
async function afterTenant(tenant: TTenant): Promise<void> {
  if (!tenant.timezone && !timezoneSent) {
    timezoneSent = true;
    api.put('/auth/tenant/timezone', { timezone: browserTimezone() }).catch(() => undefined);
  }
  const storedId = storage.get(STORAGE_KEYS.tenantId);
  if (storedId !== tenant.id) {
    if (storedId !== null) {
      clearHistory();
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    }
    storage.set(STORAGE_KEYS.tenantId, tenant.id);
  }
}

/** GET /auth/tenant; null when nobody is signed in. Retries a read older than a known update. */
export async function fetchTenant(): Promise<TTenant | null> {
  for (let attempt = 0; ; attempt++) {
    const answer = await request<TTenant>('GET', '/auth/tenant', undefined, { logoutOn401: false });
    if (answer.status !== 200) {
      if (answer.status === 401) storage.remove(STORAGE_KEYS.xsrf);
      return null;
    }
    const tenant = answer.data;
    const updated = Date.parse(tenant.updated) || 0;
    if (updated < knownUpdated && attempt < TENANT_RETRIES) {
      await sleep(TENANT_RETRY_MS);
      continue;
    }
    noteTenantUpdated(tenant.updated);
    await afterTenant(tenant);
    return tenant;
  }
}

export interface Session {
  config: TAuthConfig | null;
  tenant: TTenant | null;
  /** Config then tenant have both been read (successfully or not). */
  bootstrapped: boolean;
}

/** Bootstrap order: config → tenant → bootstrapped. */
export function useSession(): Session {
  const config = useQuery({ queryKey: sessionKeys.config, queryFn: fetchConfig, staleTime: Infinity });
  const tenant = useQuery({
    queryKey: sessionKeys.tenant,
    queryFn: fetchTenant,
    enabled: config.isFetched,
    staleTime: 5 * 60_000,
  });
  return {
    config: config.data ?? null,
    tenant: tenant.data ?? null,
    bootstrapped: config.isFetched && tenant.isFetched,
  };
}

export function useProviders() {
  return useQuery({ queryKey: sessionKeys.providers, queryFn: fetchProviders, staleTime: Infinity });
}

/** Re-reads the tenant (after sign-in or registration). */
export async function refetchTenant(): Promise<TTenant | null> {
  return queryClient.fetchQuery({ queryKey: sessionKeys.tenant, queryFn: fetchTenant, staleTime: 0 });
}

/** The product name shown in the interface. */
export function brandName(config: TAuthConfig | null): string {
  return config?.brand_name || config?.name || 'Parley';
}
