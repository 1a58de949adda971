import { MantineProvider } from '@mantine/core';
import type { TNotifications } from '@parley/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../ui/ui.testkit';
import { NotificationsMenu } from './NotificationsMenu';

beforeAll(async () => {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  i18next.addResourceBundle('en-US', 'translation', (await import('../../i18n/locales/en-US')).default, true);
  await import('./i18n');
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const item = (id: string, read: boolean, link: string | null) => ({
  id,
  kind: 'verified_broken',
  title: `Verified question broke ${id}`,
  text: '“revenue by region” no longer compiles.',
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  read,
  link,
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function setup(list: TNotifications, older: TNotifications['items'] = []) {
  let current = list;
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      if (method === 'GET' && url.includes('before=')) return json({ unread: current.unread, items: older });
      if (method === 'GET') return json(current);
      const ids: string[] = body.all ? current.items.map((i) => i.id) : body.ids;
      current = {
        items: current.items.map((i) => (ids.includes(i.id) ? { ...i, read: true } : i)),
        unread: 0,
      };
      current.unread = current.items.filter((i) => !i.read).length;
      return json({ unread: current.unread });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/conversation']}>
          <NotificationsMenu />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return calls;
}

describe('NotificationsMenu', () => {
  it('shows the unread count, reads the list again on open, and opening an item marks it read and follows its link', async () => {
    const calls = setup({
      unread: 2,
      items: [
        item('n1', false, '/user/datasources/src1/model'),
        item('n2', false, null),
        item('n3', true, null),
      ],
    });
    expect((await screen.findByTestId('notifications-badge')).textContent).toBe('2');
    const button = screen.getByRole('button', { name: 'Notifications, 2 unread' });
    const gets = () => calls.filter((c) => c.method === 'GET').length;
    expect(gets()).toBe(1);
    fireEvent.click(button);
    await vi.waitFor(() => expect(gets()).toBe(2));
    const rows = await screen.findAllByTestId('notification-item');
    expect(rows.map((r) => r.hasAttribute('data-unread'))).toEqual([true, true, false]);
    expect(rows[0].textContent).toContain('Verified question broke n1');
    expect(rows[0].textContent).toContain('5 minutes ago');

    fireEvent.click(rows[0]);
    await vi.waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/user/datasources/src1/model'),
    );
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/features/notifications/read',
      body: { ids: ['n1'] },
    });
    expect(screen.getByTestId('notifications-badge').textContent).toBe('1');
  });

  it('marks all read, and the badge goes', async () => {
    const calls = setup({ unread: 2, items: [item('n1', false, null), item('n2', false, null)] });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    fireEvent.click(await screen.findByTestId('notifications-mark-all'));
    await vi.waitFor(() => expect(screen.queryByTestId('notifications-badge')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ all: true }]);
    expect(screen.getAllByTestId('notification-item').every((r) => !r.hasAttribute('data-unread'))).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it("keeps today's empty text when there is nothing", async () => {
    setup({ unread: 0, items: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect((await screen.findByTestId('notifications-empty')).textContent).toBe(
      'There are no notifications.',
    );
  });

  it('reads the count again every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = setup({ unread: 0, items: [] });
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(60_000);
      await vi.waitFor(() => expect(calls).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens an alert notice on its card', async () => {
    const alert = {
      ...item('a1', false, '/collection/c1/q1'),
      kind: 'alert',
      title: 'Revenue is down 14% week on week',
      text: 'Largest drop: region North (−9,200).',
    };
    const calls = setup({ unread: 1, items: [alert] });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const row = await screen.findByTestId('notification-item');
    expect(row.getAttribute('data-kind')).toBe('alert');
    expect(row.textContent).toContain('Revenue is down 14% week on week');
    fireEvent.click(row);
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/collection/c1/q1'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ ids: ['a1'] }]);
    await vi.waitFor(() => expect(screen.queryByTestId('notifications-badge')).toBeNull());
  });

  it('pages older notices 20 at a time, before the oldest shown, until a short page', async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, 0) - minutes * 60_000).toISOString();
    const first = Array.from({ length: 20 }, (_, i) => ({ ...item(`n${i}`, true, null), created_at: at(i) }));
    const older = [{ ...item('old1', false, null), created_at: at(100) }];
    const calls = setup({ unread: 1, items: first }, older);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(20);
    fireEvent.click(screen.getByTestId('notifications-more'));
    await vi.waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(21));
    expect(calls.filter((c) => c.url.includes('before=')).map((c) => c.url)).toEqual([
      `/features/notifications?before=${encodeURIComponent(at(19))}`,
    ]);
    // A page shorter than 20 was the last.
    expect(screen.queryByTestId('notifications-more')).toBeNull();
  });

  it('offers no older page under a first page of 20', async () => {
    setup({ unread: 0, items: [item('n1', true, null)] });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    await screen.findByTestId('notification-item');
    expect(screen.queryByTestId('notifications-more')).toBeNull();
  });
});
