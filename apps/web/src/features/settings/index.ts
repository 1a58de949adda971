import './i18n';
import './settings.css';
import { lazy } from 'react';
import type { ProfileFields as ProfileFieldsType } from './components/ProfileFields';

/**
 * Settings: profile, security and account deletion. Onboarding shares the profile's fields and
 * their rules; the data-sources, model and subscription screens share the settings frame. The
 * router lazy-loads the pages from their modules. Its texts and styles come with whatever it lends.
 */
export { SettingsFrame } from './components/SettingsFrame';
export { PROFILE_FIELD_RULES, type ProfileFieldValues } from './profile';
export { countryOptions, guessCountry } from './reference';

/**
 * The profile's fields for onboarding, in a chunk of their own: every module this index lends is
 * loaded by each screen that imports it, and these bring the photo cropper and the form library.
 * The cast keeps the component's generic form type, which lazy() drops.
 */
export const ProfileFields = lazy(() =>
  import('./components/ProfileFields').then((m) => ({ default: m.ProfileFields })),
) as unknown as typeof ProfileFieldsType;
