import type { FeatureKey, TTenant } from '@parley/contract';

/** Static facts about a route, read by the guard before its chunk loads. */
export interface RouteHandle {
  name: string;
  access: 'public' | 'signed-in';
  feature?: FeatureKey;
  /** Only these e-mails may open the route; everyone else goes to /. */
  users?: readonly string[];
  /** 'bare' pages (onboarding, help article) have no navigation. */
  layout?: 'shell' | 'bare';
}

export type GuardDecision = { type: 'render' } | { type: 'wait' } | { type: 'redirect'; to: string };

export interface GuardInput {
  pathname: string;
  search: string;
  handle: RouteHandle | null;
  bootstrapped: boolean;
  tenant: Pick<TTenant, 'email' | 'features' | 'flags'> | null;
}

/** A redirect target is only followed to a path on this site. */
export function safeRedirect(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The access guard of spec 1 §2.2 as a pure decision. */
export function decideAccess({ pathname, search, handle, bootstrapped, tenant }: GuardInput): GuardDecision {
  const params = new URLSearchParams(search);
  if (pathname !== '/authcallback') {
    const to = safeRedirect(params.get('redirect'));
    if (to) return { type: 'redirect', to };
  }
  if (!handle) return { type: 'redirect', to: '/login' };
  if (handle.access === 'public') {
    // A signed-in visitor of /login is brought on, unless the page is finishing a sign-in or an
    // assistant's request waits for the user's consent there.
    const finishing = params.has('xsrfToken') || params.has('interaction');
    if (handle.name === 'login' && bootstrapped && tenant?.email && !finishing) {
      return { type: 'redirect', to: '/' };
    }
    return { type: 'render' };
  }
  if (!bootstrapped) return { type: 'wait' };
  if (!tenant?.email) return { type: 'redirect', to: '/login' };
  const email = tenant.email.toLowerCase();
  if (handle.users && !handle.users.some((u) => u.toLowerCase() === email))
    return { type: 'redirect', to: '/' };
  if (handle.feature && !tenant.features.includes(handle.feature)) return { type: 'redirect', to: '/' };
  if (!tenant.flags.rc && handle.name !== 'onboarding') return { type: 'redirect', to: '/onboarding' };
  if (tenant.flags.rc && handle.name === 'onboarding') return { type: 'redirect', to: '/' };
  return { type: 'render' };
}
