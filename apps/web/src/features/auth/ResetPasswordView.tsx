import type { TAuthConfig } from '@parley/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { FORM_MODE, useRulesResolver } from '../../ui/form';
import { PasswordStrengthMeter } from '../../ui/PasswordStrengthMeter';
import { TextField } from '../../ui/TextField';
import { GoBackRow } from './GoBackRow';
import { usePasswordReset } from './hooks/usePasswordReset';

interface ResetForm {
  password: string;
  repeat: string;
}

const NEW_PASSWORD_RULES = {
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
  const reset = usePasswordReset(props.config);
  const resolver = useRulesResolver<ResetForm>(NEW_PASSWORD_RULES);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ResetForm>({ ...FORM_MODE, resolver, defaultValues: { password: '', repeat: '' } });

  const submit = handleSubmit(({ password }) => {
    reset.mutate({ email: props.email, token: props.token, password });
  });

  if (!props.email || !props.token) {
    return (
      <div data-testid="view-reset_password">
        <h1 className="auth-title">{t('auth:login.reset_password_title')}</h1>
        <p className="auth-subtitle" role="alert">
          {t('auth:login.reset_link_invalid')}
        </p>
        <Button block onClick={props.onBack} data-testid="auth-back">
          {t('auth:login.back_to_login')}
        </Button>
      </div>
    );
  }

  return (
    <div data-testid="view-reset_password">
      <h1 className="auth-title">{t('auth:login.reset_password_title')}</h1>
      <p className="auth-subtitle">{t('auth:login.reset_password_subtitle')}</p>
      <form onSubmit={submit} noValidate>
        <TextField label={t('auth:login.email')} value={props.email} readOnly data-testid="reset-email" />
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
        <Button type="submit" variant="primary" block loading={reset.isPending} data-testid="reset-submit">
          {t('auth:login.reset_password_submit')}
        </Button>
      </form>
      <GoBackRow onBack={props.onBack} />
    </div>
  );
}
