import type { Language, TProfileBody, TTenant } from '@parley/contract';
import { DEFAULT_LANGUAGE, LANGUAGES, LIMITS } from '../../lib/contract';
import type { RulesFor } from '../../ui/form';

/** The fields onboarding and the profile share (ProfileFields); absent optional texts are ''. */
export type ProfileFieldValues = {
  name: string;
  country: string;
  timezone: string;
  organisation: string;
  position: string;
  /** A data URL, or '' for no photo. */
  picture: string;
};

/** The profile form's values: the shared fields and the interface language. */
export type ProfileForm = ProfileFieldValues & { language: Language };

/**
 * Spec 1 §5: name and country are required. Timezone is required too because the server's
 * profile body needs an IANA name (DESIGN §4). Onboarding and the profile validate alike.
 */
export const PROFILE_FIELD_RULES: RulesFor<ProfileFieldValues> = {
  name: `required|maxLength:${LIMITS.NAME}`,
  country: 'required',
  timezone: 'required',
  organisation: `maxLength:${LIMITS.NAME}`,
  position: `maxLength:${LIMITS.NAME}`,
};

/** The profile's rules: the shared fields' (the language is always one of the list). */
export const PROFILE_RULES: RulesFor<ProfileForm> = PROFILE_FIELD_RULES;

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** The form's starting values from the tenant. */
export function profileDefaults(
  tenant: Pick<
    TTenant,
    'name' | 'country' | 'timezone' | 'organisation' | 'position' | 'language' | 'picture'
  > | null,
): ProfileForm {
  return {
    name: tenant?.name ?? '',
    country: tenant?.country ?? '',
    timezone: tenant?.timezone ?? '',
    organisation: tenant?.organisation ?? '',
    position: tenant?.position ?? '',
    language: tenant && isLanguage(tenant.language) ? tenant.language : DEFAULT_LANGUAGE,
    picture: tenant?.picture ?? '',
  };
}

/** PUT /features/profile body: trimmed texts, null for empty optional fields and no photo. */
export function profileBody(values: ProfileForm): TProfileBody {
  return {
    name: values.name.trim(),
    country: values.country,
    timezone: values.timezone,
    organisation: values.organisation.trim() || null,
    position: values.position.trim() || null,
    picture: values.picture || null,
    language: values.language,
  };
}
