import type { TAuthConfig } from '@parley/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getCaptchaToken, isLocalHost } from '../../lib/captcha';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/Button';
import { FORM_MODE, useRulesResolver } from '../../ui/form';
import { TextField } from '../../ui/TextField';
import { authApi, serverMessage } from './auth-api';
import { GoBackRow } from './GoBackRow';

type Kind = 'login_with_link' | 'register' | 'forgot_password';

const RULES = {
  email: [{ rule: 'required' as const, message: 'validation.email_required' }, { rule: 'email' as const }],
};

/** Test-id prefix per view. */
const PREFIX: Record<Kind, string> = {
  login_with_link: 'magic-link',
  register: 'register',
  forgot_password: 'forgot',
};

/** The e-mail-only views: magic link, register, forgot password. */
export function EmailLinkView(props: {
  kind: Kind;
  config: TAuthConfig | null;
  email: string;
  onEmail: (email: string) => void;
  onSent: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const resolver = useRulesResolver<{ email: string }>(RULES);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ ...FORM_MODE, resolver, defaultValues: { email: props.email } });
  const prefix = PREFIX[props.kind];

  const submit = handleSubmit(async ({ email }) => {
    const address = email.trim();
    props.onEmail(address);
    setBusy(true);
    const failure =
      props.kind === 'login_with_link'
        ? t('login.magic_link_failed')
        : props.kind === 'register'
          ? t('login.failed_to_register')
          : t('login.failed_to_send_recovery');
    try {
      const token = await getCaptchaToken(props.config, props.kind);
      const local = isLocalHost() || undefined;
      const answer =
        props.kind === 'login_with_link'
          ? await authApi.loginWithEmail({ email: address, token, local })
          : props.kind === 'register'
            ? await authApi.signup({ email: address, token })
            : await authApi.forgotPassword({ email: address, token, local });
      if (answer.status === 200) {
        props.onSent();
        return;
      }
      // The magic-link failure always uses its own text (spec 1 §8); the others prefer the server's.
      toast.error(props.kind === 'login_with_link' ? failure : (serverMessage(answer.data) ?? failure));
    } catch {
      toast.error(failure);
    } finally {
      setBusy(false);
    }
  });

  return (
    <div data-testid={`view-${props.kind}`}>
      <h1 className="auth-title">{t(`login.${props.kind}_title`)}</h1>
      <p className="auth-subtitle">{t(`login.${props.kind}_subtitle`)}</p>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="email"
          autoFocus
          placeholder={t('login.email_placeholder')}
          data-testid={`${prefix}-email`}
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" variant="primary" block loading={busy} data-testid={`${prefix}-submit`}>
          {t(`login.${props.kind}_submit`)}
        </Button>
      </form>
      <GoBackRow onBack={props.onBack} />
    </div>
  );
}
