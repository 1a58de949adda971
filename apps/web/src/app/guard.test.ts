import { describe, expect, it } from 'vitest';
import { decideAccess, type GuardInput, type RouteHandle } from './guard';

const dashboard: RouteHandle = { name: 'dashboard', access: 'signed-in' };
const collections: RouteHandle = { name: 'collections', access: 'signed-in', feature: 'COLLECTIONS' };
const login: RouteHandle = { name: 'login', access: 'public' };
const tenant = {
  email: 'ada@example.com',
  features: ['COLLECTIONS' as const],
  flags: { oc: true, rc: true },
};

const input = (over: Partial<GuardInput>): GuardInput => ({
  pathname: '/',
  search: '',
  handle: dashboard,
  bootstrapped: true,
  tenant,
  ...over,
});

describe('decideAccess', () => {
  it('follows a redirect parameter except on /authcallback', () => {
    expect(decideAccess(input({ search: '?redirect=/collections' }))).toEqual({
      type: 'redirect',
      to: '/collections',
    });
    expect(
      decideAccess(input({ pathname: '/authcallback', search: '?redirect=/x', handle: login, tenant: null })),
    ).toEqual({ type: 'render' });
  });
  it('never follows a redirect off-site', () => {
    expect(decideAccess(input({ search: '?redirect=//evil.example' }))).toEqual({ type: 'render' });
    expect(decideAccess(input({ search: '?redirect=https://evil.example' }))).toEqual({ type: 'render' });
  });
  it('waits for bootstrap, then sends visitors without an e-mail to /login', () => {
    expect(decideAccess(input({ bootstrapped: false, tenant: null }))).toEqual({ type: 'wait' });
    expect(decideAccess(input({ tenant: null }))).toEqual({ type: 'redirect', to: '/login' });
  });
  it('sends users without the feature or not on the list to /', () => {
    expect(decideAccess(input({ handle: collections }))).toEqual({ type: 'render' });
    expect(decideAccess(input({ handle: { ...collections, feature: 'CONVERSATIONS' } }))).toEqual({
      type: 'redirect',
      to: '/',
    });
    expect(decideAccess(input({ handle: { ...dashboard, users: ['bob@example.com'] } }))).toEqual({
      type: 'redirect',
      to: '/',
    });
    expect(decideAccess(input({ handle: { ...dashboard, users: ['ADA@example.com'] } }))).toEqual({
      type: 'render',
    });
  });
  it('sends an incomplete registration to /onboarding and a complete one away from it', () => {
    const fresh = { ...tenant, flags: { oc: false, rc: false } };
    expect(decideAccess(input({ tenant: fresh }))).toEqual({ type: 'redirect', to: '/onboarding' });
    const onboarding: RouteHandle = { name: 'onboarding', access: 'signed-in', layout: 'bare' };
    expect(decideAccess(input({ tenant: fresh, handle: onboarding }))).toEqual({ type: 'render' });
    expect(decideAccess(input({ handle: onboarding }))).toEqual({ type: 'redirect', to: '/' });
  });
  it('renders public pages at once and brings a signed-in visitor on from /login', () => {
    expect(decideAccess(input({ handle: login, bootstrapped: false, tenant: null }))).toEqual({
      type: 'render',
    });
    expect(decideAccess(input({ handle: login }))).toEqual({ type: 'redirect', to: '/' });
    expect(decideAccess(input({ handle: login, search: '?xsrfToken=abc' }))).toEqual({ type: 'render' });
  });
  it("keeps a signed-in visitor on /login when an assistant's request waits for consent", () => {
    const search = '?client=alexa&client_id=alexa-skill&interaction=uid-1';
    expect(decideAccess(input({ handle: login, search }))).toEqual({ type: 'render' });
    // Old-style assistant parameters, with no request waiting, bring the visitor on as before.
    expect(decideAccess(input({ handle: login, search: '?client=alexa&client_id=alexa-skill' }))).toEqual({
      type: 'redirect',
      to: '/',
    });
  });
  it('sends unknown routes to /login', () => {
    expect(decideAccess(input({ handle: null }))).toEqual({ type: 'redirect', to: '/login' });
  });
});
