/** Every feature key of spec 1 §3. A user's list of these switches screens and calls on. */
export const FEATURE_KEYS = [
  'CONVERSATIONS',
  'COLLECTIONS',
  'PROJECTS',
  'ADMIN_DASHBOARD',
  'ADMIN_CONVERSATIONS',
  'ADMIN_COLLECTIONS',
  'ADMIN_PUBLISH',
  'ADMIN_USER_MANAGEMENT',
  'SETTINGS',
  'SETTINGS_PROFILE',
  'SETTINGS_DATASOURCE',
  'SETTINGS_SUBSCRIPTION',
  'SETTINGS_DELETE_ACCOUNT',
  'PROJECT_SWITCH',
  'ADMIN_MODELS',
  'ADMIN_MODELS_DELETE',
  'DEEP_RESEARCH_REPORTS',
  'EMPLOYEE_GROWTH_REPORT',
  'ORGANISATION_STRATEGY_REPORT',
  'ORGANISATION_OPPORTUNITY_REPORT',
] as const;

export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** Features a normal (non-admin) user may hold; the demo user gets all of them. */
export const NON_ADMIN_FEATURES: FeatureKey[] = FEATURE_KEYS.filter((k) => !k.startsWith('ADMIN_'));

/**
 * The model editor's features: every user owns their data sources, so every user may
 * correct the models of their own sources (`ADMIN_MODELS`) and delete those corrections.
 */
export const MODEL_FEATURES: FeatureKey[] = ['ADMIN_MODELS', 'ADMIN_MODELS_DELETE'];

export const LANGUAGES = ['en-US', 'en-GB', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

/** Version label shown in the app (spec 1 §9). */
export const APP_VERSION = '0.1.223';
