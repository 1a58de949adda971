import { useTranslation } from 'react-i18next';

/** An honest stand-in for a screen that a later release builds. */
export function PlaceholderPage({ titleKey, testId }: { titleKey: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="page" data-testid={`page-${testId}`}>
      <header className="page-header">
        <h1 className="page-title">{t(titleKey)}</h1>
      </header>
      <div className="panel placeholder" data-testid="placeholder">
        <p>{t('common.later_release')}</p>
      </div>
    </section>
  );
}
