import type { TTenant } from '@parley/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { providers, setUpTexts, stubFetch } from '../assistants/assistants.testkit';
import { sessionKeys } from '../session/session';
import AuthPage from './AuthPage';

beforeAll(async () => {
  await setUpTexts();
  await import('./i18n');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const ALEXA =
  '/login?client=alexa&client_id=alexa-skill&redirect_uri=https%3A%2F%2Flayla.amazon.com%2Flink&state=s1&scope=email&response_type=code&interaction=uid-1';
const REQUEST = {
  uid: 'uid-1',
  client: { id: 'alexa-skill', name: 'Alexa', kind: 'alexa', uri: null, logo_uri: null },
  scopes: ['email'],
  resource: null,
  redirect_host: 'layla.amazon.com',
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const SIGNED_IN = {
  id: 'u1',
  email: 'demo@parley.local',
  timezone: 'Europe/Istanbul',
  features: [],
  flags: { oc: true, rc: true },
  updated: new Date().toISOString(),
};

function open(path: string, tenant: Partial<TTenant> | null) {
  const calls = stubFetch(({ method, url }) => {
    if (method === 'POST' && url === '/auth/loginwithpassword')
      return { status: 200, body: { xsrfToken: 'x1' } };
    if (url === '/auth/tenant') return { status: 200, body: SIGNED_IN };
    if (url === '/auth/providers')
      return { status: 200, body: { providers: ['password', 'google', 'magiclink'], signup: true } };
    if (method === 'GET' && url === '/api/v1/oauth/interaction/uid-1') return { status: 200, body: REQUEST };
    return undefined;
  });
  const { client, wrap } = providers();
  client.setQueryData(sessionKeys.config, null);
  client.setQueryData(sessionKeys.tenant, tenant);
  render(
    wrap(
      <Routes>
        <Route path="/login" element={<AuthPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      path,
    ),
  );
  return calls;
}

describe('AuthPage in assistant mode', () => {
  it('names the assistant and hides the magic link before sign-in', async () => {
    open(ALEXA, null);
    expect((await screen.findByTestId('login-title')).textContent).toBe('Sign in to link Alexa');
    await screen.findByTestId('login-google');
    expect(screen.queryByTestId('login-magic-link')).toBeNull();
  });

  it('keeps the assistant sign-in for the return from Google', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    open(ALEXA, null);
    fireEvent.click(await screen.findByTestId('login-google'));
    expect(assign).toHaveBeenCalledWith(expect.stringContaining('/auth/loginredirect'));
    const kept = JSON.parse(sessionStorage.getItem('assistantSignIn') ?? '{}');
    expect(kept.query).toContain('interaction=uid-1');
    vi.restoreAllMocks();
  });

  it('shows the consent view at once to a signed-in user', async () => {
    open(ALEXA, { email: 'demo@parley.local' } as TTenant);
    expect((await screen.findByTestId('consent-client')).textContent).toBe('Link Alexa to your account');
    expect(screen.getByTestId('auth-card').getAttribute('data-view')).toBe('consent');
    expect(screen.queryByTestId('view-login')).toBeNull();
  });

  it('ends a password sign-in on the consent view, the anti-forgery token kept and out of the address', async () => {
    const calls = open(ALEXA, null);
    fireEvent.change(await screen.findByTestId('login-email'), { target: { value: 'demo@parley.local' } });
    fireEvent.click(screen.getByTestId('login-continue'));
    fireEvent.change(await screen.findByTestId('login-password'), { target: { value: 'Demo-pass-123!' } });
    fireEvent.click(screen.getByTestId('login-continue'));
    expect((await screen.findByTestId('consent-client')).textContent).toBe('Link Alexa to your account');
    const login = calls.find((c) => c.url === '/auth/loginwithpassword');
    // The consent view replaces the old pass-on: no OAuth parameters go with the password.
    expect(login?.body).toEqual({ email: 'demo@parley.local', password: 'Demo-pass-123!' });
    expect(localStorage.getItem('xsrfToken')).toBe('x1');
  });

  it('shows the plain sign-in without an assistant, and forgets a stale kept one', async () => {
    sessionStorage.setItem('assistantSignIn', JSON.stringify({ query: 'client=alexa', at: Date.now() }));
    open('/login', null);
    expect((await screen.findByTestId('login-title')).textContent).toBe('Sign in');
    expect(await screen.findByTestId('login-magic-link')).toBeTruthy();
    expect(sessionStorage.getItem('assistantSignIn')).toBeNull();
  });
});
