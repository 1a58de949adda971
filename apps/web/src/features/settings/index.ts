/**
 * Settings: profile, security and account deletion. Onboarding shares the profile's fields and
 * their rules; the data-sources, model and subscription screens share the settings frame. The
 * router lazy-loads the pages from their modules.
 */
export { ProfileFields } from './components/ProfileFields';
export { SettingsFrame } from './components/SettingsFrame';
export { PROFILE_FIELD_RULES, type ProfileFieldValues } from './profile';
export { countryOptions, guessCountry } from './reference';
