import { describe, expect, it } from 'vitest';
import {
  blockedReasons,
  formPath,
  generateAvailableAt,
  reportBadge,
  reportCounts,
  reportSource,
} from './reports';

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
    expect(formPath('employee_growth')).toBe('/intelligence-suite/employee-growth');
  });

  it('says why Start and Generate are disabled', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const source = { id: 'demo', fallback: false };
    const saved = (LastIssued: string | null) => ({
      data: { ...entry('Created').data, profile: { business_name: 'x' }, LastIssued },
    });
    expect(blockedReasons(entry(null), { exempt: false, busy: false, now, source })).toEqual({
      start: { kind: 'no_profile' },
      generate: { kind: 'no_profile' },
    });
    expect(
      blockedReasons(saved('2026-11-20T12:00:00Z'), { exempt: false, busy: false, now, source }),
    ).toEqual({
      start: null,
      generate: { kind: 'cooldown', until: new Date('2026-11-27T12:00:00Z') },
    });
    expect(blockedReasons(saved('2026-11-20T12:00:00Z'), { exempt: true, busy: false, now, source })).toEqual(
      {
        start: null,
        generate: null,
      },
    );
    expect(blockedReasons(saved(null), { exempt: false, busy: true, now, source }).generate).toEqual({
      kind: 'busy',
    });
  });

  it('disables Generate, saying why, when there is no data source to read; Start stays', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const saved = { data: { ...entry('Created').data, profile: { business_name: 'x' } } };
    expect(blockedReasons(saved, { exempt: true, busy: false, now, source: null })).toEqual({
      start: null,
      generate: { kind: 'no_source' },
    });
  });

  it('names what a report will really read: the usable choice, else the default, saying so', () => {
    const usable = ['demo', 'own'];
    expect(reportSource('own', usable, 'demo')).toEqual({ id: 'own', fallback: false });
    expect(reportSource(undefined, usable, 'own')).toEqual({ id: 'own', fallback: false });
    // Chosen, then deactivated or removed: the default, and the tile says it is a fallback.
    expect(reportSource('gone', usable, 'own')).toEqual({ id: 'own', fallback: true });
    expect(reportSource('gone', [], null)).toBeNull();
    expect(reportSource(undefined, [], 'own')).toBeNull();
  });
});
