import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGE_NAMES } from '../i18n';
import { LANGUAGES, type Language } from '../lib/contract';

/** The language selector of the login card. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <select
      className="lang-select"
      aria-label={t('common.language')}
      data-testid="language-select"
      value={i18n.language}
      onChange={(e) => {
        void changeLanguage(e.target.value as Language);
      }}
    >
      {LANGUAGES.map((lng) => (
        <option key={lng} value={lng} lang={lng}>
          {LANGUAGE_NAMES[lng]}
        </option>
      ))}
    </select>
  );
}
