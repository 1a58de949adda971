import type { TSemanticQuery } from '@parley/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChipChange } from '../../cards';
import { useConversation } from './useConversation';

beforeAll(async () => {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const QUERY: TSemanticQuery = { measures: ['revenue'], dimensions: [], filters: [] };

describe('useConversation.requery', () => {
  it("re-asks the item's words as the chosen reading on the card's source, as the next item carrying the change", async () => {
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        if ((init.method ?? 'GET') === 'GET') return json({ items: [], has_more: false });
        const body = JSON.parse(String(init.body));
        posts.push(body);
        return json({ responses: [{ phrase: body.phrase, text: 'Revenue was $10.' }] });
      }),
    );
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    // The picker's source is another one: a chip change stays on the card's own.
    const { result } = renderHook(() => useConversation('picked-source'), { wrapper });
    await vi.waitFor(() => expect(result.current.ready).toBe(true));
    const change: ChipChange = {
      phrase: 'haul last month',
      sourceId: 'src1',
      query: QUERY,
      choice: 'Revenue',
      teach: { type: 'measure', name: 'revenue' },
      word: 'haul',
    };
    await act(async () => {
      await result.current.requery(change);
    });
    expect(posts).toEqual([
      { phrase: 'haul last month', created: expect.any(Number), datasource_id: 'src1', query: QUERY },
    ]);
    const [item] = result.current.items;
    expect(item).toMatchObject({ phrase: 'haul last month', loading: false, error: null, change });
    expect(item.responses[0].text).toBe('Revenue was $10.');
  });
});
