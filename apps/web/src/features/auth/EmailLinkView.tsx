import type { TAuthConfig } from '@parley/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { FORM_MODE, useRulesResolver } from '../../ui/form';
import { TextField } from '../../ui/TextField';
import { GoBackRow } from './GoBackRow';
import { type EmailLinkKind as Kind, useEmailLink } from './hooks/useEmailLink';

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
  const send = useEmailLink(props.kind, props.config);
  const resolver = useRulesResolver<{ email: string }>(RULES);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ ...FORM_MODE, resolver, defaultValues: { email: props.email } });
  const prefix = PREFIX[props.kind];

  const submit = handleSubmit(({ email }) => {
    const address = email.trim();
    props.onEmail(address);
    send.mutate(address, { onSuccess: () => props.onSent() });
  });

  return (
    <div data-testid={`view-${props.kind}`}>
      <h1 className="auth-title">{t(`auth:login.${props.kind}_title`)}</h1>
      <p className="auth-subtitle">{t(`auth:login.${props.kind}_subtitle`)}</p>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('auth:login.email')}
          type="email"
          autoComplete="email"
          autoFocus
          placeholder={t('auth:login.email_placeholder')}
          data-testid={`${prefix}-email`}
          error={errors.email?.message}
          {...register('email')}
        />
        <Button
          type="submit"
          variant="primary"
          block
          loading={send.isPending}
          data-testid={`${prefix}-submit`}
        >
          {t(`auth:login.${props.kind}_submit`)}
        </Button>
      </form>
      <GoBackRow onBack={props.onBack} />
    </div>
  );
}
