/** Where a profile form starts (pure, so it is tested without the screen). */
import {
  sharedProfileFields,
  type TReportEntry,
  type TReportFrequency,
  type TReportingPeriod,
  type TReportName,
} from '@parley/contract';
import { reportOf } from './reports';

/** A profile form's values: the profile's fields and the schedule's settings. */
export type ProfileValues = Record<string, unknown> & {
  key_themes?: string[];
  notification_frequency: TReportFrequency;
  reporting_period: TReportingPeriod;
};

/** The list fields, which start as empty lists. */
export const EMPTY_LISTS = [
  'locations_of_operation',
  'secondary_industries',
  'target_client_names',
  'target_client_websites',
  'geography_focus',
  'key_themes',
  'focus_functions',
];

/** The order other profiles are borrowed from: the strategy form's first (spec 2 §3). */
const BORROW_FROM: TReportName[] = ['organisation_strategy', 'organisation_opportunity', 'employee_growth'];

/**
 * The form's first values: the report's own saved profile; else, for a report never set up, the
 * fields it shares with another saved profile (the strategy profile first), marked `prefilled`.
 * The data source is the saved one when it is still usable, else the user's default.
 */
export function initialProfile(
  report: TReportName,
  entries: readonly TReportEntry[],
  source: { usable: readonly string[]; fallback: string | null },
): { values: Record<string, unknown>; prefilled: boolean } {
  const profileOf = (r: TReportName) => entries.find((e) => reportOf(e) === r)?.data.profile ?? null;
  const own = profileOf(report);
  const borrowed = own
    ? null
    : (BORROW_FROM.filter((r) => r !== report)
        .map(profileOf)
        .find((p) => p !== null) ?? null);
  const values = own ? { ...own } : sharedProfileFields(borrowed, report);
  const chosen = values.datasource_id;
  values.datasource_id =
    typeof chosen === 'string' && source.usable.includes(chosen) ? chosen : source.fallback;
  return { values, prefilled: borrowed !== null };
}
