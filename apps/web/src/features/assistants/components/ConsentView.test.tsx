import type { TOAuthInteraction } from '@parley/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { providers, setUpTexts, stubFetch } from '../assistants.testkit';
import ConsentView from './ConsentView';

beforeAll(setUpTexts);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const REQUEST: TOAuthInteraction = {
  uid: 'uid-1',
  client: { id: 'alexa-skill', name: 'Alexa', kind: 'alexa', uri: null, logo_uri: null },
  scopes: ['ask', 'collections:read'],
  resource: null,
  redirect_host: 'layla.amazon.com',
};
const BASE = '/api/v1/oauth/interaction/uid-1';

function open(request: TOAuthInteraction | null, answer?: { status: number; body: unknown }) {
  const calls = stubFetch(({ method, url }) => {
    if (method === 'GET' && url === BASE)
      return request ? { status: 200, body: request } : { status: 404, body: { message: 'Not found' } };
    if (method === 'POST' && (url === `${BASE}/consent` || url === `${BASE}/deny`)) return answer;
    return undefined;
  });
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  const { wrap } = providers();
  render(wrap(<ConsentView uid="uid-1" client="alexa" email="demo@parley.local" />));
  return { calls, assign };
}

describe('ConsentView', () => {
  it('names the client, what it may do, the account and where the browser returns', async () => {
    open(REQUEST);
    expect((await screen.findByTestId('consent-client')).textContent).toBe('Link Alexa to your account');
    const lines = [...screen.getByTestId('consent-scopes').querySelectorAll('li')].map(
      (li) => li.textContent,
    );
    expect(lines).toEqual(['ask questions about your data sources', 'read your collections and their cards']);
    expect(screen.getByTestId('consent-host').textContent).toContain('layla.amazon.com');
    expect(screen.getByTestId('consent-view').textContent).toContain('Signed in as demo@parley.local');
    expect(screen.getByTestId('consent-view').textContent).toContain('Settings → Linked assistants');
  });

  it("explains the legacy email scope, and shows an MCP client's logo and home page", async () => {
    open({
      ...REQUEST,
      client: {
        id: 'https://claude.ai/oauth/metadata.json',
        name: 'Claude',
        kind: 'mcp',
        uri: 'https://claude.ai',
        logo_uri: 'https://claude.ai/logo.png',
      },
      scopes: ['email', 'email', 'profile'],
    });
    const logo = (await screen.findByRole('img', { name: 'Logo of Claude' })) as HTMLImageElement;
    expect(logo.src).toBe('https://claude.ai/logo.png');
    expect(screen.getByTestId('consent-view').textContent).toContain('https://claude.ai');
    const lines = [...screen.getByTestId('consent-scopes').querySelectorAll('li')].map(
      (li) => li.textContent,
    );
    expect(lines).toEqual([
      'ask questions about your data and read your collections, as you',
      'use the access “profile”',
    ]);
  });

  it('Allow posts the consent and follows the redirect', async () => {
    const next = 'http://localhost:3000/oauth/authorize/resume/uid-1';
    const { calls, assign } = open(REQUEST, { status: 200, body: { redirect: next } });
    fireEvent.click(await screen.findByTestId('consent-allow'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(next));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: `${BASE}/consent`, body: {} },
    ]);
    expect((screen.getByTestId('consent-deny') as HTMLButtonElement).disabled).toBe(true);
  });

  it('Deny posts the denial and follows its redirect back to the client', async () => {
    const back = 'https://layla.amazon.com/api/skill/link?error=access_denied&state=s1';
    const { calls, assign } = open(REQUEST, { status: 200, body: { redirect: back } });
    fireEvent.click(await screen.findByTestId('consent-deny'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(back));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`${BASE}/deny`]);
  });

  it('never follows a redirect that is not http(s)', async () => {
    const { calls, assign } = open(REQUEST, { status: 200, body: { redirect: 'javascript:alert(1)' } });
    const allow = await screen.findByTestId('consent-allow');
    fireEvent.click(allow);
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    // The answer is refused: the buttons come back, nothing was followed.
    await vi.waitFor(() => expect((allow as HTMLButtonElement).disabled).toBe(false));
    expect(allow.getAttribute('aria-busy')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says an unknown or expired request is gone, and how to start again at the assistant', async () => {
    const { calls } = open(null);
    const expired = await screen.findByTestId('consent-expired');
    expect(expired.textContent).toContain('This request has expired');
    expect(expired.textContent).toContain('In the Alexa app, open the skill and choose Link account again.');
    expect(screen.getByTestId('consent-home').getAttribute('href')).toBe('/');
    expect(screen.queryByTestId('consent-allow')).toBeNull();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('says so when the request expires while the user decides', async () => {
    open(REQUEST, { status: 404, body: { message: 'Not found' } });
    fireEvent.click(await screen.findByTestId('consent-allow'));
    expect((await screen.findByTestId('consent-expired')).textContent).toContain('This request has expired');
  });
});
