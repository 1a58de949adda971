import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { subscribeToasts, type Toast } from '../../../lib/toast';
import { stubMatchMedia, stubResizeObserver } from '../../../ui/ui.testkit';
import { AccountPicker, type PickerTarget } from './AccountPicker';

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

function setup(answerAdd: () => Response, opts: { kind?: PickerTarget['kind']; accounts?: unknown[] } = {}) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/v1/datasource/accounts'))
        return json(
          200,
          opts.accounts ?? [
            { id: 'public', name: 'public' },
            { id: 'sales', name: 'sales' },
          ],
        );
      if (url === '/api/v1/datasource/account') return answerAdd();
      return json(401, { message: 'no session in this test' });
    }),
  );
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <AccountPicker
          target={{ id: 'ds-1', type: 'POSTGRESQL', name: 'Pagila', added: ['sales'], kind: opts.kind }}
          onClose={onClose}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { calls, onClose };
}

describe('AccountPicker', () => {
  it('lists the accounts, marks added ones, and saves only a chosen account', async () => {
    const { calls, onClose } = setup(() => json(200, {}));
    await screen.findByLabelText('public');
    expect(calls[0].url).toBe('/api/v1/datasource/accounts?type=POSTGRESQL&datasource_id=ds-1');
    expect(screen.getByText('Added')).toBeTruthy();
    const save = screen.getByTestId('ds-account-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('public'));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.url === '/api/v1/datasource/account')?.body).toEqual({
      type: 'POSTGRESQL',
      datasource_id: 'ds-1',
      account: { id: 'public', name: 'public', type: 'POSTGRESQL', datasource_id: 'ds-1' },
    });
  });

  it("toasts 'Account Selection Failed!' and shows the server's reason on a refusal", async () => {
    const toasts: Toast[][] = [];
    const stop = subscribeToasts((t) => toasts.push([...t]));
    const { onClose } = setup(() => json(400, { message: 'Invalid Account!' }));
    fireEvent.click(await screen.findByLabelText('sales'));
    fireEvent.click(screen.getByTestId('ds-account-save'));
    expect((await screen.findByTestId('ds-account-error')).textContent).toBe('Invalid Account!');
    expect(toasts.at(-1)?.map((t) => [t.type, t.message])).toContainEqual([
      'error',
      'Account Selection Failed!',
    ]);
    expect(onClose).not.toHaveBeenCalled();
    stop();
  });

  it('names what it lists for the kind of account: the text, the loader and an empty list', async () => {
    setup(() => json(200, {}), { kind: 'schemas', accounts: [] });
    expect(screen.getByText('Pagila · Pick the schema whose tables questions should read.')).toBeTruthy();
    expect(screen.getByLabelText('Loading schemas')).toBeTruthy();
    expect((await screen.findByTestId('ds-account-empty')).textContent).toBe(
      'This source offers no schemas the user may read.',
    );
    cleanup();
    await i18next.changeLanguage('tr');
    try {
      setup(() => json(200, {}), { kind: 'properties', accounts: [] });
      expect(screen.getByText('Pagila · Soruların okuyacağı Google Analytics mülkünü seçin.')).toBeTruthy();
      expect((await screen.findByTestId('ds-account-empty')).textContent).toBe(
        'Bu hesabın okuyabileceği mülk yok.',
      );
    } finally {
      await i18next.changeLanguage('en-US');
    }
  });
});
