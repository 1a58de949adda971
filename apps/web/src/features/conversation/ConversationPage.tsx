import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** Arrives with a later release; the route, guard and navigation are in place. */
export default function ConversationPage() {
  return <PlaceholderPage titleKey="nav.conversations" testId="conversation" />;
}
