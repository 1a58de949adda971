/** Test support for the assistants screens: the i18n, a routed fetch stub, the providers. */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { setUpAppTexts } from '../../ui/ui.testkit';

/** i18next in en-US as the app sets it up, with this feature's texts. */
export const setUpTexts = () => setUpAppTexts(() => import('./i18n'));

export { type Call, stubFetch } from '../../ui/ui.testkit';

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
