/** Test support for the alert screens: the i18n, a routed fetch stub, the providers, sample alerts. */
import { MantineProvider } from '@mantine/core';
import type { TAlert, TSemanticQuery } from '@parley/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { setUpAppTexts } from '../../ui/ui.testkit';

/** i18next in en-US as the app sets it up, with this feature's texts. */
export const setUpTexts = () => setUpAppTexts(() => import('./i18n'));

export { type Call, type Reply, stubFetch } from '../../ui/ui.testkit';

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
