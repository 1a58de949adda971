/** Test support for the assistants screens: the i18n, a routed fetch stub, the providers. */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
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

type Reply = { status: number; body: unknown };
type Route = (call: Call) => Reply | undefined;

/** Stubs fetch: each call goes to `route`; one it does not answer is a 500, so a stray call shows. */
export function stubFetch(route: Route): Call[] {
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

/** A fresh query client (no retries) and the providers a screen needs. */
export function providers(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const wrap = (children: ReactNode, path = '/') => (
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>
  );
  return { client, wrap };
}
