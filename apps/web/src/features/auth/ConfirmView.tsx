import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';

type Kind = 'login_with_link_confirm' | 'register_confirm' | 'forgot_password_confirm';

/** "Check your inbox" after a link was sent. */
export function ConfirmView({ kind, email, onBack }: { kind: Kind; email: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid={`view-${kind}`}>
      <div className="auth-confirm-icon" aria-hidden="true">
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3 7 9 6 9-6" />
        </svg>
      </div>
      <h1 className="auth-title">{t('login.check_inbox')}</h1>
      <p className="auth-subtitle" data-testid="auth-confirm-message">
        {t(`login.${kind}_message`, { email })}
      </p>
      <p className="field-hint">{t('login.link_expiry')}</p>
      <div className="auth-row">
        <Button variant="default" block onClick={onBack} data-testid="auth-back">
          {t('login.back_to_login')}
        </Button>
      </div>
    </div>
  );
}
