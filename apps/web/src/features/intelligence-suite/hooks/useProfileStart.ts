import {
  REPORT_DEFAULTS,
  type TReportEntry,
  type TReportName,
  type TReportsResponse,
} from '@parley/contract';
import { useEffect, useState } from 'react';
import { useSourceChoice } from '../../datasources';
import { EMPTY_LISTS, initialProfile, type ProfileValues } from '../profile-values';

/**
 * Sets a profile form's first values once the reports are read (see initialProfile): the saved
 * profile, or the fields another profile shares. Answers whether they were borrowed (prefilled).
 */
export function useProfileStart(
  report: TReportName,
  data: TReportsResponse | undefined,
  entry: TReportEntry | null,
  values: ProfileValues | null,
  setValues: (values: ProfileValues) => void,
): boolean {
  const { options } = useSourceChoice();
  const [prefilled, setPrefilled] = useState(false);
  useEffect(() => {
    if (values || !data) return;
    const usable = options.map((o) => o.id);
    const fallback = data.default_datasource_id;
    const start = initialProfile(report, data.reports, {
      usable,
      fallback: fallback && usable.includes(fallback) ? fallback : (usable[0] ?? null),
    });
    const profile = start.values;
    const lists = Object.fromEntries(EMPTY_LISTS.map((k) => [k, (profile[k] as string[] | undefined) ?? []]));
    setPrefilled(start.prefilled);
    setValues({
      ...profile,
      ...lists,
      notification_frequency: entry?.data.notification_frequency ?? REPORT_DEFAULTS.notification_frequency,
      reporting_period: entry?.data.reporting_period ?? REPORT_DEFAULTS.reporting_period,
    });
  }, [data, entry, values, report, options, setValues]);
  return prefilled;
}
