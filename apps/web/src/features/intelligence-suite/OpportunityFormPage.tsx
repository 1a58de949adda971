import './intelligence-suite.css';
import './i18n';
import { useTranslation } from 'react-i18next';
import { ProfileForm } from './components/ProfileForm';

/** /intelligence-suite/organisation-opportunity (spec 2 §3): the opportunity profile. */
export default function OpportunityFormPage() {
  const { t } = useTranslation('reports');
  return (
    <section className="page" data-testid="page-organisation-opportunity">
      <header className="page-header">
        <h1 className="page-title">{t('form.opportunity_title')}</h1>
        <p className="page-subtitle">{t('form.intro')}</p>
      </header>
      <ProfileForm report="organisation_opportunity" />
    </section>
  );
}
