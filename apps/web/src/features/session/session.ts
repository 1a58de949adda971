import type { TAuthConfig, TAuthProviders, TTenant } from '@parley/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import {
  clearHistory,
  clearLocalStorage,
  getXsrfToken,
  STORAGE_KEYS,
  setXsrfToken,
  storage,
} from '../../lib/storage';

/** Query keys of the session resources; every other cache is dropped when the user changes. */
export const sessionKeys = {
  config: ['auth', 'config'] as const,
  providers: ['auth', 'providers'] as const,
  tenant: ['auth', 'tenant'] as const,
};

/** Drops every cached resource but the session's own (config, providers, tenant). */
function dropUserCaches(client: QueryClient): void {
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
}

/** Delay before re-reading a tenant whose `updated` is older than one already seen (spec 1 §4). */
const TENANT_RETRY_MS = 2000;
const TENANT_RETRIES = 3;
let knownUpdated = 0;
/** The browser timezone is sent once per page load at most, counting only an accepted send. */
let timezoneSent = false;
/** The pages a sign-in lands on with its anti-forgery token in the address. */
const TOKEN_PAGES: ReadonlySet<string> = new Set(['/authcallback', '/login']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET /auth/config; null when it cannot be read (the sign-in screen still shows). */
export async function fetchConfig(): Promise<TAuthConfig | null> {
  try {
    return await api.call('GET /auth/config', undefined, { logoutOn401: false });
  } catch {
    return null;
  }
}

export function fetchProviders(): Promise<TAuthProviders> {
  return api.call('GET /auth/providers', undefined, { logoutOn401: false });
}

/** The browser's IANA time zone, UTC when it has none. */
export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * A sign-in by link is a full page load of /authcallback?xsrfToken=…: the start-up read of the
 * tenant runs before that page keeps the token, so it is taken from the address first. Without it
 * the first change (the new account's time zone) went out with no or a stale token and got 403.
 */
export function adoptAddressToken(): void {
  if (typeof window === 'undefined') return;
  const token = new URLSearchParams(window.location.search).get('xsrfToken');
  if (token && TOKEN_PAGES.has(window.location.pathname)) setXsrfToken(token);
}

/** Stores the browser's time zone for a user without one; the zone stored, or null. */
async function sendTimezone(): Promise<string | null> {
  if (timezoneSent || !getXsrfToken()) return null;
  const timezone = browserTimezone();
  try {
    await api.call('PUT /auth/tenant/timezone', { timezone });
    timezoneSent = true;
    return timezone;
  } catch {
    // Not stored: the next read of the tenant tries again.
    return null;
  }
}

/**
 * Housekeeping once a tenant is known: timezone and tenant switch. The interface language stays
 * the browser's or the stored choice (spec 1 §1); the profile screen stores a changed language.
 */
async function afterTenant(client: QueryClient, tenant: TTenant): Promise<TTenant> {
  const timezone = tenant.timezone ? null : await sendTimezone();
  const storedId = storage.get(STORAGE_KEYS.tenantId);
  if (storedId !== tenant.id) {
    if (storedId !== null) {
      clearHistory();
      dropUserCaches(client);
    }
    storage.set(STORAGE_KEYS.tenantId, tenant.id);
  }
  return timezone ? { ...tenant, timezone } : tenant;
}

/** GET /auth/tenant; null when nobody is signed in. Retries a read older than a known update. */
export async function fetchTenant(client: QueryClient): Promise<TTenant | null> {
  adoptAddressToken();
  for (let attempt = 0; ; attempt++) {
    const answer = await api.request('GET /auth/tenant', undefined, { logoutOn401: false });
    if (answer.status !== 200) {
      if (answer.status === 401) storage.remove(STORAGE_KEYS.xsrf);
      return null;
    }
    const tenant = answer.data as TTenant;
    const updated = Date.parse(tenant.updated) || 0;
    if (updated < knownUpdated && attempt < TENANT_RETRIES) {
      await sleep(TENANT_RETRY_MS);
      continue;
    }
    knownUpdated = Math.max(knownUpdated, updated);
    return afterTenant(client, tenant);
  }
}

/** Ends the session on this browser: local storage and the user's caches; the caller navigates. */
export function endLocalSession(client: QueryClient): void {
  clearLocalStorage();
  dropUserCaches(client);
  client.setQueryData(sessionKeys.tenant, null);
}

/** The product name shown in the interface. */
export function brandName(config: TAuthConfig | null): string {
  return config?.brand_name || config?.name || 'Parley';
}
