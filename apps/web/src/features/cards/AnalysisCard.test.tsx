import type { TCard } from '@parley/contract';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../ui/ui.testkit';
import { AnalysisCard, type CardTool } from './AnalysisCard';
import { initTestI18n, json, Providers, stubFetch } from './cards.testkit';

beforeAll(async () => {
  await initTestI18n();
  stubResizeObserver();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CARD: TCard = {
  title: 'Revenue by region',
  text: '',
  date: '2026-11-20T09:00:00.000Z',
  table: [
    { Region: 'EMEA', Revenue: 120 },
    { Region: 'APAC', Revenue: 80 },
  ],
  columns: [
    { key: 'Region', label: 'Region', kind: 'dimension', format: 'number' },
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
  ],
  chart: [],
  insights: ['<b>EMEA</b> leads'],
};

/** An answer with nothing to show: no rows, no insights, no text. */
const NO_DATA: TCard = { ...CARD, title: 'Refunds in Antarctica', table: [], insights: [] };

/** A footer tool as the conversation's "Add to collection" is. */
const addTool: CardTool = ({ tabIndex }) => (
  <button type="button" tabIndex={tabIndex} data-testid="card-add-to-collection">
    Add to collection
  </button>
);

function renderCard(card: TCard, extraTools?: readonly CardTool[]) {
  stubFetch(() => json(404, {}));
  // Without an observer the card counts as on screen and draws its content.
  vi.stubGlobal('IntersectionObserver', undefined);
  return render(<AnalysisCard card={card} phrase={card.title} extraTools={extraTools} />, {
    wrapper: Providers,
  });
}

const pressEscape = (el: Element) =>
  act(() => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
  });

describe('AnalysisCard', () => {
  it('offers its tools (add to collection) on a card without data, with one tab stop', () => {
    renderCard(NO_DATA, [addTool]);
    expect(screen.getByText('No data for this question.')).toBeTruthy();
    const toolbar = screen.getByTestId('card-toolbar');
    const add = within(toolbar).getByTestId('card-add-to-collection');
    expect(add.tabIndex).toBe(0);
    // Nothing to export, expand or switch to.
    expect(screen.queryByTestId('card-export')).toBeNull();
    expect(screen.queryByTestId('card-expand')).toBeNull();
    expect(screen.queryByRole('group', { name: /views/i })).toBeNull();
  });

  it('draws no empty toolbar on a card without data and without tools', () => {
    renderCard(NO_DATA, [() => null]);
    expect(screen.queryByTestId('card-toolbar')).toBeNull();
  });

  it('closes the insights with Escape, then the detail view with the next one', () => {
    renderCard(CARD);
    const card = screen.getByTestId('analysis-card');
    fireEvent.click(within(card).getByTestId('card-insights-toggle'));
    expect(within(card).getByTestId('insights-panel').hasAttribute('data-open')).toBe(true);
    pressEscape(within(card).getByTestId('card-insights-toggle'));
    expect(within(card).getByTestId('insights-panel').hasAttribute('data-open')).toBe(false);

    // In the detail view the insights close first; the dialog stays open until the next Escape.
    fireEvent.click(within(card).getByTestId('card-expand'));
    const detail = screen.getByRole('dialog');
    const inner = within(detail).getByTestId('analysis-card');
    fireEvent.click(within(inner).getByTestId('card-insights-toggle'));
    expect(within(inner).getByTestId('insights-panel').hasAttribute('data-open')).toBe(true);
    pressEscape(within(inner).getByTestId('card-insights-toggle'));
    expect(within(inner).getByTestId('insights-panel').hasAttribute('data-open')).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeNull();
    pressEscape(within(inner).getByTestId('card-insights-toggle'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
