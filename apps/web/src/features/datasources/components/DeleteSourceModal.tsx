import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
    <Modal
      opened={source !== null}
      onClose={onClose}
      title={t('delete.title')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="ds-delete-modal"
    >
      <Text size="sm" mb="lg">
        {source ? t('delete.text', { name: sourceLabel(source, t) }) : null}
      </Text>
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={onClose}
          disabled={remove.isPending}
          data-testid="ds-delete-cancel"
        >
          {t('cancel')}
        </Button>
        <Button
          color={TONES.danger}
          onClick={confirm}
          loading={remove.isPending}
          data-testid="ds-delete-confirm"
        >
          {t('delete.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
