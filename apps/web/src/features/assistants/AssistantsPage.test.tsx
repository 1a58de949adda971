import type { TLinkedAssistant, TTenant } from '@parley/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../session/session';
import AssistantsPage from './AssistantsPage';
import { type Call, providers, setUpTexts, stubFetch } from './assistants.testkit';

beforeAll(async () => {
  await setUpTexts();
  await import('../settings/i18n');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TENANT = {
  id: 'u1',
  email: 'demo@parley.local',
  timezone: 'Europe/Istanbul',
  features: ['SETTINGS_PROFILE'],
  flags: { oc: true, rc: true },
} as unknown as TTenant;

const ALEXA: TLinkedAssistant = {
  id: 'a1',
  client: 'alexa-skill',
  kind: 'alexa',
  name: 'Alexa',
  scopes: ['email'],
  // 23:30 UTC is already the next day in Istanbul (UTC+3): the user's zone decides the date.
  created_at: '2026-03-01T23:30:00.000Z',
  last_used_at: null,
  digests: null,
};
const TEAMS: TLinkedAssistant = {
  id: 't1',
  client: 'msbot',
  kind: 'msbot',
  name: 'Microsoft Teams',
  scopes: ['ask', 'collections:read'],
  created_at: '2026-02-10T09:00:00.000Z',
  last_used_at: '2026-03-05T10:00:00.000Z',
  digests: false,
};

type Reply = { status: number; body: unknown };

/** The page over a stubbed server holding `links`; `put` answers the digests switch. */
function open(links: TLinkedAssistant[], put?: (call: Call) => Reply) {
  let current = links;
  const calls = stubFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/v1/assistants') return { status: 200, body: current };
    const id = call.url.split('/').pop();
    if (call.method === 'DELETE' && call.url.startsWith('/api/v1/assistants/')) {
      current = current.filter((l) => l.id !== id);
      return { status: 200, body: {} };
    }
    if (call.method === 'PUT' && put) return put(call);
    return undefined;
  });
  const { client, wrap } = providers();
  client.setQueryData(sessionKeys.config, null);
  client.setQueryData(sessionKeys.tenant, TENANT);
  client.setQueryData(['guide'], { assistant: { done: true, skipped: false, linked: 1 } });
  render(wrap(<AssistantsPage />, '/user/assistants'));
  return { calls, client };
}

const row = async (name: string) =>
  (await screen.findAllByTestId('assistant-row')).find(
    (r) => within(r).getByTestId('assistant-name').textContent === name,
  )!;

describe('Settings → Linked assistants', () => {
  it('lists each link: name, kind, scopes in words, linked and last used in the user’s zone', async () => {
    open([ALEXA, TEAMS]);
    const alexa = await row('Alexa');
    expect(alexa.getAttribute('data-kind')).toBe('alexa');
    expect(within(alexa).getByTestId('assistant-scopes').textContent).toBe(
      'May ask questions about your data and read your collections, as you.',
    );
    const dates = within(alexa).getByTestId('assistant-dates').textContent;
    expect(dates).toContain('Linked Mar 2, 2026');
    expect(dates).toContain('Not used yet');
    const teams = await row('Microsoft Teams');
    expect(within(teams).getByTestId('assistant-scopes').textContent).toBe(
      'May ask questions about your data sources; read your collections and their cards.',
    );
    expect(within(teams).getByTestId('assistant-dates').textContent).toContain('Last used Mar 5, 2026');
    // Only the Teams link delivers digests.
    expect(within(alexa).queryByTestId('assistant-digests')).toBeNull();
    expect(within(teams).getByTestId('assistant-digests')).toBeTruthy();
    expect(screen.getByTestId('settings-tab-assistants').getAttribute('href')).toBe('/user/assistants');
  });

  it('revokes after confirming; Escape closes the dialog and changes nothing', async () => {
    const { calls, client } = open([ALEXA, TEAMS]);
    fireEvent.click(within(await row('Alexa')).getByTestId('assistant-revoke'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Revoke Alexa?');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(await row('Alexa')).getByTestId('assistant-revoke'));
    fireEvent.click(await screen.findByTestId('assistant-revoke-modal-confirm'));
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('assistant-row').map((r) => r.getAttribute('data-id'))).toEqual(['t1']),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/v1/assistants/a1']);
    // Getting started counts links: its state is read again.
    expect(client.getQueryState(['guide'])?.isInvalidated).toBe(true);
  });

  it("turns a Teams chat's digests on", async () => {
    const { calls } = open([TEAMS], (call) => ({
      status: 200,
      body: { ...TEAMS, digests: (call.body as { digests: boolean }).digests },
    }));
    const toggle = within(await row('Microsoft Teams')).getByRole('switch') as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await vi.waitFor(() => expect(toggle.checked).toBe(true));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/v1/assistants/t1', body: { digests: true } },
    ]);
  });

  it('shows why digests cannot go to Teams yet (409: no chat with the bot)', async () => {
    const message = 'Say hello to the Parley bot in Teams first, so it has a chat to send to.';
    open([TEAMS], () => ({ status: 409, body: { message } }));
    const teams = await row('Microsoft Teams');
    const toggle = within(teams).getByRole('switch') as HTMLInputElement;
    fireEvent.click(toggle);
    expect((await within(teams).findByTestId('assistant-digests-error')).textContent).toBe(message);
    expect(toggle.checked).toBe(false);
  });

  it('explains how to link each assistant when none is linked', async () => {
    open([]);
    const empty = await screen.findByTestId('assistants-empty');
    expect(empty.textContent).toContain('No assistant is linked yet');
    expect(screen.getByTestId('assistants-how-alexa').textContent).toContain('Link account');
    expect(screen.getByTestId('assistants-how-msbot').textContent).toContain('say “sign in”');
    expect(screen.getByTestId('assistants-how-mcp').textContent).toContain(`${window.location.origin}/mcp`);
    expect(screen.queryByTestId('assistant-row')).toBeNull();
  });
});
