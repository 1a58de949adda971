import type { TCard, TSemanticQuery } from '@parley/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { subscribeToasts, type Toast } from '../../lib/toast';
import { initTestI18n, json, Providers, stubFetch } from './cards.testkit';
import { ExportDialog } from './ExportDialog';
import { RememberThis } from './RememberThis';
import type { ChipChange } from './understood';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const QUERY: TSemanticQuery = {
  measures: ['revenue'],
  dimensions: ['region'],
  filters: [],
  timeDimension: { field: 'ordered_at', range: { kind: 'last', unit: 'month', n: 1 } },
};

const CHANGE: ChipChange = {
  phrase: 'haul by region last month',
  sourceId: 'src1',
  query: QUERY,
  choice: 'Revenue',
  teach: { type: 'measure', name: 'revenue' },
  word: 'haul by',
};

function watchToasts() {
  const seen: Toast[] = [];
  const stop = subscribeToasts((list) => seen.push(...list));
  return { last: () => seen.at(-1), stop };
}

describe('RememberThis', () => {
  it('teaches the word the user edits as a synonym of the chosen part', async () => {
    const calls = stubFetch((method, url) =>
      method === 'POST' && url === '/features/synonyms' ? json(200, {}) : json(404, {}),
    );
    const toasts = watchToasts();
    render(
      <Providers>
        <RememberThis change={CHANGE} />
      </Providers>,
    );
    const input = screen.getByLabelText('Word') as HTMLInputElement;
    expect(input.value).toBe('haul by');
    fireEvent.change(input, { target: { value: 'haul' } });
    const teach = screen.getByTestId('remember-teach');
    expect(teach.textContent).toBe('Teach “haul” = Revenue');
    fireEvent.click(teach);
    await vi.waitFor(() => expect(toasts.last()?.message).toBe('“haul” now means Revenue.'));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/features/synonyms',
        body: { datasource_id: 'src1', word: 'haul', target: { type: 'measure', name: 'revenue' } },
      },
    ]);
    expect(toasts.last()?.type).toBe('success');
    expect((screen.getByTestId('remember-teach') as HTMLButtonElement).disabled).toBe(true);
    toasts.stop();
  });

  it("verifies the original phrase as the new reading, and shows the server's refusal", async () => {
    const calls = stubFetch(() => json(400, { message: 'This query does not compile on Shop DB.' }));
    const toasts = watchToasts();
    render(
      <Providers>
        <RememberThis change={{ ...CHANGE, teach: undefined }} />
      </Providers>,
    );
    // A period or comparison change names no part of the model: nothing to teach, only to verify.
    expect(screen.queryByTestId('remember-teach')).toBeNull();
    fireEvent.click(screen.getByTestId('remember-verify'));
    await vi.waitFor(() => expect(toasts.last()?.message).toBe('This query does not compile on Shop DB.'));
    expect(toasts.last()?.type).toBe('error');
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/v1/datasource/src1/verified',
        body: { phrases: ['haul by region last month'], query: QUERY },
      },
    ]);
    toasts.stop();
  });
});

const CARD: TCard = {
  title: 'Revenue by region',
  text: '',
  date: '2026-11-27T10:42:00.000Z',
  table: [],
  columns: [],
  chart: [],
  insights: [],
  query: { sql: 'select 1', semantic: QUERY },
  source: { id: 'src1', name: 'Shop DB' },
};

function renderMenu(card: TCard, phrase?: string) {
  render(
    <Providers>
      <ExportDialog
        opened
        onClose={() => undefined}
        card={card}
        view="table"
        phrase={phrase}
        getPng={async () => null}
      />
    </Providers>,
  );
}

describe("the card menu's “This is right — verify it”", () => {
  it("pins the card's phrase to its query", async () => {
    const calls = stubFetch(() =>
      json(200, {
        id: 'v1',
        phrases: ['revenue by region'],
        query: QUERY,
        author: 'Ada',
        created_at: '2026-11-27T10:43:00.000Z',
        status: 'ok',
        checked_at: null,
      }),
    );
    const toasts = watchToasts();
    renderMenu(CARD, 'revenue by region');
    const verify = await screen.findByTestId('export-verify');
    expect(verify.textContent).toBe('This is right — verify it');
    fireEvent.click(verify);
    await vi.waitFor(() => expect(toasts.last()?.type).toBe('success'));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/v1/datasource/src1/verified',
        body: { phrases: ['revenue by region'], query: QUERY },
      },
    ]);
    toasts.stop();
  });

  it('is not offered for a card without a source or without its phrase', async () => {
    stubFetch(() => json(404, {}));
    renderMenu({ ...CARD, source: undefined }, 'revenue by region');
    await screen.findByTestId('export-dialog');
    expect(screen.queryByTestId('export-verify')).toBeNull();
    cleanup();
    renderMenu(CARD);
    await screen.findByTestId('export-dialog');
    expect(screen.queryByTestId('export-verify')).toBeNull();
  });
});
