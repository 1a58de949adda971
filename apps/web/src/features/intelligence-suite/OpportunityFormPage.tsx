import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** Arrives with a later release; the route, guard and navigation are in place. */
export default function OpportunityFormPage() {
  return <PlaceholderPage titleKey="pages.organisation_opportunity" testId="organisation-opportunity" />;
}
