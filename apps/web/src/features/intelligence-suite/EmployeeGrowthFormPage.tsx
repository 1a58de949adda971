import './intelligence-suite.css';
import './i18n';
import { useTranslation } from 'react-i18next';
import { ProfileForm } from './components/ProfileForm';

/** /intelligence-suite/employee-growth: the employee-growth profile (focus functions, no target clients). */
export default function EmployeeGrowthFormPage() {
  const { t } = useTranslation('reports');
  return (
    <section className="page" data-testid="page-employee-growth">
      <header className="page-header">
        <h1 className="page-title">{t('form.employee_title')}</h1>
        <p className="page-subtitle">{t('form.intro')}</p>
      </header>
      <ProfileForm report="employee_growth" />
    </section>
  );
}
