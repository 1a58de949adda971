/** Pure rules of the Intelligence Suite screens (spec 2 §4, §9). */
import { REPORT_COOLDOWN_DAYS, type TReportEntry, type TReportName } from '@parley/contract';

export type ReportBadge = 'active' | 'stopped' | 'inactive';

/** Created or Running → Active (stop offered); Stopped → Stopped (start offered); none → Inactive. */
export function reportBadge(status: TReportEntry['status']): ReportBadge {
  switch (status) {
    case 'Created':
    case 'Running':
      return 'active';
    case 'Stopped':
      return 'stopped';
    case null:
      return 'inactive';
  }
}

/** The report a list entry stands for ("deep_research_reports/organisation_strategy"). */
export const reportOf = (entry: Pick<TReportEntry, 'feature'>) =>
  entry.feature.replace('deep_research_reports/', '') as TReportName;

/**
 * When Generate works again: 7 days after LastIssued, or null when it works now (never issued,
 * the cooldown over, or an exempt user — the server decides those and answers 429 otherwise).
 */
export function generateAvailableAt(lastIssued: string | null, now: Date): Date | null {
  if (!lastIssued) return null;
  const at = new Date(new Date(lastIssued).getTime() + REPORT_COOLDOWN_DAYS * 86_400_000);
  return at.getTime() > now.getTime() ? at : null;
}

/** The profile form of a report: strategy and employee growth share the strategy form. */
export function formPath(report: TReportName): string {
  return report === 'organisation_opportunity'
    ? '/intelligence-suite/organisation-opportunity'
    : report === 'employee_growth'
      ? '/intelligence-suite/organisation-strategy?report=employee_growth'
      : '/intelligence-suite/organisation-strategy';
}

/** Dashboard counts (spec 1 §2.6): available reports, active (scheduled) and inactive (stopped). */
export function reportCounts(entries: TReportEntry[]): {
  available: number;
  active: number;
  inactive: number;
} {
  return {
    available: entries.length,
    active: entries.filter((e) => reportBadge(e.status) === 'active').length,
    inactive: entries.filter((e) => e.status === 'Stopped').length,
  };
}
