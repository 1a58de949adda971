import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../ui/ui.testkit';
import { READS_SOURCES } from './datasource-keys';
import { useCredentialMutation } from './useCredentialMutation';

beforeAll(async () => {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useCredentialMutation', () => {
  it('refetches every query that reads the sources (guide, starters, suggestions), and no other', async () => {
    stubFetch(() => ({ status: 200, body: { credentials: {} } }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    const readers = [['guide'], ['conversation', 'suggestions', null], ['collections', 'suggestions']];
    for (const queryKey of readers)
      await client.prefetchQuery({ queryKey, queryFn: async () => 'old', meta: READS_SOURCES });
    await client.prefetchQuery({ queryKey: ['collections', 'list'], queryFn: async () => 'list' });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCredentialMutation(async () => 'done', { failure: 'x' }), {
      wrapper,
    });
    await act(async () => {
      await result.current.mutateAsync(undefined);
    });
    for (const queryKey of readers)
      expect(client.getQueryState(queryKey)?.isInvalidated, String(queryKey)).toBe(true);
    expect(client.getQueryState(['collections', 'list'])?.isInvalidated).toBe(false);
  });
});
