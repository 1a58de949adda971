import type { TReportEntry } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { initialProfile } from './profile-values';

const entry = (report: string, profile: Record<string, unknown> | null): TReportEntry => ({
  feature: `deep_research_reports/${report}`,
  status: profile ? 'Created' : null,
  data: { LastIssued: null, profile, notification_frequency: 'monthly', reporting_period: 3 },
});
const STRATEGY = {
  business_name: 'Kestrel',
  target_client_names: ['North'],
  key_themes: ['competition'],
  focus_functions: ['Strategy'],
  datasource_id: 'src-1',
};
const source = { usable: ['demo', 'src-1', 'src-2'], fallback: 'src-2' };

describe('initialProfile', () => {
  it("starts the opportunity form from the strategy profile's shared fields", () => {
    const { values, prefilled } = initialProfile(
      'organisation_opportunity',
      [entry('organisation_strategy', STRATEGY), entry('organisation_opportunity', null)],
      source,
    );
    expect(prefilled).toBe(true);
    expect(values).toEqual({
      business_name: 'Kestrel',
      target_client_names: ['North'],
      datasource_id: 'src-1',
    });
  });

  it('starts the employee-growth form with focus functions and without target clients', () => {
    const { values } = initialProfile('employee_growth', [entry('organisation_strategy', STRATEGY)], source);
    expect(values).toEqual({
      business_name: 'Kestrel',
      focus_functions: ['Strategy'],
      datasource_id: 'src-1',
    });
  });

  it('keeps a saved profile as it is, and gives an old one without a source the default', () => {
    const saved = { business_name: 'Own', key_points_of_interest: 'x' };
    const { values, prefilled } = initialProfile(
      'organisation_opportunity',
      [entry('organisation_strategy', STRATEGY), entry('organisation_opportunity', saved)],
      source,
    );
    expect(prefilled).toBe(false);
    expect(values).toEqual({ ...saved, datasource_id: 'src-2' });
  });

  it('replaces a source that is no longer usable by the default, and starts empty with nothing saved', () => {
    const gone = initialProfile(
      'organisation_strategy',
      [entry('organisation_strategy', { datasource_id: 'x' })],
      source,
    );
    expect(gone.values.datasource_id).toBe('src-2');
    expect(initialProfile('organisation_strategy', [], { usable: [], fallback: null })).toEqual({
      values: { datasource_id: null },
      prefilled: false,
    });
  });
});
