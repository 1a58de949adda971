import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { route: string; body: unknown; xsrf: string | null }[] = [];
let refuse = false;

vi.mock('../../lib/api', async () => {
  const { getXsrfToken } = await import('../../lib/storage');
  return {
    api: {
      request: vi.fn(async () => ({ status: 200, data: tenant(), currentUser: 'new@example.com' })),
      // The server's rule: a change needs the session's anti-forgery token.
      call: vi.fn(async (route: string, body: unknown) => {
        calls.push({ route, body, xsrf: getXsrfToken() });
        if (refuse || getXsrfToken() !== 'fresh-token') throw new Error('403');
        return {};
      }),
    },
  };
});

function tenant() {
  return {
    id: 'u1',
    email: 'new@example.com',
    timezone: null,
    updated: new Date().toISOString(),
    features: [],
    flags: { oc: false, rc: false },
  };
}

async function freshSession() {
  vi.resetModules();
  return import('./session');
}

describe('the first read of a new account', () => {
  beforeEach(() => {
    calls.length = 0;
    refuse = false;
    localStorage.clear();
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('sends the time zone with the token of the link it arrived by, and keeps it', async () => {
    // A token left from an earlier session on this browser must not be the one sent.
    localStorage.setItem('xsrfToken', 'stale-token');
    window.history.replaceState(null, '', '/authcallback?xsrfToken=fresh-token');
    const { fetchTenant, browserTimezone } = await freshSession();
    const read = await fetchTenant(new QueryClient());
    expect(calls).toEqual([
      { route: 'PUT /auth/tenant/timezone', body: { timezone: browserTimezone() }, xsrf: 'fresh-token' },
    ]);
    expect(read?.timezone).toBe(browserTimezone());
  });

  it('does not send without a token, and tries again after a refusal', async () => {
    const { fetchTenant } = await freshSession();
    await fetchTenant(new QueryClient());
    expect(calls).toEqual([]);

    localStorage.setItem('xsrfToken', 'fresh-token');
    refuse = true;
    expect((await fetchTenant(new QueryClient()))?.timezone).toBeNull();
    refuse = false;
    expect((await fetchTenant(new QueryClient()))?.timezone).toBeTruthy();
    expect((await fetchTenant(new QueryClient()))?.timezone).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('ignores a token in the address of other pages', async () => {
    window.history.replaceState(null, '', '/collections?xsrfToken=fresh-token');
    const { fetchTenant } = await freshSession();
    await fetchTenant(new QueryClient());
    expect(localStorage.getItem('xsrfToken')).toBeNull();
    expect(calls).toEqual([]);
  });
});
