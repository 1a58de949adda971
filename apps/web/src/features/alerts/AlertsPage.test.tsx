import type { TAlert, TTenant } from '@parley/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../session/session';
import AlertsPage from './AlertsPage';
import { type Call, providers, sampleAlert, setUpTexts, stubFetch } from './alerts.testkit';

beforeAll(async () => {
  await setUpTexts();
  await import('../settings/i18n');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const TENANT = {
  id: 'u1',
  email: 'demo@parley.local',
  timezone: 'Europe/Istanbul',
  features: [],
  flags: { oc: true, rc: true },
} as unknown as TTenant;

const NOW = new Date('2026-11-20T09:00:00.000Z');
const DROP = sampleAlert({ last_fired_at: '2026-11-16T06:00:00.000Z' });
const ABOVE = sampleAlert({
  id: '0a6e4f2c-5d3b-4c1a-8e9f-7b6a5c4d3e2f',
  phrase: 'orders today',
  condition: { kind: 'threshold', op: 'above', value: 500 },
  schedule: 'hourly',
  paused: true,
  snoozed_until: '2026-11-27T09:00:00.000Z',
});

/** The page over a stubbed server holding `alerts`; PUT applies the body, DELETE removes. */
function open(alerts: TAlert[]) {
  let current = alerts;
  const calls = stubFetch((call) => {
    if (!call.url.startsWith('/features/alerts')) return undefined;
    if (call.method === 'GET') return { status: 200, body: current };
    if (call.method === 'PUT') {
      const { id, ...rest } = call.body as { id: string };
      current = current.map((a) => (a.id === id ? { ...a, ...rest } : a));
      return { status: 200, body: current.find((a) => a.id === id) };
    }
    if (call.method === 'DELETE') {
      const id = new URL(call.url, 'http://x').searchParams.get('id');
      current = current.filter((a) => a.id !== id);
      return { status: 200, body: {} };
    }
    return undefined;
  });
  const { client, wrap } = providers();
  client.setQueryData(sessionKeys.config, null);
  client.setQueryData(sessionKeys.tenant, TENANT);
  render(wrap(<AlertsPage />, '/user/alerts'));
  return calls;
}

const row = async (id: string) =>
  (await screen.findAllByTestId('alert-row')).find((r) => r.getAttribute('data-id') === id)!;
const puts = (calls: Call[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => c.body as { snoozed_until: string });

describe('Settings → Alerts', () => {
  it('lists each alert as a sentence with its schedule and state', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    open([DROP, ABOVE]);
    const drop = await row(DROP.id);
    expect(within(drop).getByTestId('alert-sentence').textContent).toBe(
      'Tell me when revenue is down more than 10% week on week',
    );
    expect(drop.textContent).toContain('Every week');
    expect(within(drop).getByTestId('alert-state').textContent).toBe('Last fired Nov 16, 2026, 9:00 AM');
    const above = await row(ABOVE.id);
    expect(above.hasAttribute('data-paused')).toBe(true);
    expect(within(above).getByTestId('alert-state').textContent).toBe(
      'PausedSnoozed until Nov 27, 2026, 12:00 PMNot fired yet',
    );
    expect(within(above).getByTestId('alert-resume')).toBeTruthy();
    expect(within(above).getByTestId('alert-wake')).toBeTruthy();
    expect(screen.getByTestId('settings-tab-alerts').getAttribute('href')).toBe('/user/alerts');
  });

  it('pauses, resumes, snoozes a day and a week, and wakes', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    const calls = open([DROP]);
    fireEvent.click(within(await row(DROP.id)).getByTestId('alert-pause'));
    await vi.waitFor(async () => expect((await row(DROP.id)).hasAttribute('data-paused')).toBe(true));
    fireEvent.click(within(await row(DROP.id)).getByTestId('alert-resume'));
    await vi.waitFor(async () => expect((await row(DROP.id)).hasAttribute('data-paused')).toBe(false));
    fireEvent.click(within(await row(DROP.id)).getByTestId('alert-snooze-day'));
    await vi.waitFor(async () => expect((await row(DROP.id)).hasAttribute('data-snoozed')).toBe(true));
    fireEvent.click(within(await row(DROP.id)).getByTestId('alert-wake'));
    await vi.waitFor(async () => expect((await row(DROP.id)).hasAttribute('data-snoozed')).toBe(false));
    fireEvent.click(within(await row(DROP.id)).getByTestId('alert-snooze-week'));
    await vi.waitFor(() => expect(puts(calls)).toHaveLength(5));
    const day = new Date(puts(calls)[2].snoozed_until).getTime() - NOW.getTime();
    const week = new Date(puts(calls)[4].snoozed_until).getTime() - NOW.getTime();
    expect(puts(calls)).toEqual([
      { id: DROP.id, paused: true },
      { id: DROP.id, paused: false },
      { id: DROP.id, snoozed_until: expect.any(String) },
      { id: DROP.id, snoozed_until: null },
      { id: DROP.id, snoozed_until: expect.any(String) },
    ]);
    // The fake clock moves on a little while the test runs: a day and a week from about now.
    expect(Math.abs(day - 86_400_000)).toBeLessThan(60_000);
    expect(Math.abs(week - 7 * 86_400_000)).toBeLessThan(60_000);
  });

  it('deletes after confirming; Cancel deletes nothing', async () => {
    const calls = open([DROP, ABOVE]);
    fireEvent.click(within(await row(DROP.id)).getByTestId('alert-delete'));
    const dialog = await screen.findByTestId('alert-delete-modal');
    expect(dialog.textContent).toContain(
      '“Tell me when revenue is down more than 10% week on week” will no longer',
    );
    fireEvent.click(screen.getByTestId('alert-delete-modal-cancel'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(await row(DROP.id)).getByTestId('alert-delete'));
    fireEvent.click(await screen.findByTestId('alert-delete-modal-confirm'));
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('alert-row').map((r) => r.getAttribute('data-id'))).toEqual([ABOVE.id]),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/features/alerts?id=${DROP.id}`,
    ]);
  });

  it('edits in the same dialog', async () => {
    const calls = open([DROP]);
    fireEvent.click(within(await row(DROP.id)).getByTestId('alert-edit'));
    fireEvent.change(await screen.findByTestId('alert-op'), { target: { value: 'either' } });
    fireEvent.click(screen.getByTestId('alert-save'));
    await vi.waitFor(async () =>
      expect(within(await row(DROP.id)).getByTestId('alert-sentence').textContent).toBe(
        'Tell me when revenue moves more than 10% week on week',
      ),
    );
    expect(puts(calls)[0]).toMatchObject({ id: DROP.id, condition: { op: 'either' }, schedule: 'weekly' });
  });

  it('says where alerts come from when there are none', async () => {
    open([]);
    expect((await screen.findByTestId('alerts-empty')).textContent).toContain('No alerts yet');
  });
});
