import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { subscribeToasts, type Toast } from '../../../lib/toast';
import { stubMatchMedia, stubResizeObserver } from '../../../ui/ui.testkit';
import type { Source } from '../datasources';
import { LearnedWords } from './LearnedWords';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('../i18n');
  stubMatchMedia();
  stubResizeObserver();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const word = (id: string, w: string, meaning: string, datasource_id: string) => ({
  id,
  word: w,
  meaning,
  target: { type: 'measure', name: meaning.toLowerCase() },
  datasource_id,
  created_at: '2026-11-20T12:00:00.000Z',
});

const DEMO: Source = {
  id: 'demo',
  type: 'DEMO',
  name: 'Demo data',
  logo: '',
  auth_type: 'builtin',
  active: true,
  revoked: false,
  selected_account: null,
  accounts: {},
  user: 'demo@parley.local',
  default: true,
  created: '2026-11-20T12:00:00.000Z',
};

function setup(lists: unknown[][]) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url });
      if (method === 'GET' && url === '/features/synonyms') return json(200, lists.shift() ?? []);
      if (method === 'DELETE' && url.startsWith('/features/synonym?')) return json(200, {});
      return json(401, { message: 'no session in this test' });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <LearnedWords source={DEMO} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { calls };
}

describe('LearnedWords', () => {
  it("lists the source's words with their meaning, and forgets one after confirming", async () => {
    const toasts: Toast[][] = [];
    const stop = subscribeToasts((t) => toasts.push([...t]));
    const { calls } = setup([
      [word('w1', 'haul', 'Revenue', 'demo'), word('w2', 'gizmo', 'Orders', 'other-source')],
      [],
    ]);
    const row = await screen.findByTestId('ds-word');
    expect(row.textContent).toContain('haul');
    expect(row.textContent).toContain('Revenue');
    // Another source's word is on that source's card, not this one.
    expect(screen.queryByText('gizmo')).toBeNull();

    fireEvent.click(screen.getByLabelText('Forget “haul”'));
    expect((await screen.findByText(/Forget that “haul” means Revenue\?/)).textContent).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('ds-word-confirm'));

    await screen.findByTestId('ds-words-none');
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/features/synonym?id=w1');
    expect(toasts.at(-1)?.map((t) => [t.type, t.message])).toContainEqual(['success', '“haul” forgotten.']);
    stop();
  });

  it('says so when the source has no learned words', async () => {
    setup([[word('w2', 'gizmo', 'Orders', 'other-source')]]);
    expect((await screen.findByTestId('ds-words-none')).textContent).toMatch(/^No learned words yet\./);
  });
});
