/** Pure rules of the Intelligence Suite screens (spec 2 §4, §9). */
import { REPORT_COOLDOWN_DAYS, type TReportEntry, type TReportName } from '@parley/contract';
import { assertNever } from '../../lib/assert-never';

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
    default:
      return assertNever(status);
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

/** The profile form of each report: each has its own. */
export function formPath(report: TReportName): string {
  switch (report) {
    case 'organisation_strategy':
      return '/intelligence-suite/organisation-strategy';
    case 'organisation_opportunity':
      return '/intelligence-suite/organisation-opportunity';
    case 'employee_growth':
      return '/intelligence-suite/employee-growth';
    default:
      return assertNever(report);
  }
}

/** The source a report reads; `fallback` when the profile chose one that cannot answer now. */
export interface ReportSource {
  id: string;
  fallback: boolean;
}

/**
 * What a report will really read, as the server decides it (reports/report-source.ts): the
 * profile's choice while it is usable, else the user's default; null when there is no source.
 */
export function reportSource(
  chosen: unknown,
  usable: readonly string[],
  defaultId: string | null,
): ReportSource | null {
  if (typeof chosen === 'string' && usable.includes(chosen)) return { id: chosen, fallback: false };
  if (defaultId === null || !usable.includes(defaultId)) return null;
  return { id: defaultId, fallback: typeof chosen === 'string' };
}

/** Why Start or Generate cannot be pressed now; null when it can. */
export type BlockedReason =
  | { kind: 'no_profile' }
  | { kind: 'no_source' }
  | { kind: 'cooldown'; until: Date }
  | { kind: 'busy' };

/**
 * What keeps a tile's Start and Generate disabled, so the screen can say it (spec 2 §4): no profile
 * yet, no data source to read (Generate only: a schedule may wait for one), the 7-day cooldown
 * (Generate only; an exempt user has none), or an action in flight.
 */
export function blockedReasons(
  entry: Pick<TReportEntry, 'data'>,
  options: { exempt: boolean; busy: boolean; now: Date; source: ReportSource | null },
): { start: BlockedReason | null; generate: BlockedReason | null } {
  if (entry.data.profile === null) return { start: { kind: 'no_profile' }, generate: { kind: 'no_profile' } };
  if (options.busy) return { start: { kind: 'busy' }, generate: { kind: 'busy' } };
  if (options.source === null) return { start: null, generate: { kind: 'no_source' } };
  const until = options.exempt ? null : generateAvailableAt(entry.data.LastIssued, options.now);
  return { start: null, generate: until ? { kind: 'cooldown', until } : null };
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
