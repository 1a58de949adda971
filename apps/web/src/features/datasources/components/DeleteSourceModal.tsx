import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../ui/ConfirmModal';
import { type Source, sourceLabel } from '../datasources';
import { useDeleteDatasource } from '../hooks/useCredentials';
import { TONES } from './tones';

/** Confirms deleting a connection; the source, its secrets and its cached data go (DESIGN §11). */
export function DeleteSourceModal({ source, onClose }: { source: Source | null; onClose: () => void }) {
  const { t } = useTranslation('datasources');
  const remove = useDeleteDatasource();
  const confirm = () => {
    if (source) remove.mutate(source.id, { onSuccess: onClose });
  };
  return (
    <ConfirmModal
      opened={source !== null}
      onClose={onClose}
      title={t('delete.title')}
      text={source ? t('delete.text', { name: sourceLabel(source, t) }) : null}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('cancel')}
      closeLabel={t('close')}
      color={TONES.danger}
      busy={remove.isPending}
      onConfirm={confirm}
      testId="ds-delete-modal"
      confirmTestId="ds-delete-confirm"
      cancelTestId="ds-delete-cancel"
    />
  );
}
