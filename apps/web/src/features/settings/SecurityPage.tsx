import './i18n';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FORM_MODE, type RulesFor, useRulesResolver } from '../../ui/form';
import { PasswordStrengthMeter } from '../../ui/PasswordStrengthMeter';
import { useLogoutLocally } from '../session';
import { SettingsFrame } from './components/SettingsFrame';
import { useChangePassword } from './hooks/useAccount';

interface PasswordForm {
  password: string;
  repeat: string;
}

/** The password rule, and the repeat must match (spec 1 §5). */
const PASSWORD_RULES: RulesFor<PasswordForm> = {
  password: 'required|password',
  repeat: ['required', { rule: 'equals', param: 'password', message: 'login.passwords_must_be_same' }],
};

/** /user/security: change password (spec 1 §2.8). Success ends the session; a modal sends to /login. */
export default function SecurityPage() {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const logoutLocally = useLogoutLocally();
  const resolver = useRulesResolver<PasswordForm>(PASSWORD_RULES);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<PasswordForm>({ ...FORM_MODE, resolver, defaultValues: { password: '', repeat: '' } });

  const submit = handleSubmit(({ password }) => changePassword.mutate({ password }));

  return (
    <SettingsFrame testId="security" title={t('pages.security')} subtitle={t('settings:security_subtitle')}>
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
            <Button type="submit" loading={changePassword.isPending} data-testid="security-submit">
              {t('settings:change_password')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={changePassword.isSuccess}
        onClose={() => undefined}
        title={t('settings:password_changed_title')}
        centered
        closeOnClickOutside={false}
        closeOnEscape={false}
        withCloseButton={false}
        data-testid="security-modal"
      >
        <Text size="sm" mb="lg">
          {t('settings:password_changed_message')}
        </Text>
        <Group justify="flex-end">
          {/* The server ended every session; the local one ends here and the user signs in afresh. */}
          <Button onClick={() => logoutLocally()} data-testid="security-go-login">
            {t('settings:go_to_login')}
          </Button>
        </Group>
      </Modal>
    </SettingsFrame>
  );
}
