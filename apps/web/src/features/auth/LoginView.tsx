import type { TAssistantOAuth, TAuthConfig } from '@parley/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { isLocalHost } from '../../lib/captcha';
import { Button } from '../../ui/Button';
import { FORM_MODE, useRulesResolver } from '../../ui/form';
import { GoogleIcon } from '../../ui/icons';
import { TextField } from '../../ui/TextField';
import { usePasswordSignIn } from './hooks/useSignIn';
import type { AuthView } from './views';

interface LoginForm {
  email: string;
  password: string;
}

const EMAIL_RULES = [
  { rule: 'required' as const, message: 'validation.email_required' },
  { rule: 'email' as const },
];
const RULES = {
  email: EMAIL_RULES,
  password: [{ rule: 'required' as const, message: 'login.password_required' }],
};
const EMAIL_ONLY = { email: EMAIL_RULES };

/** Sign-in with the external provider: a full-page redirect. */
function googleRedirectUrl(local = isLocalHost()): string {
  return api.url('GET /auth/loginredirect', {
    provider: 'GOOGLE',
    client: 'WEB',
    local: local ? 'true' : undefined,
  });
}

export function LoginView(props: {
  config: TAuthConfig | null;
  email: string;
  onEmail: (email: string) => void;
  password: boolean;
  google: boolean;
  magicLink: boolean;
  signup: boolean;
  oauth?: TAssistantOAuth;
  onView: (view: AuthView) => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'email' | 'password'>(props.email ? 'password' : 'email');
  const signIn = usePasswordSignIn(props.config);
  const passwordRef = useRef<HTMLInputElement | null>(null);
  const resolver = useRulesResolver<LoginForm>(() => (step === 'email' ? EMAIL_ONLY : RULES));
  const {
    register,
    handleSubmit,
    formState: { errors },
    getValues,
    reset,
  } = useForm<LoginForm>({ ...FORM_MODE, resolver, defaultValues: { email: props.email, password: '' } });

  useEffect(() => {
    if (step === 'password') passwordRef.current?.focus();
  }, [step]);

  const submit = handleSubmit(({ email, password }) => {
    props.onEmail(email.trim());
    if (step === 'email' && props.password) {
      setStep('password');
      return;
    }
    if (!props.password) {
      props.onView('login_with_link');
      return;
    }
    signIn.mutate({ email: email.trim(), password, oauth: props.oauth });
  });

  const changeEmail = () => {
    setStep('email');
    reset({ email: getValues('email'), password: '' });
  };

  const goBack = () => {
    setStep('email');
    props.onEmail('');
    reset({ email: '', password: '' });
  };

  const { ref: passwordFieldRef, ...passwordField } = register('password');

  return (
    <div data-testid="view-login">
      <h1 className="auth-title">{t('login.title')}</h1>
      <p className="auth-subtitle">{t('login.subtitle')}</p>
      <form onSubmit={submit} noValidate>
        {step === 'email' ? (
          <TextField
            label={t('login.email')}
            type="email"
            autoComplete="username"
            autoFocus
            placeholder={t('login.email_placeholder')}
            data-testid="login-email"
            error={errors.email?.message}
            {...register('email')}
          />
        ) : (
          <>
            <div className="auth-email-chip">
              <span data-testid="login-email-value">{getValues('email')}</span>
              <Button variant="link" onClick={changeEmail} data-testid="login-change-email">
                {t('login.change')}
              </Button>
            </div>
            <TextField
              label={t('login.password')}
              type="password"
              autoComplete="current-password"
              data-testid="login-password"
              error={errors.password?.message}
              ref={(el) => {
                passwordFieldRef(el);
                passwordRef.current = el;
              }}
              {...passwordField}
            />
          </>
        )}
        <Button type="submit" variant="primary" block loading={signIn.isPending} data-testid="login-continue">
          {t('login.continue')}
        </Button>
      </form>
      {step === 'password' ? (
        <div className="auth-row">
          <Button variant="link" onClick={() => props.onView('forgot_password')} data-testid="login-forgot">
            {t('login.forgot_password')}
          </Button>
        </div>
      ) : null}
      {props.google || props.magicLink ? (
        <>
          <div className="auth-divider">{t('login.or')}</div>
          <div className="auth-stack">
            {props.google ? (
              <Button
                block
                data-testid="login-google"
                onClick={() => window.location.assign(googleRedirectUrl())}
              >
                <GoogleIcon />
                {t('login.continue_with_google')}
              </Button>
            ) : null}
            {props.magicLink ? (
              <Button block data-testid="login-magic-link" onClick={() => props.onView('login_with_link')}>
                {t('login.sign_in_with_link')}
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
      <div className="auth-row">
        {step === 'email' ? (
          <Button variant="link" onClick={() => props.onView('forgot_password')} data-testid="login-forgot">
            {t('login.forgot_password')}
          </Button>
        ) : (
          <Button variant="link" onClick={goBack} data-testid="auth-back">
            {t('login.go_back')}
          </Button>
        )}
        {props.signup ? (
          <span>
            {t('login.no_account')}{' '}
            <Button variant="link" onClick={() => props.onView('register')} data-testid="login-register">
              {t('login.register')}
            </Button>
          </span>
        ) : null}
      </div>
    </div>
  );
}
