import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-11-27T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('says how long ago in the largest unit it fills', () => {
    expect(relativeTime(ago(20), now, 'en-US')).toBe('now');
    expect(relativeTime(ago(5 * 60), now, 'en-US')).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), now, 'en-US')).toBe('3 hours ago');
    expect(relativeTime(ago(26 * 3600), now, 'en-US')).toBe('yesterday');
    expect(relativeTime(ago(15 * 86400), now, 'en-US')).toBe('2 weeks ago');
    expect(relativeTime(ago(400 * 86400), now, 'en-US')).toBe('last year');
  });

  it('speaks the user’s language', () => {
    expect(relativeTime(ago(5 * 60), now, 'tr')).toBe('5 dakika önce');
  });
});
