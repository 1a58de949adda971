import './intelligence-suite.css';
import './i18n';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ProfileForm } from './components/ProfileForm';

/**
 * /intelligence-suite/organisation-strategy (spec 2 §3): the strategy profile; with
 * ?report=employee_growth the employee-growth report's, which is framed by the same fields.
 */
export default function StrategyFormPage() {
  const { t } = useTranslation('reports');
  const [params] = useSearchParams();
  const report = params.get('report') === 'employee_growth' ? 'employee_growth' : 'organisation_strategy';
  return (
    <section className="page" data-testid="page-organisation-strategy">
      <header className="page-header">
        <h1 className="page-title">
          {t(report === 'employee_growth' ? 'form.employee_title' : 'form.strategy_title')}
        </h1>
        <p className="page-subtitle">{t('form.intro')}</p>
      </header>
      <ProfileForm key={report} report={report} />
    </section>
  );
}
