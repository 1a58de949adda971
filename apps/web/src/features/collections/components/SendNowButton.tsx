import '../i18n';
import { Button } from '@mantine/core';
import type { TCollection } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { MailIcon } from '../../../ui/icons';
import { useSendDigest } from '../hooks/useSendDigest';

/** "Send now": mails the collection's digest at once; shown only when a digest is set. */
export function SendNowButton({
  collection,
}: {
  collection: Pick<TCollection, 'id' | 'notification_frequency'>;
}) {
  const { t } = useTranslation();
  const send = useSendDigest();
  if (collection.notification_frequency === null) return null;
  return (
    <Button
      variant="default"
      leftSection={<MailIcon size={16} />}
      onClick={() => send.mutate(collection.id)}
      loading={send.isPending}
      title={t('collections:digest.send_now_hint')}
      data-testid="collection-send-now"
    >
      {t('collections:digest.send_now')}
    </Button>
  );
}
