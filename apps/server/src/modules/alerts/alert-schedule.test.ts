import { describe, expect, it } from 'vitest';
import { nextCheck, transition } from './alert-schedule';

describe('alert schedule', () => {
  it('checks hourly five minutes past each hour, daily at 00:05 local, weekly on the week start, monthly on day 1', () => {
    const at = new Date('2026-11-20T12:30:00Z');
    expect(nextCheck('hourly', at, 'UTC', 'monday')?.toISOString()).toBe('2026-11-20T13:05:00.000Z');
    expect(nextCheck('hourly', new Date('2026-11-20T13:05:00Z'), 'UTC', 'monday')?.toISOString()).toBe(
      '2026-11-20T14:05:00.000Z',
    );
    expect(nextCheck('daily', at, 'Europe/Istanbul', 'monday')?.toISOString()).toBe(
      '2026-11-20T21:05:00.000Z',
    );
    // 2026-11-20 is a Friday: the next Monday is the 23rd, the next Sunday the 22nd.
    expect(nextCheck('weekly', at, 'UTC', 'monday')?.toISOString()).toBe('2026-11-23T00:05:00.000Z');
    expect(nextCheck('weekly', at, 'UTC', 'sunday')?.toISOString()).toBe('2026-11-22T00:05:00.000Z');
    expect(nextCheck('monthly', at, 'America/New_York', 'sunday')?.toISOString()).toBe(
      '2026-12-01T05:05:00.000Z',
    );
    expect(nextCheck('on_sync', at, 'UTC', 'monday')).toBeNull();
  });

  it('fires once, stays quiet while still met, fires again after clearing', () => {
    expect(transition('armed', 'met', null)).toEqual({ state: 'fired', notices: ['fired'] });
    expect(transition('fired', 'met', 'met')).toEqual({ state: 'fired', notices: [] });
    expect(transition('fired', 'clear', 'met')).toEqual({ state: 'armed', notices: [] });
    expect(transition('armed', 'met', 'clear')).toEqual({ state: 'fired', notices: ['fired'] });
  });

  it('a failing source tells once, then once when it recovers', () => {
    expect(transition('armed', 'failed', null)).toEqual({ state: 'failing', notices: ['failing'] });
    expect(transition('failing', 'failed', null)).toEqual({ state: 'failing', notices: [] });
    expect(transition('failing', 'clear', null)).toEqual({ state: 'armed', notices: ['recovered'] });
    expect(transition('failing', 'met', 'met')).toEqual({ state: 'fired', notices: ['recovered'] });
    expect(transition('failing', 'met', 'clear')).toEqual({
      state: 'fired',
      notices: ['recovered', 'fired'],
    });
  });
});
