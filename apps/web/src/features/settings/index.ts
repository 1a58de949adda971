/**
 * Settings: profile, security and account deletion. Onboarding reuses the photo field and the
 * country and time-zone lists; the router lazy-loads the pages from their modules.
 */
export { PhotoField } from './components/PhotoField';
export { countryOptions, guessCountry, timezoneOptions } from './reference';
