import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** Arrives with a later release; the route, guard and navigation are in place. */
export default function SecurityPage() {
  return <PlaceholderPage titleKey="pages.security" testId="security" />;
}
