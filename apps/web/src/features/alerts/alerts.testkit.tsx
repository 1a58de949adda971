/** Test support for the alert screens: the i18n, a routed fetch stub, the providers, sample alerts. */
import { MantineProvider } from '@mantine/core';
import type { TAlert, TSemanticQuery } from '@parley/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { stubMatchMedia } from '../../ui/ui.testkit';

/** i18next in en-US as the app sets it up (React escapes, i18next does not), with the texts used here. */
export async function setUpTexts(): Promise<void> {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({
      lng: 'en-US',
      fallbackLng: 'en-US',
      resources: {},
      interpolation: { escapeValue: false },
    });
  i18next.addResourceBundle('en-US', 'translation', (await import('../../i18n/locales/en-US')).default, true);
  await import('./i18n');
  stubMatchMedia();
}

export interface Call {
  method: string;
  url: string;
  body?: unknown;
}
export type Reply = { status: number; body: unknown };

/** Stubs fetch: each call goes to `route`; one it does not answer is a 500, so a stray call shows. */
export function stubFetch(route: (call: Call) => Reply | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: Call = { method: init.method ?? 'GET', url };
      if (typeof init.body === 'string') call.body = JSON.parse(init.body);
      calls.push(call);
      const reply = route(call) ?? { status: 500, body: { message: `unexpected ${call.method} ${url}` } };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** A fresh query client (no retries) and the providers a screen needs, with the path shown in `where`. */
export function providers(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const wrap = (children: ReactNode, path = '/') => (
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={[path]}>
          {children}
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>
  );
  return { client, wrap };
}

export const WEEKLY: TSemanticQuery = {
  measures: ['orders.revenue'],
  dimensions: [],
  filters: [],
  timeDimension: { field: 'orders.created_at', grain: 'week', range: { kind: 'last', unit: 'week', n: 12 } },
};

export const SOURCE = '3b241101-e2bb-4255-8caf-4136c566a962';

/** An alert as the server answers it. */
export function sampleAlert(over: Partial<TAlert> = {}): TAlert {
  return {
    id: '7f0c4b8e-4f57-4c8e-9d8a-2f1b6f0e9a11',
    phrase: 'revenue by week',
    datasource_id: SOURCE,
    query: WEEKLY,
    condition: { kind: 'change', op: 'down', value: 10, unit: 'percent', against: 'previous_period' },
    schedule: 'weekly',
    paused: false,
    snoozed_until: null,
    last_fired_at: null,
    ...over,
  };
}
