import '../i18n';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, DANGER } from '../../../ui/ConfirmModal';

/** Asks before a card leaves its collection: from the grid's delete icon or the card editor. */
export function RemoveCardModal({
  opened,
  busy,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={opened}
      title={t('collections:card.remove_title')}
      text={t('collections:card.remove_text')}
      confirmLabel={t('collections:card.remove_confirm')}
      color={DANGER}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      testId="card-remove-modal"
    />
  );
}
