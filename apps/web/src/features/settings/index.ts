/**
 * Settings: profile, security and account deletion. Onboarding reuses the photo field and the
 * country and time-zone lists; the data-sources screen shares the settings navigation. The router
 * lazy-loads the pages from their modules.
 */
export { PhotoField } from './components/PhotoField';
export { SettingsNav } from './components/SettingsNav';
export { countryOptions, guessCountry, timezoneOptions } from './reference';
