import { describe, expect, it } from 'vitest';
import { findAnomalies } from './anomalies';
import { publicHolidays } from './calendar';
import { hhi } from './concentration';
import { reportRange } from './document';

describe('report analysis', () => {
  it('reports over the full months before the current one', () => {
    expect(reportRange('2026-11-20', 3)).toEqual({ from: '2026-08-01', to: '2026-10-31' });
    expect(reportRange('2026-01-05', 12)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('flags days far from their weekday, not the weekly pattern itself', () => {
    // Weekends are always low: a pattern, not an anomaly. One Wednesday triples.
    const series = Array.from({ length: 56 }, (_, i) => {
      const date = new Date(Date.UTC(2026, 7, 3 + i)).toISOString().slice(0, 10);
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      const base = weekday === 0 || weekday === 6 ? 40 : 100;
      return { date, value: base + ((i * 7) % 5) };
    });
    series[23] = { ...series[23]!, value: 320 };
    const found = findAnomalies(series);
    expect(found.map((a) => a.date)).toEqual([series[23]!.date]);
    expect(found[0]!.z).toBeGreaterThan(3.5);
    expect(findAnomalies(series.map((p) => ({ ...p, value: 5 })))).toEqual([]);
  });

  it('measures concentration with the HHI of percentage shares', () => {
    expect(hhi([100])).toBe(10_000);
    expect(hhi([25, 25, 25, 25])).toBe(2500);
  });

  it('knows public holidays offline, per country', () => {
    const days = publicHolidays(['GB', 'TR'], '2026-12-20', '2027-01-02', 'en');
    expect(days.get('2026-12-25')).toEqual(['Christmas Day (GB)']);
    expect(days.get('2027-01-01')?.length).toBe(2);
    expect(publicHolidays(['XX'], '2026-01-01', '2026-12-31', 'en').size).toBe(0);
  });
});
