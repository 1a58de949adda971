import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../i18n';
import { LANGUAGES } from '../../lib/contract';
import { FORM_MODE, useRulesResolver } from '../../ui/form';
import { useSession } from '../session';
import { DeleteAccountModal } from './components/DeleteAccountModal';
import { PhotoField } from './components/PhotoField';
import { SettingsNav } from './components/SettingsNav';
import { useProfileSavedToast, useUpdateProfile } from './hooks/useProfile';
import { PROFILE_RULES, type ProfileForm, profileBody, profileDefaults } from './profile';
import { countryOptions, timezoneOptions } from './reference';

/** /user/settings: the profile (spec 1 §2.7). Saving reloads the page. */
export default function ProfilePage() {
  const { t, i18n } = useTranslation();
  const { tenant } = useSession();
  const update = useUpdateProfile();
  // Busy from the click until the page reloads.
  const busy = update.isPending || update.isSuccess;
  const [deleting, setDeleting] = useState(false);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const timezones = useMemo(() => {
    const zones = timezoneOptions();
    const own = tenant?.timezone;
    return own && !zones.includes(own) ? [own, ...zones] : zones;
  }, [tenant?.timezone]);
  const languages = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }));
  const resolver = useRulesResolver<ProfileForm>(PROFILE_RULES);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isDirty },
  } = useForm<ProfileForm>({ ...FORM_MODE, resolver, defaultValues: profileDefaults(tenant) });

  useProfileSavedToast();

  const submit = handleSubmit((values) => update.mutate(profileBody(values)));

  const select = (
    name: 'country' | 'timezone' | 'language',
    label: string,
    data: Array<string | { value: string; label: string }>,
    extra: { required?: boolean; searchable?: boolean; limit?: number } = {},
  ): ReactNode => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          allowDeselect={false}
          data={data}
          value={field.value || null}
          onChange={(v) => field.onChange(v ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          error={errors[name]?.message}
          nothingFoundMessage={t('common.nothing_found')}
          data-testid={`profile-${name}`}
          {...extra}
        />
      )}
    />
  );

  return (
    <section className="page" data-testid="page-settings">
      <header className="page-header">
        <h1 className="page-title">{t('pages.profile')}</h1>
        <p className="page-subtitle">{t('settings.profile_subtitle')}</p>
      </header>
      <SettingsNav />
      <form onSubmit={submit} noValidate className="panel settings-panel" data-testid="profile-form">
        <Stack gap="md">
          <PhotoField
            value={watch('picture') || null}
            name={watch('name') || tenant?.email || ''}
            onChange={(picture) => setValue('picture', picture ?? '', { shouldDirty: true })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('settings.name')}
              required
              autoComplete="name"
              error={errors.name?.message}
              data-testid="profile-name"
              {...register('name')}
            />
            <TextInput
              label={t('settings.email')}
              value={tenant?.email ?? ''}
              readOnly
              variant="filled"
              title={t('settings.email_read_only')}
              data-testid="profile-email"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {select('country', t('settings.country'), countries, { required: true, searchable: true })}
            {select('timezone', t('settings.timezone'), timezones, {
              required: true,
              searchable: true,
              limit: 100,
            })}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('settings.organisation')}
              autoComplete="organization"
              error={errors.organisation?.message}
              data-testid="profile-organisation"
              {...register('organisation')}
            />
            <TextInput
              label={t('settings.position')}
              autoComplete="organization-title"
              error={errors.position?.message}
              data-testid="profile-position"
              {...register('position')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {select('language', t('settings.language'), languages)}
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button type="submit" loading={busy} disabled={!isDirty || busy} data-testid="profile-save">
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {tenant?.features.includes('SETTINGS_DELETE_ACCOUNT') ? (
        <div className="panel settings-danger" data-testid="danger-zone">
          <h2 className="panel-title">{t('settings.danger_zone')}</h2>
          <Group justify="space-between" gap="sm">
            <span className="page-subtitle" style={{ margin: 0 }}>
              {t('settings.delete_account_text')}
            </span>
            <Button
              variant="subtle"
              color="red"
              onClick={() => setDeleting(true)}
              data-testid="delete-account-link"
            >
              {t('settings.delete_account_link')}
            </Button>
          </Group>
        </div>
      ) : null}
      <DeleteAccountModal opened={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
