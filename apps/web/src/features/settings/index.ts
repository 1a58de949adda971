/**
 * Settings: profile, security and account deletion. Onboarding shares the profile's fields and
 * their rules; the data-sources screen shares the settings navigation. The router lazy-loads the
 * pages from their modules.
 */
export { ProfileFields } from './components/ProfileFields';
export { SettingsNav } from './components/SettingsNav';
export { PROFILE_FIELD_RULES, type ProfileFieldValues } from './profile';
export { countryOptions, guessCountry } from './reference';
