import { MantineProvider } from '@mantine/core';
import type { TAccountKind } from '@parley/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enUS from '../../../i18n/locales/en-US';
import { stubMatchMedia } from '../../../ui/ui.testkit';
import { sessionKeys } from '../../session/session';
import type { Source } from '../datasources';
import { SourceCard } from './SourceCard';

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': { translation: enUS } } });
  await import('../i18n');
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PG: Source = {
  id: 'pg 1',
  type: 'POSTGRESQL',
  name: 'Sales warehouse',
  logo: '',
  auth_type: 'basic',
  active: true,
  revoked: false,
  selected_account: null,
  accounts: {},
  user: 'ada@example.com',
  default: false,
  created: '2026-11-20T12:00:00.000Z',
} as Source;

const PG_TYPE = {
  type: 'POSTGRESQL',
  name: 'PostgreSQL',
  logo: '',
  auth_type: 'basic',
  supports_accounts: true,
  accounts: 'schemas' as TAccountKind,
} as const;

interface Setup {
  typeInfo?: typeof PG_TYPE | null;
  source?: Source;
  /** Answers GET /api/v1/datasource/usage. */
  usage?: { cards: number; collections: { id: string; name: string; cards: number }[] };
  onConfirmDeactivate?: (target: unknown) => void;
}

function setup(features: string[], opts: Setup = {}) {
  const fetchMock = vi.fn(async (url: string) => {
    if (String(url).includes('/api/v1/datasource/usage'))
      return new Response(JSON.stringify(opts.usage ?? { cards: 0, collections: [] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    if (String(url).includes('/auth/tenant'))
      return new Response(JSON.stringify({ features, credentials: {} }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    return new Response(String(url).includes('deactivate') ? '{}' : '[]', {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKeys.config, {});
  client.setQueryData(sessionKeys.tenant, { features, credentials: {} });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <MemoryRouter>
          <SourceCard
            source={opts.source ?? PG}
            typeInfo={opts.typeInfo ?? null}
            onAddAccount={() => undefined}
            onDelete={() => undefined}
            onRename={() => undefined}
            onConfirmDeactivate={opts.onConfirmDeactivate ?? (() => undefined)}
          />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('SourceCard', () => {
  it('links to the model editor for users holding ADMIN_MODELS', () => {
    setup(['SETTINGS_DATASOURCE', 'ADMIN_MODELS']);
    const link = screen.getByTestId('ds-model');
    expect(link.getAttribute('href')).toBe('/user/datasources/pg%201/model');
    expect(link.getAttribute('aria-label')).toBe('Open the model of Sales warehouse');
  });

  it('names the account list for the source type, from its descriptor', () => {
    setup(['SETTINGS_DATASOURCE'], { typeInfo: PG_TYPE });
    expect(screen.getByTestId('ds-accounts-title').textContent).toBe('Schemas');
    expect(screen.getByTestId('ds-add-account').textContent).toBe('Add schema');
  });

  it('names the empty list and the remove button for the kind of account, in each language', async () => {
    setup(['SETTINGS_DATASOURCE'], { typeInfo: PG_TYPE });
    expect(screen.getByTestId('ds-accounts-none').textContent).toBe(
      'No schema chosen yet. Add one to ask questions about this source.',
    );
    cleanup();
    const withSales = {
      ...PG,
      accounts: { a1: { id: 'a1', account_id: 'sales', name: 'sales' } },
    } as unknown as Source;
    setup(['SETTINGS_DATASOURCE'], { typeInfo: PG_TYPE, source: withSales });
    expect(screen.getByTestId('ds-account-remove').getAttribute('aria-label')).toBe('Remove schema sales');
    cleanup();
    await i18next.changeLanguage('tr');
    try {
      setup(['SETTINGS_DATASOURCE'], { typeInfo: { ...PG_TYPE, accounts: 'surveys' }, source: withSales });
      expect(screen.getByTestId('ds-account-remove').getAttribute('aria-label')).toBe(
        'sales anketini kaldır',
      );
      cleanup();
      setup(['SETTINGS_DATASOURCE'], { typeInfo: { ...PG_TYPE, accounts: 'databases' } });
      expect(screen.getByTestId('ds-accounts-none').textContent).toBe(
        'Henüz veritabanı seçilmedi. Bu kaynak hakkında soru sormak için bir veritabanı ekleyin.',
      );
    } finally {
      await i18next.changeLanguage('en-US');
    }
  });

  it('asks before deactivating a source that collection cards read', async () => {
    const asked = vi.fn();
    const usage = { cards: 3, collections: [{ id: 'c1', name: 'Board', cards: 3 }] };
    const fetchMock = setup(['SETTINGS_DATASOURCE'], { usage, onConfirmDeactivate: asked });
    fireEvent.click(screen.getByTestId('ds-deactivate'));
    await waitFor(() => expect(asked).toHaveBeenCalledWith({ source: PG, usage }));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/deactivate'))).toBe(false);
  });

  it('deactivates at once a source no card reads', async () => {
    const asked = vi.fn();
    const fetchMock = setup(['SETTINGS_DATASOURCE'], { onConfirmDeactivate: asked });
    fireEvent.click(screen.getByTestId('ds-deactivate'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/v1/datasource/deactivate')),
      ).toBe(true),
    );
    expect(asked).not.toHaveBeenCalled();
  });

  it('shows no model link without ADMIN_MODELS', () => {
    setup(['SETTINGS_DATASOURCE']);
    expect(screen.queryByTestId('ds-model')).toBeNull();
  });
});
