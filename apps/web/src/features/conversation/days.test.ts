import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay } from './days';

const words = { today: 'Today', yesterday: 'Yesterday' };
const now = new Date(2026, 10, 20, 15, 0); // Friday 20 Nov 2026

describe('dayLabel', () => {
  it('names today and yesterday', () => {
    expect(dayLabel(new Date(2026, 10, 20, 0, 5), now, 'en-US', words)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 19, 23, 59), now, 'en-US', words)).toBe('Yesterday');
  });
  it('uses the weekday under 7 days, else day and short month, localised', () => {
    expect(dayLabel(new Date(2026, 10, 16), now, 'en-US', words)).toBe('Monday');
    expect(dayLabel(new Date(2026, 10, 14), now, 'en-US', words)).toBe('Saturday');
    expect(dayLabel(new Date(2026, 10, 13), now, 'en-US', words)).toBe('Nov 13');
    expect(dayLabel(new Date(2026, 10, 13), now, 'en-GB', words)).toBe('13 Nov');
    expect(dayLabel(new Date(2026, 10, 16), now, 'tr', words)).toBe('Pazartesi');
    expect(dayLabel(new Date(2026, 9, 1), now, 'tr', words)).toBe('1 Eki');
  });
});

describe('groupByDay', () => {
  it('groups consecutive items by calendar day', () => {
    const items = [new Date(2026, 10, 19, 10), new Date(2026, 10, 19, 22), new Date(2026, 10, 20, 1)].map(
      (d) => d.getTime(),
    );
    const groups = groupByDay(items, (x) => x);
    expect(groups.map((g) => g.items.length)).toEqual([2, 1]);
  });
});
