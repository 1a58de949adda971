import type { TCard } from '@parley/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enUS from '../../../i18n/locales/en-US';
import { ApiError } from '../../../lib/api';
import { sessionKeys } from '../../session/session';
import { type CardAnswerState, CompactCard } from './CompactCard';

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});
afterEach(cleanup);

function answer(partial: Partial<CardAnswerState>): CardAnswerState {
  return {
    data: undefined,
    error: null,
    pending: false,
    fetching: false,
    updatedAt: 0,
    retry: vi.fn(),
    ...partial,
  };
}

/** Renders the card for a signed-in user whose profile is in `timezone`. */
function renderCard(
  state: CardAnswerState,
  extra: { interval?: number; onRemove?: () => void; timezone?: string } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKeys.config, {});
  client.setQueryData(sessionKeys.tenant, { timezone: extra.timezone ?? 'UTC', features: [] });
  render(
    <QueryClientProvider client={client}>
      <CompactCard
        phrase="revenue by region last month"
        answer={state}
        period="last month"
        interval={extra.interval ?? 0}
        gridWidth={2}
        storedView={null}
        onRemove={extra.onRemove}
      />
    </QueryClientProvider>,
  );
  return screen.getByTestId('compact-card');
}

describe('CompactCard', () => {
  it('shows a spinner while the first answer is on its way', () => {
    const card = renderCard(answer({ pending: true, fetching: true }));
    expect(card.getAttribute('data-state')).toBe('loading');
    expect(screen.getByText('revenue by region last month')).toBeTruthy();
  });

  it("shows 'Question not found!' as it is, without a retry, with a delete icon", () => {
    const onRemove = vi.fn();
    const card = renderCard(
      answer({
        data: { question_id: 'q', phrase: 'p', error: true, message: 'Question not found!' },
      }),
      { onRemove },
    );
    expect(card.getAttribute('data-state')).toBe('error');
    expect(screen.getByTestId('cc-error-message').textContent).toBe('Question not found!');
    expect(screen.queryByTestId('cc-retry')).toBeNull();
    fireEvent.click(screen.getByTestId('cc-remove'));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('offers a tap to reload for any other failure, the card’s own or the call’s', () => {
    const retry = vi.fn();
    renderCard(
      answer({
        data: { question_id: 'q', phrase: 'p', error: true, message: 'Failed to retrieve data!' },
        retry,
      }),
    );
    expect(screen.getByTestId('cc-error-message').textContent).toBe('Failed to retrieve data!');
    fireEvent.click(screen.getByTestId('cc-retry'));
    expect(retry).toHaveBeenCalledTimes(1);
    cleanup();

    renderCard(answer({ error: new ApiError('server', 500, 'Database down', true) }));
    expect(screen.getByTestId('cc-error-message').textContent).toBe('Database down');
    expect(screen.getByTestId('cc-retry').textContent).toContain('Failed to load card. Tap to retry.');
    cleanup();

    // A call that failed with 404 'Question not found!' is static too.
    renderCard(answer({ error: new ApiError('unknown', 404, 'Question not found!', true) }));
    expect(screen.queryByTestId('cc-retry')).toBeNull();
  });

  it("says 'Updated: HH:mm' only with an auto refresh, and the period", () => {
    const at = Date.UTC(2026, 10, 20, 9, 7);
    const text = { question_id: 'q', phrase: 'p', text: '<p>No data for that period.</p>' };
    renderCard(answer({ data: text, updatedAt: at }), { interval: 10 });
    // A text answer has no query time of its own: the time it arrived.
    expect(screen.getByTestId('cc-updated').textContent).toBe('Updated: 09:07');
    expect(screen.getByTestId('cc-period').textContent).toBe('last month');
    expect(screen.getByText('No data for that period.')).toBeTruthy();
    cleanup();
    renderCard(answer({ data: text, updatedAt: at }), { interval: 0 });
    expect(screen.queryByTestId('cc-updated')).toBeNull();
  });

  it("says when the card's data was queried, in the profile's time zone, not when it arrived", () => {
    const card: TCard = {
      title: 'Revenue by region',
      text: '',
      date: '2026-11-20T06:45:00.000Z',
      table: [],
      columns: [],
      chart: [],
      insights: [],
    };
    const arrived = Date.UTC(2026, 10, 20, 8, 30);
    const data = { question_id: 'q', phrase: 'p', card };
    renderCard(answer({ data, updatedAt: arrived }), { interval: 10, timezone: 'Asia/Tokyo' });
    expect(screen.getByTestId('cc-updated').textContent).toBe('Updated: 15:45');
    cleanup();
    renderCard(answer({ data, updatedAt: arrived }), { interval: 10, timezone: 'America/New_York' });
    expect(screen.getByTestId('cc-updated').textContent).toBe('Updated: 01:45');
  });
});
