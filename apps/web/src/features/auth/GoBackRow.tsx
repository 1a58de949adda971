import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';

/** The "go back" link under a view's form: returns to the login view (spec 1 §2.4). */
export function GoBackRow({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="auth-row">
      <Button variant="link" onClick={onBack} data-testid="auth-back">
        {t('auth:login.go_back')}
      </Button>
    </div>
  );
}
