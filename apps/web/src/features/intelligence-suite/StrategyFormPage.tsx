import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** Arrives with a later release; the route, guard and navigation are in place. */
export default function StrategyFormPage() {
  return <PlaceholderPage titleKey="pages.organisation_strategy" testId="organisation-strategy" />;
}
