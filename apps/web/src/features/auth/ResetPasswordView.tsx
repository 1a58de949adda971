import type { TAuthConfig } from '@parley/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { refetchTenant } from '../../app/session';
import { getCaptchaToken } from '../../lib/captcha';
import { setXsrfToken } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/Button';
import { FORM_MODE, useRulesResolver } from '../../ui/form';
import { PasswordStrengthMeter } from '../../ui/PasswordStrengthMeter';
import { TextField } from '../../ui/TextField';
import { authApi, serverMessage } from './auth-api';
import { GoBackRow } from './GoBackRow';

interface ResetForm {
  password: string;
  repeat: string;
}

export const NEW_PASSWORD_RULES = {
  password: 'required|password',
  repeat: [
    'required',
    { rule: 'equals' as const, param: 'password', message: 'login.passwords_must_be_same' },
  ],
};

/** reset_password: entered from the recovery link with ?email=&token=. */
export function ResetPasswordView(props: {
  config: TAuthConfig | null;
  email: string;
  token: string;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const resolver = useRulesResolver<ResetForm>(NEW_PASSWORD_RULES);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ResetForm>({ ...FORM_MODE, resolver, defaultValues: { password: '', repeat: '' } });

  const submit = handleSubmit(async ({ password }) => {
    setBusy(true);
    try {
      const captcha = await getCaptchaToken(props.config, 'password_reset');
      const answer = await authApi.passwordReset({
        email: props.email,
        token: props.token,
        password,
        captcha,
      });
      const data = answer.data;
      if (answer.status === 200 && 'xsrfToken' in data && data.xsrfToken) {
        setXsrfToken(data.xsrfToken);
        toast.success(t('login.password_changed_successfully'));
        await refetchTenant();
        await navigate('/', { replace: true });
        return;
      }
      toast.error(serverMessage(data) ?? t('login.failed_to_reset_password'));
    } catch {
      toast.error(t('login.failed_to_reset_password'));
    } finally {
      setBusy(false);
    }
  });

  if (!props.email || !props.token) {
    return (
      <div data-testid="view-reset_password">
        <h1 className="auth-title">{t('login.reset_password_title')}</h1>
        <p className="auth-subtitle" role="alert">
          {t('login.reset_link_invalid')}
        </p>
        <Button block onClick={props.onBack} data-testid="auth-back">
          {t('login.back_to_login')}
        </Button>
      </div>
    );
  }

  return (
    <div data-testid="view-reset_password">
      <h1 className="auth-title">{t('login.reset_password_title')}</h1>
      <p className="auth-subtitle">{t('login.reset_password_subtitle')}</p>
      <form onSubmit={submit} noValidate>
        <TextField label={t('login.email')} value={props.email} readOnly data-testid="reset-email" />
        <TextField
          label={t('login.new_password')}
          type="password"
          autoComplete="new-password"
          autoFocus
          data-testid="reset-password"
          error={errors.password?.message}
          hint={<PasswordStrengthMeter password={watch('password')} />}
          {...register('password')}
        />
        <TextField
          label={t('login.repeat_password')}
          type="password"
          autoComplete="new-password"
          data-testid="reset-repeat"
          error={errors.repeat?.message}
          {...register('repeat')}
        />
        <Button type="submit" variant="primary" block loading={busy} data-testid="reset-submit">
          {t('login.reset_password_submit')}
        </Button>
      </form>
      <GoBackRow onBack={props.onBack} />
    </div>
  );
}
