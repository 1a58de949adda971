import { describe, expect, it } from 'vitest';
import { dateIn, startOfDayIn, weekStartFor } from './time';

describe('time zones', () => {
  const now = new Date('2026-03-01T22:30:00Z');
  it('gives the user’s date, not the server’s', () => {
    expect(dateIn('UTC', now)).toBe('2026-03-01');
    expect(dateIn('Europe/Istanbul', now)).toBe('2026-03-02');
    expect(dateIn('America/Los_Angeles', now)).toBe('2026-03-01');
    expect(dateIn('Not/AZone', now)).toBe('2026-03-01');
  });
  it('finds the instant the day began', () => {
    expect(startOfDayIn('Europe/Istanbul', now).toISOString()).toBe('2026-03-01T21:00:00.000Z');
    expect(startOfDayIn('America/New_York', now).toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(startOfDayIn(null, now).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
  it('turns the remembered date at the zone’s midnight, to the millisecond', () => {
    // Istanbul is UTC+3: its 2 March begins at 21:00:00.000Z on 1 March.
    const before = new Date('2026-03-01T20:59:59.999Z');
    const at = new Date('2026-03-01T21:00:00.000Z');
    expect(dateIn('Europe/Istanbul', before)).toBe('2026-03-01');
    expect(dateIn('Europe/Istanbul', before)).toBe('2026-03-01');
    expect(dateIn('Europe/Istanbul', at)).toBe('2026-03-02');
    expect(startOfDayIn('Europe/Istanbul', before).toISOString()).toBe('2026-02-28T21:00:00.000Z');
    expect(startOfDayIn('Europe/Istanbul', at).toISOString()).toBe('2026-03-01T21:00:00.000Z');
    // Back in time (a test clock) is a new read too, not the remembered later day.
    expect(dateIn('Europe/Istanbul', before)).toBe('2026-03-01');
  });
  it('hands each caller its own start-of-day Date', () => {
    const first = startOfDayIn('America/New_York', now);
    first.setTime(0);
    expect(startOfDayIn('America/New_York', now).toISOString()).toBe('2026-03-01T05:00:00.000Z');
  });
  it('starts weeks on Sunday only for en-US', () => {
    expect(weekStartFor('en-US')).toBe('sunday');
    expect(weekStartFor('en-GB')).toBe('monday');
    expect(weekStartFor('tr')).toBe('monday');
  });
});
