import { MantineProvider } from '@mantine/core';
import type { TNotifications } from '@parley/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECENT_NOTICES, RecentNotices } from './RecentNotices';

beforeAll(async () => {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  i18next.addResourceBundle('en-US', 'translation', (await import('../../i18n/locales/en-US')).default, true);
  await import('./i18n');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const notice = (id: string, kind: string, link: string | null) => ({
  id,
  kind,
  title: `Notice ${id}`,
  text: 'Revenue is down 14% week on week.',
  created_at: new Date(Date.now() - 3600_000).toISOString(),
  read: false,
  link,
});

function show(list: TNotifications) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      if (init.method === 'POST') posts.push(JSON.parse(String(init.body)));
      const body = init.method === 'POST' ? { unread: 0 } : list;
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/']}>
          <RecentNotices />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return posts;
}

describe('the dashboard’s alerts and events', () => {
  it('shows the newest notices, not “no notifications”, and an alert opens its card', async () => {
    const items = Array.from({ length: 7 }, (_, i) => notice(`a${i}`, 'alert', `/collection/c1/q${i}`));
    const posts = show({ unread: 7, items });
    const rows = await screen.findAllByTestId('notification-item');
    expect(rows).toHaveLength(RECENT_NOTICES);
    expect(rows[0].textContent).toContain('Notice a0');
    expect(screen.queryByTestId('recent-notices-empty')).toBeNull();
    fireEvent.click(rows[1]);
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/collection/c1/q1'));
    expect(posts).toEqual([{ ids: ['a1'] }]);
  });

  it('says there are none only when there are none', async () => {
    show({ unread: 0, items: [] });
    expect((await screen.findByTestId('recent-notices-empty')).textContent).toBe(
      'There are no notifications.',
    );
  });
});
