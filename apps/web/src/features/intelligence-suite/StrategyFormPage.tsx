import './intelligence-suite.css';
import './i18n';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ProfileForm } from './components/ProfileForm';
import { formPath } from './reports';

/** /intelligence-suite/organisation-strategy (spec 2 §3): the strategy profile. */
export default function StrategyFormPage() {
  const { t } = useTranslation('reports');
  const [params] = useSearchParams();
  // Links from before employee growth had its own form.
  if (params.get('report') === 'employee_growth')
    return <Navigate to={formPath('employee_growth')} replace />;
  return (
    <section className="page" data-testid="page-organisation-strategy">
      <header className="page-header">
        <h1 className="page-title">{t('form.strategy_title')}</h1>
        <p className="page-subtitle">{t('form.intro')}</p>
      </header>
      <ProfileForm report="organisation_strategy" />
    </section>
  );
}
