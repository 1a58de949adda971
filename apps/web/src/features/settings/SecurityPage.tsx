import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { logoutLocally } from '../../app/App';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { FORM_MODE, type RulesFor, useRulesResolver } from '../../ui/form';
import { PasswordStrengthMeter } from '../../ui/PasswordStrengthMeter';
import { SettingsNav } from './components/SettingsNav';
import { changePassword } from './settings-api';

interface PasswordForm {
  password: string;
  repeat: string;
}

/** The password rule, and the repeat must match (spec 1 §5). */
export const PASSWORD_RULES: RulesFor<PasswordForm> = {
  password: 'required|password',
  repeat: ['required', { rule: 'equals', param: 'password', message: 'login.passwords_must_be_same' }],
};

/** /user/security: change password (spec 1 §2.8). Success ends the session; a modal sends to /login. */
export default function SecurityPage() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const resolver = useRulesResolver<PasswordForm>(PASSWORD_RULES);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<PasswordForm>({ ...FORM_MODE, resolver, defaultValues: { password: '', repeat: '' } });

  const submit = handleSubmit(async ({ password }) => {
    setBusy(true);
    try {
      await changePassword({ password });
      setDone(true);
    } catch (err) {
      toast.error(errorMessage(err, t('settings.failed_to_reset_password')));
    } finally {
      setBusy(false);
    }
  });

  return (
    <section className="page" data-testid="page-security">
      <header className="page-header">
        <h1 className="page-title">{t('pages.security')}</h1>
        <p className="page-subtitle">{t('settings.security_subtitle')}</p>
      </header>
      <SettingsNav />
      <form onSubmit={submit} noValidate className="panel settings-panel" data-testid="security-form">
        <Stack gap="md" maw={420}>
          <div>
            <PasswordInput
              label={t('login.new_password')}
              required
              autoComplete="new-password"
              error={errors.password?.message}
              data-testid="security-password"
              {...register('password')}
            />
            <PasswordStrengthMeter password={watch('password')} />
          </div>
          <PasswordInput
            label={t('login.repeat_password')}
            required
            autoComplete="new-password"
            error={errors.repeat?.message}
            data-testid="security-repeat"
            {...register('repeat')}
          />
          <Text size="xs" c="dimmed">
            {t('validation.password')}
          </Text>
          <Group>
            <Button type="submit" loading={busy} data-testid="security-submit">
              {t('settings.change_password')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={done}
        onClose={() => undefined}
        title={t('settings.password_changed_title')}
        centered
        closeOnClickOutside={false}
        closeOnEscape={false}
        withCloseButton={false}
        data-testid="security-modal"
      >
        <Text size="sm" mb="lg">
          {t('settings.password_changed_message')}
        </Text>
        <Group justify="flex-end">
          {/* The server ended every session; the local one ends here and the user signs in afresh. */}
          <Button onClick={logoutLocally} data-testid="security-go-login">
            {t('settings.go_to_login')}
          </Button>
        </Group>
      </Modal>
    </section>
  );
}
