/**
 * The Intelligence Suite (spec 2 §2–§9; DESIGN §11 CONTRACT): scheduled deep-research reports
 * built from a business profile and the user's connected data. The profile schemas here are the
 * server's validation and the forms' (one schema, both sides), with spec 2 §5's messages.
 */

import type { FeatureKey } from './features';
import { z } from './zod';

/** The reports of DESIGN §11. */
export const REPORT_NAMES = ['organisation_strategy', 'organisation_opportunity', 'employee_growth'] as const;
export const ZReportName = z.enum(REPORT_NAMES, {
  message: `report must be one of ${REPORT_NAMES.join(', ')}`,
});
export type TReportName = z.infer<typeof ZReportName>;

/** The feature each report needs beside DEEP_RESEARCH_REPORTS (spec 2 §2). */
export const REPORT_FEATURES: Record<TReportName, FeatureKey> = {
  organisation_strategy: 'ORGANISATION_STRATEGY_REPORT',
  organisation_opportunity: 'ORGANISATION_OPPORTUNITY_REPORT',
  employee_growth: 'EMPLOYEE_GROWTH_REPORT',
};

/** A report's entry key in the list ("deep_research_reports/organisation_strategy"). */
export const reportFeature = (report: TReportName) => `deep_research_reports/${report}` as const;

/** How often a scheduled report goes out (spec 2 §9); default monthly. */
export const REPORT_FREQUENCIES = ['monthly', 'bi-monthly', 'quarterly'] as const;
export const ZReportFrequency = z.enum(REPORT_FREQUENCIES, {
  message: `notification_frequency must be one of ${REPORT_FREQUENCIES.join(', ')}`,
});
export type TReportFrequency = z.infer<typeof ZReportFrequency>;
/** Months between two scheduled issues. */
export const REPORT_FREQUENCY_MONTHS: Record<TReportFrequency, number> = {
  monthly: 1,
  'bi-monthly': 2,
  quarterly: 3,
};

/** The months a report looks back over (spec 2 §9); default 3. */
export const REPORTING_PERIODS = [3, 6, 12] as const;
export const ZReportingPeriod = z.literal(REPORTING_PERIODS, {
  message: `reporting_period must be one of ${REPORTING_PERIODS.join(', ')} months`,
});
export type TReportingPeriod = z.infer<typeof ZReportingPeriod>;

export const REPORT_DEFAULTS = { notification_frequency: 'monthly', reporting_period: 3 } as const;

/** Days after LastIssued before Generate works again (spec 2 §4, §9). */
export const REPORT_COOLDOWN_DAYS = 7;
/** Target client names a profile may list (spec 2 §3, §5). */
export const MAX_TARGET_CLIENTS = 5;

/** Key themes of the strategy profile (spec 2 §9). */
export const KEY_THEMES = [
  'competition',
  'labor_market',
  'trending_skills',
  'regulation',
  'market_insights',
  'opportunities',
  'other',
] as const;
export type TKeyTheme = (typeof KEY_THEMES)[number];

/** Focus functions (spec 2 §9), as the spec names them. */
export const FOCUS_FUNCTIONS = [
  'Strategy',
  'Product',
  'Operations',
  'Marketing',
  'People / Talent',
  'Technology',
  'Legal',
] as const;

/** Toasts of spec 2 §8 and the messages the server answers. */
export const REPORT_MESSAGES = {
  organisationFailed: 'Failed to retrieve organisation information!',
  fetchFailed: 'Failed to fetch reports!',
  updateFailed: 'Failed to update report!',
  runFailed: 'Failed to run report!',
  startFailed: 'Failed to start report schedule!',
  stopFailed: 'Failed to stop report schedule!',
  runSubmitted: 'Report request submitted successfully!',
  started: 'Report schedule started successfully!',
  stopped: 'Report schedule stopped successfully!',
  required: 'Please fill in all the required fields.',
  noProfile: 'Fill in the report’s profile before generating or scheduling it.',
  notEnabled: 'This report is not enabled for your account.',
  /** 429 within the cooldown; `date` is the first day Generate works again (YYYY-MM-DD). */
  cooldown: (date: string) =>
    `This report was generated in the last ${REPORT_COOLDOWN_DAYS} days. You can generate it again on ${date}.`,
} as const;

/** Field labels of the profile forms; the messages below name them. */
export const PROFILE_LABELS = {
  business_name: 'Business name',
  website_url: 'Website URL',
  company_type: 'Company type',
  locations_of_operation: 'Locations of operation',
  business_description: 'Business description',
  core_services: 'Core services',
  primary_industry: 'Primary industry',
  secondary_industries: 'Secondary industries',
  target_client_types: 'Target client types',
  target_client_names: 'Target client names',
  target_client_websites: 'Target client websites',
  strategic_priorities: 'Strategic priorities',
  goals_okrs: 'Goals / OKRs',
  geography_focus: 'Geography focus',
  key_themes: 'Key themes',
  key_themes_other: 'Other key themes',
  focus_functions: 'Focus functions',
  key_points_of_interest: 'Key points of interest',
  datasource_id: 'Data source',
} as const;
export type TProfileField = keyof typeof PROFILE_LABELS;

const TEXT_MAX = 2000;
const SHORT_MAX = 200;
const LIST_MAX = 50;

/** A required text: trimmed, not blank — "Business name is required." */
const required = (field: TProfileField, max = TEXT_MAX) =>
  z
    .string({ message: `${PROFILE_LABELS[field]} is required.` })
    .trim()
    .min(1, `${PROFILE_LABELS[field]} is required.`)
    .max(max, `${PROFILE_LABELS[field]} can be at most ${max} characters long.`);

const optionalText = (field: TProfileField, max = TEXT_MAX) =>
  z
    .string({ message: `${PROFILE_LABELS[field]} must be text.` })
    .trim()
    .max(max, `${PROFILE_LABELS[field]} can be at most ${max} characters long.`)
    .optional()
    .default('');

const listItem = (field: TProfileField) =>
  z
    .string({ message: `${PROFILE_LABELS[field]} must be a list of texts.` })
    .trim()
    .min(1, `${PROFILE_LABELS[field]} cannot hold an empty entry.`)
    .max(SHORT_MAX, `An entry of ${PROFILE_LABELS[field]} can be at most ${SHORT_MAX} characters long.`);

const list = (field: TProfileField, max = LIST_MAX) =>
  z
    .array(listItem(field), { message: `${PROFILE_LABELS[field]} must be a list.` })
    .max(max, `${PROFILE_LABELS[field]} can hold at most ${max} entries.`);

const requiredList = (field: TProfileField, max = LIST_MAX) =>
  list(field, max).min(1, `${PROFILE_LABELS[field]} is required.`);

/** An http(s) address, or empty. */
const url = (field: TProfileField) =>
  z
    .string({ message: `${PROFILE_LABELS[field]} must be text.` })
    .trim()
    .max(SHORT_MAX)
    .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(v), {
      message: `${PROFILE_LABELS[field]} must be a web address starting with http:// or https://.`,
    });

/** ISO 3166-1 alpha-2 codes (DESIGN §4 field formats). */
const countries = (field: TProfileField) =>
  requiredList(field, 250).refine((codes) => codes.every((c) => /^[A-Z]{2}$/.test(c)), {
    message: `${PROFILE_LABELS[field]} must be ISO 3166-1 alpha-2 country codes.`,
  });

/**
 * The data source a report reads: one of the user's own (or 'demo'), checked by the server. Absent
 * in profiles saved before it existed, and then the report reads the user's default source.
 */
const datasourceId = z
  .string({ message: 'Data source must be a data source id.' })
  .trim()
  .max(64, 'Data source must be a data source id.')
  .nullable()
  .optional();

/** The business every profile describes (spec 2 §3). */
const business = {
  business_name: required('business_name', SHORT_MAX),
  website_url: url('website_url').optional().default(''),
  company_type: required('company_type', SHORT_MAX),
  locations_of_operation: countries('locations_of_operation'),
  business_description: required('business_description'),
  core_services: required('core_services'),
  primary_industry: required('primary_industry', SHORT_MAX),
  secondary_industries: list('secondary_industries').optional().default([]),
  datasource_id: datasourceId,
};

/** Where the business is heading: every profile has it. */
const direction = {
  strategic_priorities: required('strategic_priorities'),
  goals_okrs: required('goals_okrs'),
  geography_focus: requiredList('geography_focus'),
};

/** What the strategy and opportunity profiles share (spec 2 §3): the business, its clients, its direction. */
const base = {
  ...business,
  target_client_types: required('target_client_types'),
  target_client_names: requiredList('target_client_names').max(
    MAX_TARGET_CLIENTS,
    `${PROFILE_LABELS.target_client_names} can hold at most ${MAX_TARGET_CLIENTS} names.`,
  ),
  target_client_websites: z
    .array(url('target_client_websites'), { message: 'Target client websites must be a list.' })
    .max(MAX_TARGET_CLIENTS, `Target client websites can hold at most ${MAX_TARGET_CLIENTS} entries.`)
    .optional()
    .default([]),
  ...direction,
};

const focusFunction = z.enum(FOCUS_FUNCTIONS, {
  message: `Focus functions must be among ${FOCUS_FUNCTIONS.join(', ')}.`,
});

/** The strategy profile. */
export const ZStrategyProfile = z
  .object({
    ...base,
    key_themes: z
      .array(z.enum(KEY_THEMES, { message: `Key themes must be among ${KEY_THEMES.join(', ')}.` }))
      .max(KEY_THEMES.length)
      .optional()
      .default([]),
    key_themes_other: optionalText('key_themes_other', SHORT_MAX),
    focus_functions: z.array(focusFunction).max(FOCUS_FUNCTIONS.length).optional().default([]),
  })
  .superRefine((p, ctx) => {
    // Required only when "other" is among the themes (spec 2 §3).
    if (p.key_themes.includes('other') && p.key_themes_other.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['key_themes_other'],
        message: `${PROFILE_LABELS.key_themes_other} is required when “other” is chosen.`,
      });
    }
  });
export type TStrategyProfile = z.infer<typeof ZStrategyProfile>;
export type TStrategyProfileInput = z.input<typeof ZStrategyProfile>;

/** The opportunity profile: key points of interest in place of themes and functions. */
export const ZOpportunityProfile = z.object({
  ...base,
  key_points_of_interest: required('key_points_of_interest'),
});
export type TOpportunityProfile = z.infer<typeof ZOpportunityProfile>;
export type TOpportunityProfileInput = z.input<typeof ZOpportunityProfile>;

/**
 * The employee-growth profile: the business, its direction and the focus functions (spec 2 §9)
 * the report is framed by, without target clients. Profiles saved with the strategy form's fields
 * before it had its own still read: the extra fields are dropped.
 */
export const ZEmployeeGrowthProfile = z.object({
  ...business,
  ...direction,
  focus_functions: z
    .array(focusFunction, {
      error: (issue) =>
        issue.input === undefined
          ? `${PROFILE_LABELS.focus_functions} is required.`
          : `${PROFILE_LABELS.focus_functions} must be a list.`,
    })
    .min(1, `${PROFILE_LABELS.focus_functions} is required.`)
    .max(FOCUS_FUNCTIONS.length),
});
export type TEmployeeGrowthProfile = z.infer<typeof ZEmployeeGrowthProfile>;
export type TEmployeeGrowthProfileInput = z.input<typeof ZEmployeeGrowthProfile>;

/** The profile schema of each report. */
export const REPORT_PROFILES = {
  organisation_strategy: ZStrategyProfile,
  organisation_opportunity: ZOpportunityProfile,
  employee_growth: ZEmployeeGrowthProfile,
} as const;

export type TReportProfile = TStrategyProfile | TOpportunityProfile | TEmployeeGrowthProfile;

/**
 * The fields one report's profile can take from another's (the opportunity and employee-growth
 * forms start from what the strategy form holds): those the target's schema has, and nothing else.
 */
export function sharedProfileFields(
  from: Record<string, unknown> | null | undefined,
  to: TReportName,
): Record<string, unknown> {
  if (!from) return {};
  const keys = Object.keys(REPORT_PROFILES[to].shape);
  return Object.fromEntries(Object.entries(from).filter(([k]) => keys.includes(k)));
}

/** A report's status (spec 2 §4): Created or Running = scheduled ("Active"), Stopped, or none. */
export const REPORT_STATUSES = ['Created', 'Running', 'Stopped'] as const;
export type TReportStatus = (typeof REPORT_STATUSES)[number];

/** One report entry of the list (DESIGN §11). */
export const ZReportEntry = z.object({
  feature: z.string(),
  status: z.enum(REPORT_STATUSES).nullable(),
  data: z.object({
    LastIssued: z.string().nullable(),
    profile: z.record(z.string(), z.unknown()).nullable(),
    notification_frequency: ZReportFrequency,
    reporting_period: ZReportingPeriod,
  }),
});
export type TReportEntry = z.infer<typeof ZReportEntry>;

/** The config list: which reports exist for the user, with their tile texts. */
export const ZReportConfig = z.object({
  value: ZReportName,
  enabled: z.boolean(),
  title: z.string(),
  description: z.string(),
});
export type TReportConfig = z.infer<typeof ZReportConfig>;

/** GET /features/deep-research-reports */
export const ZReportsResponse = z.object({
  config: z.array(ZReportConfig),
  reports: z.array(ZReportEntry),
  /** Beside DESIGN §11's fields: the user is in REPORT_COOLDOWN_EXEMPT (Generate is never disabled). */
  cooldown_exempt: z.boolean(),
  /** Beside DESIGN §11's fields: the source a profile reads unless it chooses another (null: none). */
  default_datasource_id: z.string().nullable(),
});
export type TReportsResponse = z.infer<typeof ZReportsResponse>;

/**
 * PUT /features/deep-research-report: the profile is checked against its report's schema by the
 * server (400 "Invalid field profile.<field>: <message>").
 */
export const ZReportUpdateBody = z.object({
  report: ZReportName,
  profile: z.record(z.string(), z.unknown(), { message: 'profile must be an object' }),
  notification_frequency: ZReportFrequency.optional(),
  reporting_period: ZReportingPeriod.optional(),
});
export type TReportUpdateBody = z.input<typeof ZReportUpdateBody>;

/** PUT …/run, …/start, …/stop */
export const ZReportRefBody = z.object({ report: ZReportName });

/** PUT …/run: the issue being built. */
export const ZReportRunResponse = z.object({ id: z.string() });

/** GET /features/deep-research-report/issues?report= */
export const ZReportIssuesQuery = z.object({ report: ZReportName });

export const ZReportIssue = z.object({
  id: z.string(),
  report: ZReportName,
  issued_at: z.string(),
  title: z.string(),
  /** The report as a document (charts drawn inline); our own escaped HTML. */
  html: z.string(),
});
export type TReportIssue = z.infer<typeof ZReportIssue>;
export const ZReportIssues = z.array(ZReportIssue);

/** The first day Generate works again after `lastIssued` (YYYY-MM-DD, UTC). */
export function reportAvailableOn(lastIssued: string | Date): string {
  const d = new Date(lastIssued);
  return new Date(d.getTime() + REPORT_COOLDOWN_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** The schedule in words (spec 2 §9: 9:00, day 1 of each period). */
export function reportScheduleText(frequency: TReportFrequency): string {
  switch (frequency) {
    case 'monthly':
      return 'Every month on day 1 at 9:00';
    case 'bi-monthly':
      return 'Every two months on day 1 at 9:00';
    case 'quarterly':
      return 'Every quarter on day 1 at 9:00';
  }
}
