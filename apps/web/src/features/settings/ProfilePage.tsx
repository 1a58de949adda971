import './i18n';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../i18n';
import { LANGUAGES } from '../../lib/contract';
import { FORM_MODE, useRulesResolver } from '../../ui/form';
import { useSession } from '../session';
import { DeleteAccountModal } from './components/DeleteAccountModal';
import { ProfileFields } from './components/ProfileFields';
import { SettingsFrame } from './components/SettingsFrame';
import { useProfileSavedToast, useUpdateProfile } from './hooks/useProfile';
import { PROFILE_RULES, type ProfileForm, profileBody, profileDefaults } from './profile';

/** /user/settings: the profile (spec 1 §2.7). Saving reloads the page. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { tenant } = useSession();
  const update = useUpdateProfile();
  // Busy from the click until the page reloads.
  const busy = update.isPending || update.isSuccess;
  const [deleting, setDeleting] = useState(false);
  const languages = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }));
  const resolver = useRulesResolver<ProfileForm>(PROFILE_RULES);
  const form = useForm<ProfileForm>({ ...FORM_MODE, resolver, defaultValues: profileDefaults(tenant) });
  const {
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = form;

  useProfileSavedToast();

  const submit = handleSubmit((values) => update.mutate(profileBody(values)));

  const languageSelect = (
    <Controller
      control={control}
      name="language"
      render={({ field }) => (
        <Select
          label={t('settings:language')}
          allowDeselect={false}
          data={languages}
          value={field.value || null}
          onChange={(v) => field.onChange(v ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          error={errors.language?.message}
          nothingFoundMessage={t('common.nothing_found')}
          data-testid="profile-language"
        />
      )}
    />
  );

  return (
    <SettingsFrame testId="settings" title={t('pages.profile')} subtitle={t('settings:profile_subtitle')}>
      <form onSubmit={submit} noValidate className="panel settings-panel" data-testid="profile-form">
        <Stack gap="md">
          <ProfileFields
            form={form}
            testIdPrefix="profile"
            fallbackName={tenant?.email ?? ''}
            keepTimezone={tenant?.timezone}
            besideName={
              <TextInput
                label={t('settings:email')}
                value={tenant?.email ?? ''}
                readOnly
                variant="filled"
                title={t('settings:email_read_only')}
                data-testid="profile-email"
              />
            }
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{languageSelect}</SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button type="submit" loading={busy} disabled={!isDirty || busy} data-testid="profile-save">
              {t('settings:save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {tenant?.features.includes('SETTINGS_DELETE_ACCOUNT') ? (
        <div className="panel settings-danger" data-testid="danger-zone">
          <h2 className="panel-title">{t('settings:danger_zone')}</h2>
          <Group justify="space-between" gap="sm">
            <span className="page-subtitle" style={{ margin: 0 }}>
              {t('settings:delete_account_text')}
            </span>
            <Button
              variant="subtle"
              color="red"
              onClick={() => setDeleting(true)}
              data-testid="delete-account-link"
            >
              {t('settings:delete_account_link')}
            </Button>
          </Group>
        </div>
      ) : null}
      <DeleteAccountModal opened={deleting} onClose={() => setDeleting(false)} />
    </SettingsFrame>
  );
}
