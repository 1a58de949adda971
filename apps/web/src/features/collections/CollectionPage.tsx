import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** Arrives with a later release; the route, guard and navigation are in place. */
export default function CollectionPage() {
  return <PlaceholderPage titleKey="pages.collection" testId="collection" />;
}
