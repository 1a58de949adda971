import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { MailIcon } from '../../ui/icons';

type Kind = 'login_with_link_confirm' | 'register_confirm' | 'forgot_password_confirm';

/** "Check your inbox" after a link was sent. */
export function ConfirmView({ kind, email, onBack }: { kind: Kind; email: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid={`view-${kind}`}>
      <div className="auth-confirm-icon" aria-hidden="true">
        <MailIcon size={22} strokeWidth={2} />
      </div>
      <h1 className="auth-title">{t('auth:login.check_inbox')}</h1>
      <p className="auth-subtitle" data-testid="auth-confirm-message">
        {t(`auth:login.${kind}_message`, { email })}
      </p>
      <p className="field-hint">{t('auth:login.link_expiry')}</p>
      <div className="auth-row">
        <Button variant="default" block onClick={onBack} data-testid="auth-back">
          {t('auth:login.back_to_login')}
        </Button>
      </div>
    </div>
  );
}
