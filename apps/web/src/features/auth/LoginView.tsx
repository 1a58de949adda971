import type { AssistantKind, TAssistantOAuth, TAuthConfig } from '@parley/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { isLocalHost } from '../../lib/captcha';
import { Button } from '../../ui/Button';
import { FORM_MODE, useRulesResolver } from '../../ui/form';
import { GoogleIcon } from '../../ui/icons';
import { TextField } from '../../ui/TextField';
import { rememberAssistantSignIn } from './assistant-return';
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
  password: [{ rule: 'required' as const, message: 'auth:login.password_required' }],
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
  /** The assistant asking to be linked: the card names it. */
  client?: AssistantKind;
  /** An assistant sign-in's parameters (a query string): the sign-in ends on its consent view. */
  assistant?: string;
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
    signIn.mutate({ email: email.trim(), password, oauth: props.oauth, assistant: props.assistant });
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
      <h1 className="auth-title" data-testid="login-title">
        {props.client ? t(`auth:assistant.${props.client}`) : t('auth:login.title')}
      </h1>
      <p className="auth-subtitle">
        {props.client ? t('auth:assistant.subtitle') : t('auth:login.subtitle')}
      </p>
      <form onSubmit={submit} noValidate>
        {step === 'email' ? (
          <TextField
            label={t('auth:login.email')}
            type="email"
            autoComplete="username"
            autoFocus
            placeholder={t('auth:login.email_placeholder')}
            data-testid="login-email"
            error={errors.email?.message}
            {...register('email')}
          />
        ) : (
          <>
            <div className="auth-email-chip">
              <span data-testid="login-email-value">{getValues('email')}</span>
              <Button variant="link" onClick={changeEmail} data-testid="login-change-email">
                {t('auth:login.change')}
              </Button>
            </div>
            <TextField
              label={t('auth:login.password')}
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
          {t('auth:login.continue')}
        </Button>
      </form>
      {step === 'password' ? (
        <div className="auth-row">
          <Button variant="link" onClick={() => props.onView('forgot_password')} data-testid="login-forgot">
            {t('auth:login.forgot_password')}
          </Button>
        </div>
      ) : null}
      <OtherSignIns
        google={props.google}
        magicLink={props.magicLink}
        assistant={props.assistant}
        onMagicLink={() => props.onView('login_with_link')}
      />
      <div className="auth-row">
        {step === 'email' ? (
          <Button variant="link" onClick={() => props.onView('forgot_password')} data-testid="login-forgot">
            {t('auth:login.forgot_password')}
          </Button>
        ) : (
          <Button variant="link" onClick={goBack} data-testid="auth-back">
            {t('auth:login.go_back')}
          </Button>
        )}
        {props.signup ? (
          <span>
            {t('auth:login.no_account')}{' '}
            <Button variant="link" onClick={() => props.onView('register')} data-testid="login-register">
              {t('auth:login.register')}
            </Button>
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** Sign-in with Google and with an e-mailed link, under the form when the project offers them. */
function OtherSignIns(props: {
  google: boolean;
  magicLink: boolean;
  assistant?: string;
  onMagicLink: () => void;
}) {
  const { t } = useTranslation();
  if (!props.google && !props.magicLink) return null;
  const google = () => {
    // The provider returns to /authcallback, which brings the user back to the consent view.
    if (props.assistant) rememberAssistantSignIn(props.assistant);
    window.location.assign(googleRedirectUrl());
  };
  return (
    <>
      <div className="auth-divider">{t('auth:login.or')}</div>
      <div className="auth-stack">
        {props.google ? (
          <Button block data-testid="login-google" onClick={google}>
            <GoogleIcon />
            {t('auth:login.continue_with_google')}
          </Button>
        ) : null}
        {props.magicLink ? (
          <Button block data-testid="login-magic-link" onClick={props.onMagicLink}>
            {t('auth:login.sign_in_with_link')}
          </Button>
        ) : null}
      </div>
    </>
  );
}
