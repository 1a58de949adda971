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
  it('starts weeks on Sunday only for en-US', () => {
    expect(weekStartFor('en-US')).toBe('sunday');
    expect(weekStartFor('en-GB')).toBe('monday');
    expect(weekStartFor('tr')).toBe('monday');
  });
});
