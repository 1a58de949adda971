import './i18n';
import { Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import type { Language, TRegisterBody } from '@parley/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { browserLanguages } from '../../i18n/locale';
import { FORM_MODE, type RulesFor, useRulesResolver } from '../../ui/form';
import { Logo } from '../../ui/Logo';
import { PasswordStrengthMeter } from '../../ui/PasswordStrengthMeter';
import { brandName, browserTimezone, useSession } from '../session';
import { guessCountry, PROFILE_FIELD_RULES, ProfileFields, type ProfileFieldValues } from '../settings';
import { useRegister } from './hooks/useRegister';

/** The profile's fields (the picture a 128×128 JPEG data URL, or '') and an optional password. */
type OnboardingForm = ProfileFieldValues & { password: string; repeat: string };

/** The profile's rules; the password rule applies only if either box has text. */
function onboardingRules(values: Pick<OnboardingForm, 'password' | 'repeat'>): RulesFor<OnboardingForm> {
  const withPassword = values.password !== '' || values.repeat !== '';
  return {
    ...PROFILE_FIELD_RULES,
    ...(withPassword
      ? {
          password: 'required|password',
          repeat: [
            'required',
            { rule: 'equals', param: 'password', message: 'login.passwords_must_be_same' },
          ],
        }
      : {}),
  };
}

/** The registration body; optional fields are left out when empty. */
function registerBody(values: OnboardingForm, language: Language): TRegisterBody {
  return {
    name: values.name.trim(),
    country: values.country,
    timezone: values.timezone,
    organisation: values.organisation.trim() || null,
    position: values.position.trim() || null,
    picture: values.picture || null,
    language,
    ...(values.password ? { password: values.password } : {}),
  };
}

/** /onboarding: the one-step registration form (spec 1 §2.5). */
export default function OnboardingPage() {
  const { t, i18n } = useTranslation();
  const { tenant, config } = useSession();
  const registration = useRegister();
  const resolver = useRulesResolver<OnboardingForm>(onboardingRules);
  const form = useForm<OnboardingForm>({
    ...FORM_MODE,
    resolver,
    defaultValues: {
      name: tenant?.name ?? '',
      country: tenant?.country ?? guessCountry(browserLanguages()) ?? '',
      timezone: tenant?.timezone ?? browserTimezone(),
      organisation: tenant?.organisation ?? '',
      position: tenant?.position ?? '',
      picture: tenant?.picture ?? '',
      password: '',
      repeat: '',
    },
  });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = form;

  const submit = handleSubmit((values) =>
    registration.mutate(registerBody(values, i18n.language as Language)),
  );

  return (
    <section className="page" style={{ maxWidth: 640 }} data-testid="page-onboarding">
      <div className="panel" style={{ padding: 32 }}>
        <Group gap="sm" mb="lg">
          <Logo />
          <strong>{brandName(config)}</strong>
        </Group>
        <h1 className="page-title">{t('onboarding:title')}</h1>
        <p className="page-subtitle" style={{ marginBottom: 24 }}>
          {t('onboarding:subtitle')}
        </p>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <ProfileFields form={form} testIdPrefix="onboarding" photoOptional />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <div>
                <PasswordInput
                  label={t('onboarding:password')}
                  description={t('onboarding:password_optional')}
                  autoComplete="new-password"
                  error={errors.password?.message}
                  data-testid="onboarding-password"
                  {...register('password')}
                />
                <PasswordStrengthMeter password={watch('password')} />
              </div>
              <PasswordInput
                label={t('onboarding:repeat_password')}
                description=" "
                autoComplete="new-password"
                error={errors.repeat?.message}
                data-testid="onboarding-repeat"
                {...register('repeat')}
              />
            </SimpleGrid>
            <Group justify="flex-end" mt="sm">
              <Button type="submit" loading={registration.isPending} data-testid="onboarding-submit">
                {t('onboarding:submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </div>
    </section>
  );
}
