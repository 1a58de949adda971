import { describe, expect, it } from 'vitest';
import { formPath, generateAvailableAt, reportBadge, reportCounts } from './reports';

const entry = (status: 'Created' | 'Running' | 'Stopped' | null) => ({
  feature: 'deep_research_reports/organisation_strategy',
  status,
  data: {
    LastIssued: null,
    profile: null,
    notification_frequency: 'monthly' as const,
    reporting_period: 3 as const,
  },
});

describe('Intelligence Suite rules', () => {
  it('shows Created and Running as Active, Stopped as Stopped, none as Inactive', () => {
    expect(reportBadge('Created')).toBe('active');
    expect(reportBadge('Running')).toBe('active');
    expect(reportBadge('Stopped')).toBe('stopped');
    expect(reportBadge(null)).toBe('inactive');
  });

  it('disables Generate for 7 days after LastIssued', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(generateAvailableAt(null, now)).toBeNull();
    expect(generateAvailableAt('2026-11-20T12:00:00Z', now)?.toISOString()).toBe('2026-11-27T12:00:00.000Z');
    expect(generateAvailableAt('2026-11-18T11:59:59Z', now)).toBeNull();
  });

  it('counts the dashboard figures and finds each report’s form', () => {
    expect(reportCounts([entry('Running'), entry('Created'), entry('Stopped'), entry(null)])).toEqual({
      available: 4,
      active: 2,
      inactive: 1,
    });
    expect(formPath('organisation_opportunity')).toBe('/intelligence-suite/organisation-opportunity');
    expect(formPath('employee_growth')).toBe(
      '/intelligence-suite/organisation-strategy?report=employee_growth',
    );
  });
});
