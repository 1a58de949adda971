/** Shared set-up of the cards' component tests: i18n, jsdom's missing APIs, a fetch stand-in, providers. */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { type ReactNode, useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import { stubMatchMedia } from '../../ui/ui.testkit';

export async function initTestI18n(): Promise<void> {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('./i18n');
  stubMatchMedia();
}

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs fetch with `answer` (by method and URL) and records every call with its parsed body. */
export function stubFetch(answer: (method: string, url: string, body: unknown) => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      return answer(method, url, body);
    }),
  );
  return calls;
}

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <MantineProvider env="test">{children}</MantineProvider>
    </QueryClientProvider>
  );
}
