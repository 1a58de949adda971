import type { TCard, TModelView } from '@parley/contract';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, json, Providers, stubFetch } from './cards.testkit';
import { UnderstoodChips } from './UnderstoodChips';
import type { ChipChange } from './understood';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MODEL: TModelView = {
  version: 3,
  measures: [
    { name: 'orders', label: 'Orders', synonyms: [], format: 'number', kind: 'count' },
    { name: 'revenue', label: 'Revenue', synonyms: [], format: 'currency', kind: 'sum' },
    { name: 'refunds', label: 'Refunds', synonyms: [], format: 'currency', kind: 'sum' },
  ],
  dimensions: [{ name: 'region', label: 'Region', synonyms: [], values: ['EMEA', 'APAC'] }],
  timeDimensions: [{ name: 'ordered_at', label: 'Order date' }],
  tables: [],
  joins: [],
};

const CARD: TCard = {
  title: 'Orders last month',
  text: 'Understood: haul last month',
  date: '2026-11-27T10:42:00.000Z',
  table: [{ Orders: 12 }],
  columns: [{ key: 'Orders', label: 'Orders', kind: 'measure', format: 'number' }],
  chart: [],
  insights: [],
  query: {
    sql: 'select count(*) from orders',
    semantic: {
      measures: ['orders'],
      dimensions: [],
      filters: [],
      timeDimension: { field: 'ordered_at', range: { kind: 'last', unit: 'month', n: 1 } },
    },
  },
  period: { from: '2026-10-01', to: '2026-10-31', label: 'last month', partial: false },
  source: { id: 'src1', name: 'Shop DB' },
};

function setup(cards: TCard[], onRequery?: (change: ChipChange) => void) {
  const calls = stubFetch((method, url) =>
    method === 'GET' && url === '/api/v1/datasource/src1/model' ? json(200, MODEL) : json(404, {}),
  );
  render(
    <Providers>
      {cards.map((card, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of test cards
        <UnderstoodChips key={i} card={card} phrase="haul last month" onRequery={onRequery} />
      ))}
    </Providers>,
  );
  return calls;
}

const menuItems = () => within(screen.getByRole('menu')).getAllByRole('menuitem');

describe('UnderstoodChips', () => {
  it("shows the card's parts with the exact period and the source's freshness, reading the model once per source", async () => {
    const calls = setup([CARD, { ...CARD, title: 'again' }], vi.fn());
    const [measure] = await screen.findAllByTestId('chip-measure-0');
    expect(measure.tagName).toBe('BUTTON');
    expect(measure.textContent).toBe('Measure: Orders');
    const plain = (s: string | null) => (s ?? '').replace(/[\u2009\u202f\u00a0]/g, ' ');
    expect(plain(screen.getAllByTestId('card-period')[0].textContent)).toBe(
      'Period: Last monthOct 1 – 31, 2026',
    );
    expect(screen.getAllByTestId('chip-comparison')[0].textContent).toContain('No comparison');
    expect(screen.getAllByTestId('chip-source')[0].textContent).toMatch(/^Source: Shop DB(read|.*\d)/);
    await screen.findAllByRole('button', { name: /Orders/ });
    expect(calls.filter((c) => c.url === '/api/v1/datasource/src1/model')).toHaveLength(1);
  });

  it('is operated by keyboard: ArrowDown opens, arrows move and wrap, Escape closes and focus returns', async () => {
    setup([CARD], vi.fn());
    const chip = await screen.findByTestId('chip-measure-0');
    // Wait for the model, so the menu lists its measures rather than "loading".
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await act(async () => undefined);
    chip.focus();
    fireEvent.keyDown(chip, { key: 'ArrowDown' });
    expect(chip.getAttribute('aria-expanded')).toBe('true');
    const items = menuItems();
    expect(items.map((i) => i.textContent)).toEqual(['Revenue', 'Refunds']);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0], { key: 'End' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1], { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(chip.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(chip);
  });

  it('re-asks at once with the chosen reading and the word to teach', async () => {
    const onRequery = vi.fn();
    setup([CARD], onRequery);
    const chip = await screen.findByTestId('chip-measure-0');
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await act(async () => undefined);
    fireEvent.click(chip);
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Revenue' }));
    expect(onRequery).toHaveBeenCalledWith({
      phrase: 'haul last month',
      sourceId: 'src1',
      query: { ...CARD.query?.semantic, measures: ['revenue'] },
      choice: 'Revenue',
      teach: { type: 'measure', name: 'revenue' },
      word: 'haul',
    });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('changes the period with the pickers, the current one marked', async () => {
    const onRequery = vi.fn();
    setup([CARD], onRequery);
    fireEvent.click(await screen.findByTestId('card-period'));
    expect(document.activeElement?.textContent).toBe('Last month');
    expect(document.activeElement?.getAttribute('aria-current')).toBe('true');
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Q3 2026' }));
    expect(onRequery.mock.calls[0][0].query.timeDimension).toEqual({
      field: 'ordered_at',
      range: { kind: 'quarter', year: 2026, quarter: 3 },
    });
    expect(onRequery.mock.calls[0][0].teach).toBeUndefined();
  });

  it('shows chips without menus where the card cannot re-ask, none without a query, and the verified badge', async () => {
    setup([
      { ...CARD, verified: { id: 'v1', author: 'Ada', created_at: '2026-11-20T12:00:00.000Z' } },
      { ...CARD, query: undefined, title: 'no query' },
    ]);
    const chips = await screen.findAllByTestId('chip-measure-0');
    expect(chips).toHaveLength(1);
    expect(chips[0].tagName).toBe('SPAN');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByTestId('card-verified').textContent).toBe('Verified by Ada on Nov 20, 2026');
  });
});
