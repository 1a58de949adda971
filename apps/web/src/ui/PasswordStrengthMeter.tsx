import { useTranslation } from 'react-i18next';
import { passwordStrength } from '../lib/contract';

/** Four bars plus the level name (risky … secure) for a new password. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  if (!password) return null;
  const { score, level } = passwordStrength(password);
  return (
    <div aria-live="polite" data-testid="password-strength" data-score={score}>
      <div className="strength" data-score={score} aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
      </div>
      <div className="field-hint">
        {t('password_strength.label', { level: t(`password_strength.${level}`) })}
      </div>
    </div>
  );
}
