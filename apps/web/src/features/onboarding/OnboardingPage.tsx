import { Button, Group, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Language, TRegisterBody } from '@parley/contract';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { browserLanguages } from '../../i18n/locale';
import { LIMITS } from '../../lib/contract';
import { FORM_MODE, type RulesFor, useRulesResolver } from '../../ui/form';
import { Logo } from '../../ui/Logo';
import { PasswordStrengthMeter } from '../../ui/PasswordStrengthMeter';
import { brandName, browserTimezone, useSession } from '../session';
import { countryOptions, guessCountry, PhotoField, timezoneOptions } from '../settings';
import { useRegister } from './hooks/useRegister';

interface OnboardingForm {
  name: string;
  country: string;
  timezone: string;
  organisation: string;
  position: string;
  /** A 128×128 JPEG data URL from the photo modal, or '' for none. */
  picture: string;
  password: string;
  repeat: string;
}

/** Name, country and timezone are required; the password rule applies only if either box has text. */
function onboardingRules(values: Pick<OnboardingForm, 'password' | 'repeat'>): RulesFor<OnboardingForm> {
  const withPassword = values.password !== '' || values.repeat !== '';
  return {
    name: `required|maxLength:${LIMITS.NAME}`,
    country: 'required',
    timezone: 'required',
    organisation: `maxLength:${LIMITS.NAME}`,
    position: `maxLength:${LIMITS.NAME}`,
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
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const timezones = useMemo(() => timezoneOptions(), []);
  const resolver = useRulesResolver<OnboardingForm>(onboardingRules);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<OnboardingForm>({
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
        <h1 className="page-title">{t('onboarding.title')}</h1>
        <p className="page-subtitle" style={{ marginBottom: 24 }}>
          {t('onboarding.subtitle')}
        </p>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <PhotoField
              optional
              value={watch('picture') || null}
              name={watch('name')}
              onChange={(picture) => setValue('picture', picture ?? '', { shouldDirty: true })}
            />
            <TextInput
              label={t('onboarding.name')}
              required
              autoComplete="name"
              error={errors.name?.message}
              data-testid="onboarding-name"
              {...register('name')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={control}
                name="country"
                render={({ field }) => (
                  <Select
                    label={t('onboarding.country')}
                    required
                    searchable
                    allowDeselect={false}
                    data={countries}
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errors.country?.message}
                    nothingFoundMessage={t('common.nothing_found')}
                    data-testid="onboarding-country"
                  />
                )}
              />
              <Controller
                control={control}
                name="timezone"
                render={({ field }) => (
                  <Select
                    label={t('onboarding.timezone')}
                    required
                    searchable
                    allowDeselect={false}
                    data={timezones}
                    limit={100}
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errors.timezone?.message}
                    nothingFoundMessage={t('common.nothing_found')}
                    data-testid="onboarding-timezone"
                  />
                )}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('onboarding.organisation')}
                autoComplete="organization"
                error={errors.organisation?.message}
                data-testid="onboarding-organisation"
                {...register('organisation')}
              />
              <TextInput
                label={t('onboarding.position')}
                autoComplete="organization-title"
                error={errors.position?.message}
                data-testid="onboarding-position"
                {...register('position')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <div>
                <PasswordInput
                  label={t('onboarding.password')}
                  description={t('onboarding.password_optional')}
                  autoComplete="new-password"
                  error={errors.password?.message}
                  data-testid="onboarding-password"
                  {...register('password')}
                />
                <PasswordStrengthMeter password={watch('password')} />
              </div>
              <PasswordInput
                label={t('onboarding.repeat_password')}
                description=" "
                autoComplete="new-password"
                error={errors.repeat?.message}
                data-testid="onboarding-repeat"
                {...register('repeat')}
              />
            </SimpleGrid>
            <Group justify="flex-end" mt="sm">
              <Button type="submit" loading={registration.isPending} data-testid="onboarding-submit">
                {t('onboarding.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </div>
    </section>
  );
}
