import { createTheme, MantineProvider } from '@mantine/core';
import type { TModelView } from '@parley/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia, stubResizeObserver } from '../../ui/ui.testkit';
import { sessionKeys } from '../session/session';
import ModelPage from './ModelPage';
import { VERIFIED, VERSIONS, VIEW } from './model-page.fixture';

// A whole Mantine page in jsdom: a few seconds per test on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('./i18n');
  stubMatchMedia();
  stubResizeObserver();
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// jsdom runs no CSS transitions, so a collapsing accordion panel would never open.
const THEME = createTheme({ components: { Accordion: { defaultProps: { transitionDuration: 0 } } } });

type Call = { method: string; url: string; body: unknown };
type Handler = (body: unknown) => Response;
const BASE = '/api/v1/datasource/pg1';
/** The model the mocked server holds now: a save or restore answers and becomes it. */
let current: TModelView = VIEW;
const becomes = (view: TModelView) => {
  current = view;
  return json(200, view);
};

/** Renders the page for source pg1; `routes` answer `METHOD /path` (after the base) and record every call. */
function setup(routes: Record<string, Handler> = {}, features = ['ADMIN_MODELS'], view: TModelView = VIEW) {
  const calls: Call[] = [];
  current = view;
  const answers: Record<string, Handler> = {
    'GET /model': () => json(200, current),
    'GET /model/versions': () => json(200, VERSIONS),
    'GET /verified': () => json(200, VERIFIED),
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const body =
        typeof init.body === 'string' && init.body.startsWith('{') ? JSON.parse(init.body) : init.body;
      calls.push({ method, url, body });
      const handler = answers[`${method} ${url.replace(BASE, '')}`];
      return handler ? handler(body) : json(404, { message: `no route ${method} ${url}` });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKeys.config, {});
  client.setQueryData(sessionKeys.tenant, {
    features,
    credentials: { pg1: { name: 'Sales warehouse' } },
  });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test" theme={THEME}>
        <MemoryRouter initialEntries={['/user/datasources/pg1/model']}>
          <Routes>
            <Route path="/user/datasources/:id/model" element={<ModelPage />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const text = (el: Element | null | undefined) => el?.textContent ?? '';

const sent = (calls: Call[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url === `${BASE}${path}`);

/** Picks an option of a Mantine Select by its label and the option's text. */
function choose(scope: HTMLElement, label: string, option: string) {
  const input = within(scope)
    .getAllByLabelText(label)
    .find((el) => el.tagName === 'INPUT');
  if (!input) throw new Error(`no select labelled ${label}`);
  fireEvent.click(input);
  fireEvent.click(screen.getByRole('option', { name: option }));
}

describe('ModelPage', () => {
  it('renders the model view: name, version, tables, fields and the edits not applied', async () => {
    setup();
    expect(text(await screen.findByTestId('model-title'))).toContain('Model of Sales warehouse');
    await waitFor(() =>
      expect(text(screen.getByTestId('model-version'))).toMatch(/Version 3 · saved by Ada, 2 minutes ago/),
    );
    expect(screen.getAllByTestId('model-table').map((t) => t.dataset.table)).toEqual(['orders', 'customers']);
    fireEvent.click(screen.getByRole('button', { name: /Orders orders/ }));
    const fields = screen.getAllByTestId('model-field').map((f) => f.dataset.field);
    expect(fields).toEqual(expect.arrayContaining(['revenue', 'order_count', 'status', 'ordered_at']));
    expect(text(screen.getByTestId('model-disabled'))).toContain('column orders.discount is gone');
    expect(screen.getByTestId('model-save')).toHaveProperty('disabled', true);
    expect(text(screen.getByTestId('model-save-why'))).toContain('Nothing to save');
  });

  it('defines a measure and saves it as an overlay entry, after the impact preview', async () => {
    const calls = setup({
      'POST /model/preview': () => json(200, { broken: [], disabled: [] }),
      'PUT /model': (body) =>
        becomes({ ...VIEW, version: 4, overlay: (body as { overlay: TModelView['overlay'] }).overlay }),
    });
    fireEvent.click(await screen.findByTestId('model-define-measure'));
    const form = screen.getByTestId('model-measure-form');
    fireEvent.change(within(form).getByTestId('model-measure-label'), { target: { value: 'Paid revenue' } });
    choose(form, 'Column', 'amount');
    fireEvent.click(within(form).getByTestId('model-where-add'));
    const where = within(form).getByTestId('model-where');
    choose(where, 'Column', 'status');
    const values = within(where)
      .getAllByLabelText('Values')
      .find((el) => el.tagName === 'INPUT');
    if (!values) throw new Error('the values input is there');
    // The values offered are the column's samples.
    fireEvent.click(values);
    fireEvent.change(values, { target: { value: 'pa' } });
    fireEvent.click(screen.getByRole('option', { name: 'paid' }));
    fireEvent.click(within(form).getByTestId('model-measure-add'));

    expect(screen.getByTestId('model-definition').dataset.name).toBe('paid_revenue');
    fireEvent.click(screen.getByTestId('model-save'));
    await waitFor(() => expect(sent(calls, 'PUT', '/model')).toHaveLength(1));
    expect(sent(calls, 'POST', '/model/preview')).toHaveLength(1);
    const put = sent(calls, 'PUT', '/model')[0]?.body as {
      overlay: { measures: unknown[] };
      base_version: number;
    };
    expect(put.base_version).toBe(3);
    expect(put.overlay.measures).toEqual([
      {
        kind: 'aggregate',
        name: 'paid_revenue',
        label: 'Paid revenue',
        synonyms: [],
        format: 'number',
        table: 'orders',
        agg: 'sum',
        expr: { column: 'amount' },
        where: [{ table: 'orders', column: 'status', values: ['paid'] }],
      },
    ]);
    // Saved as version 4: the draft starts again from it, so there is nothing left to save.
    await waitFor(() => expect(text(screen.getByTestId('model-version'))).toMatch(/^Version 4/));
    expect(screen.getByTestId('model-save')).toHaveProperty('disabled', true);
  });

  it('shows the verified questions a save breaks and saves only once confirmed', async () => {
    const broken = [{ id: 'v1', phrase: 'revenue last month', reason: 'measure revenue is hidden' }];
    const calls = setup({
      'POST /model/preview': () => json(200, { broken, disabled: [] }),
      'PUT /model': (body) =>
        becomes({ ...VIEW, version: 4, overlay: (body as { overlay: TModelView['overlay'] }).overlay }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /Orders orders/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Turnover' }));
    fireEvent.click(screen.getByLabelText('Hidden from answers'));
    fireEvent.click(screen.getByTestId('model-save'));

    const list = await screen.findByTestId('model-impact-list');
    expect(text(list)).toContain('“revenue last month” — measure revenue is hidden');
    expect(sent(calls, 'PUT', '/model')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('model-impact-confirm'));
    await waitFor(() => expect(sent(calls, 'PUT', '/model')).toHaveLength(1));
    expect(sent(calls, 'PUT', '/model')[0]?.body).toMatchObject({
      confirm: true,
      base_version: 3,
      overlay: { fields: { revenue: { label: 'Turnover', hidden: true } } },
    });
  });

  it('shows the server’s message and broken list when a save is refused (409)', async () => {
    setup({
      'POST /model/preview': () => json(200, { broken: [], disabled: [] }),
      'PUT /model': () =>
        json(409, {
          message: 'The model changed since you opened it.',
          broken: [{ id: 'v1', phrase: 'revenue last month', reason: 'no such measure' }],
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /Orders orders/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Turnover' }));
    fireEvent.click(screen.getByLabelText('Hidden from answers'));
    fireEvent.click(screen.getByTestId('model-save'));
    const refused = await screen.findByTestId('model-refused');
    expect(text(refused)).toContain('The model changed since you opened it.');
    expect(text(refused)).toContain('“revenue last month” — no such measure');
  });

  it('restores a version through its endpoint after confirming, and undoes the last save', async () => {
    const calls = setup({
      'POST /model/versions/2/restore': () => becomes({ ...VIEW, version: 4 }),
    });
    const item = (await screen.findAllByTestId('model-version-item')).find((v) => v.dataset.version === '2');
    if (!item) throw new Error('version 2 is listed');
    fireEvent.click(within(item).getByRole('button', { name: 'Changes' }));
    expect(within(item).getByText('+ measure Net revenue').className).toBe('model-diff-add');
    fireEvent.click(within(item).getByTestId('model-version-restore'));
    expect(sent(calls, 'POST', '/model/versions/2/restore')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('model-restore-modal-confirm'));
    await waitFor(() => expect(sent(calls, 'POST', '/model/versions/2/restore')).toHaveLength(1));
    await waitFor(() => expect(text(screen.getByTestId('model-version'))).toMatch(/Version 4/));

    fireEvent.click(screen.getByTestId('model-undo'));
    fireEvent.click(screen.getByTestId('model-undo-modal-confirm'));
    await waitFor(() => expect(calls.some((c) => c.url === `${BASE}/model/versions/3/restore`)).toBe(true));
  });

  it('imports dbt files and lists what was not mapped with the reasons', async () => {
    const calls = setup({
      'POST /model/dbt': () => {
        // The import saved version 4: the page reads the model again, and the result stays on screen.
        current = { ...VIEW, version: 4 };
        return json(200, {
          version: 4,
          mapped: [{ kind: 'semantic_model', name: 'orders' }],
          unmapped: [
            { kind: 'metric', name: 'cumulative_revenue', reason: 'cumulative metrics are not supported' },
          ],
        });
      },
    });
    await screen.findByTestId('model-title');
    const inputs = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
    const dbtInput = [...inputs].find((i) => i.multiple);
    if (!dbtInput) throw new Error('the dbt file input is there');
    const file = new File(['semantic_models: []'], 'orders.yml', { type: 'text/yaml' });
    fireEvent.change(dbtInput, { target: { files: [file] } });

    await waitFor(() => expect(text(screen.getByTestId('model-version'))).toMatch(/^Version 4/));
    const unmapped = await screen.findByTestId('model-dbt-unmapped');
    expect(text(unmapped)).toContain('Metric cumulative_revenue — cumulative metrics are not supported');
    expect(text(screen.getByTestId('model-dbt-mapped'))).toContain('Semantic model orders');
    expect(sent(calls, 'POST', '/model/dbt')[0]?.body).toEqual({
      files: [{ name: 'orders.yml', content: 'semantic_models: []' }],
    });
  });

  it('shows the line message of a refused YAML import', async () => {
    setup({ 'PUT /model.yaml': () => json(400, { message: 'line 4: measures must be a list' }) });
    await screen.findByTestId('model-title');
    const yamlInput = [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')].find(
      (i) => !i.multiple,
    );
    if (!yamlInput) throw new Error('the YAML file input is there');
    fireEvent.change(yamlInput, { target: { files: [new File(['x: 1'], 'model.yaml')] } });
    expect(text(await screen.findByTestId('model-yaml-error'))).toContain('line 4: measures must be a list');
  });

  it('reads a tried phrase as chips with the model’s labels', async () => {
    const calls = setup({
      'POST /model/try': () =>
        json(200, {
          query: {
            measures: ['revenue'],
            dimensions: ['role'],
            filters: [{ field: 'role', op: 'in', values: ['AG'] }],
            timeDimension: { field: 'ordered_at', range: { kind: 'last', unit: 'month', n: 1 } },
            compare: 'previous_year',
          },
        }),
    });
    fireEvent.change(await screen.findByTestId('model-try-input'), {
      target: { value: 'agent turnover last month' },
    });
    fireEvent.click(screen.getByTestId('model-try-submit'));
    const chips = await screen.findByTestId('model-try-chips');
    expect([...chips.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Measure Turnover',
      'By Role',
      'Filter Role is Agent',
      'Period Order date: last month',
      'Compared with the previous year',
    ]);
    expect(sent(calls, 'POST', '/model/try')[0]?.body).toMatchObject({ phrase: 'agent turnover last month' });
  });

  it('removes a saved field edit only with ADMIN_MODELS_DELETE, and an unsaved one always', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: /Orders orders/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Turnover' }));
    // "Turnover" is a saved label: taking it away needs the delete right.
    expect(screen.queryByTestId('model-field-reset')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Orders' }));
    const hide = screen.getAllByLabelText('Hidden from answers').at(-1);
    if (!hide) throw new Error('the hide switch is there');
    fireEvent.click(hide);
    expect(screen.getByTestId('model-save')).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByTestId('model-field-reset'));
    expect(screen.getByTestId('model-save')).toHaveProperty('disabled', true);
  });

  it('hides delete buttons without ADMIN_MODELS_DELETE and shows them with it', async () => {
    setup();
    expect(text(await screen.findByTestId('model-verified-item'))).toContain('measure revenue is hidden');
    expect(screen.queryByTestId('model-verified-delete')).toBeNull();
    cleanup();
    const calls = setup({ 'DELETE /verified/v1': () => json(200, {}) }, [
      'ADMIN_MODELS',
      'ADMIN_MODELS_DELETE',
    ]);
    fireEvent.click(await screen.findByTestId('model-verified-delete'));
    await waitFor(() => expect(sent(calls, 'DELETE', '/verified/v1')).toHaveLength(1));
  });
});
