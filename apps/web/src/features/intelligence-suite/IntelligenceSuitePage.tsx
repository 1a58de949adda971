import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** Arrives with a later release; the route, guard and navigation are in place. */
export default function IntelligenceSuitePage() {
  return <PlaceholderPage titleKey="pages.intelligence_suite" testId="intelligence-suite" />;
}
