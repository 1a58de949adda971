import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enUS from '../../../i18n/locales/en-US';
import { sessionKeys } from '../../session/session';
import type { Source } from '../datasources';
import { SourceCard } from './SourceCard';

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': { translation: enUS } } });
  await import('../i18n');
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
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

function setup(features: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200 })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKeys.config, {});
  client.setQueryData(sessionKeys.tenant, { features, credentials: {} });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <MemoryRouter>
          <SourceCard source={PG} typeInfo={null} onAddAccount={() => undefined} onDelete={() => undefined} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('SourceCard', () => {
  it('links to the model editor for users holding ADMIN_MODELS', () => {
    setup(['SETTINGS_DATASOURCE', 'ADMIN_MODELS']);
    const link = screen.getByTestId('ds-model');
    expect(link.getAttribute('href')).toBe('/user/datasources/pg%201/model');
    expect(link.getAttribute('aria-label')).toBe('Open the model of Sales warehouse');
  });

  it('shows no model link without ADMIN_MODELS', () => {
    setup(['SETTINGS_DATASOURCE']);
    expect(screen.queryByTestId('ds-model')).toBeNull();
  });
});
