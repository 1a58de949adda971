import type { TCard } from '@parley/contract';
import { ZAlertBody } from '@parley/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Call,
  providers,
  type Reply,
  SOURCE,
  sampleAlert,
  setUpTexts,
  stubFetch,
  WEEKLY,
} from '../alerts.testkit';
import { AlertDialog } from './AlertDialog';
import { AlertMeButton } from './AlertMeButton';

beforeAll(setUpTexts);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CARD = {
  title: 'Revenue by week',
  text: '',
  date: '2026-11-20T00:00:00.000Z',
  table: [],
  columns: [
    { key: 'Week', label: 'Week', kind: 'time', format: 'date' },
    { key: 'Revenue', label: 'Revenue', kind: 'measure', format: 'currency' },
  ],
  chart: [],
  insights: [],
  query: { sql: 'select 1', semantic: WEEKLY },
  source: { id: SOURCE, name: 'Demo shop' },
} as unknown as TCard;

function openFromCard(
  card: TCard,
  reply: (call: Call) => Reply = (c) => ({ status: 200, body: sampleAlert(c.body as never) }),
) {
  const calls = stubFetch((call) => (call.url === '/features/alerts' ? reply(call) : undefined));
  const { wrap } = providers();
  render(wrap(<AlertMeButton card={card} phrase="revenue by week" />, '/conversation'));
  fireEvent.click(screen.getByTestId('card-alert-me'));
  return calls;
}

const posted = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => c.body);
const field = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const choose = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });

describe('Alert me', () => {
  it('builds the change body from the card (phrase, source, semantic query) and says it in a sentence', async () => {
    const calls = openFromCard(CARD);
    expect((await screen.findByTestId('alert-preview')).textContent).toBe(
      'Tell me when Revenue is down more than 10% week on week',
    );
    choose('alert-value', '15');
    choose('alert-against', 'same_period_last_year');
    expect(screen.getByTestId('alert-preview').textContent).toBe(
      'Tell me when Revenue is down more than 15% against the same week last year',
    );
    fireEvent.click(screen.getByTestId('alert-save'));
    await vi.waitFor(() => expect(screen.queryByTestId('alert-dialog')).toBeNull());
    const body = posted(calls)[0];
    expect(body).toEqual({
      phrase: 'revenue by week',
      datasource_id: SOURCE,
      query: WEEKLY,
      condition: { kind: 'change', op: 'down', value: 15, unit: 'percent', against: 'same_period_last_year' },
      schedule: 'weekly',
    });
    expect(ZAlertBody.safeParse(body).success).toBe(true);
  });

  it('builds a threshold and an outside-the-range body', async () => {
    const calls = openFromCard(CARD);
    fireEvent.click(await screen.findByLabelText('a number crosses a threshold'));
    choose('alert-op', 'below');
    choose('alert-value', '2,5');
    choose('alert-schedule', 'hourly');
    expect(screen.getByTestId('alert-preview').textContent).toBe('Tell me when Revenue is below 2.5');
    fireEvent.click(screen.getByTestId('alert-save'));
    await vi.waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toMatchObject({
      condition: { kind: 'threshold', op: 'below', value: 2.5 },
      schedule: 'hourly',
    });

    cleanup();
    const again = openFromCard(CARD);
    fireEvent.click(await screen.findByLabelText('it falls outside the expected range'));
    const thumb = screen.getByRole('slider');
    fireEvent.keyDown(thumb, { key: 'ArrowRight' });
    fireEvent.keyDown(thumb, { key: 'ArrowRight' });
    expect(screen.getByTestId('alert-preview').textContent).toBe(
      'Tell me when Revenue falls outside 1.5× its expected range',
    );
    choose('alert-schedule', 'on_sync');
    fireEvent.click(screen.getByTestId('alert-save'));
    await vi.waitFor(() => expect(posted(again)).toHaveLength(1));
    expect(posted(again)[0]).toMatchObject({
      condition: { kind: 'outside_forecast', band: 1.5 },
      schedule: 'on_sync',
    });
  });

  it('sends nothing while the value is not a number, and says why', async () => {
    const calls = openFromCard(CARD);
    choose('alert-value', 'ten');
    expect(screen.queryByTestId('alert-preview')).toBeNull();
    fireEvent.click(screen.getByTestId('alert-save'));
    expect(await screen.findByText('Enter a number.')).toBeTruthy();
    choose('alert-value', '-3');
    expect(await screen.findByText('Enter a number of 0 or more.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says a grouped card’s alert applies to any group', async () => {
    const grouped = {
      ...CARD,
      query: { sql: '', semantic: { ...WEEKLY, dimensions: ['customers.region'] } },
    };
    openFromCard(grouped as TCard);
    expect((await screen.findByTestId('alert-grouped')).textContent).toContain(
      'when any region meets the condition',
    );
    expect(screen.getByTestId('alert-preview').textContent).toBe(
      'Tell me when Revenue of any region is down more than 10% week on week',
    );
  });

  it('shows the plan limit’s message with a link to the plans, and stays open', async () => {
    const message = 'Your plan allows 3 active alerts. Pause or delete one, or choose a larger plan.';
    openFromCard(CARD, () => ({ status: 403, body: { message } }));
    fireEvent.click(await screen.findByTestId('alert-save'));
    const error = await screen.findByTestId('alert-dialog-error');
    expect(error.textContent).toContain(message);
    expect(screen.getByTestId('alert-dialog')).toBeTruthy();
    fireEvent.click(screen.getByTestId('alert-plans-link'));
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/user/subscriptions'));
  });

  it('is not offered on a card without a saved query or source', () => {
    stubFetch(() => undefined);
    const { wrap } = providers();
    render(wrap(<AlertMeButton card={{ ...CARD, query: undefined }} />));
    render(wrap(<AlertMeButton card={{ ...CARD, source: undefined }} />));
    expect(screen.queryByTestId('card-alert-me')).toBeNull();
    render(wrap(<AlertMeButton card={{ ...CARD, source: undefined }} sourceId={SOURCE} />));
    expect(screen.getByTestId('card-alert-me')).toBeTruthy();
  });
});

describe('Edit alert', () => {
  it('opens with the alert’s condition and PUTs only the condition and schedule by id', async () => {
    const alert = sampleAlert({
      condition: { kind: 'threshold', op: 'above', value: 1000 },
      schedule: 'daily',
    });
    const calls = stubFetch((call) => (call.method === 'PUT' ? { status: 200, body: alert } : undefined));
    const { wrap } = providers();
    const onClose = vi.fn();
    render(wrap(<AlertDialog alert={alert} onClose={onClose} />));
    expect(field('alert-value').value).toBe('1000');
    expect(field('alert-op').value).toBe('above');
    choose('alert-value', '1200');
    fireEvent.click(screen.getByTestId('alert-save'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      [
        'PUT',
        '/features/alerts',
        { id: alert.id, condition: { kind: 'threshold', op: 'above', value: 1200 }, schedule: 'daily' },
      ],
    ]);
  });
});
