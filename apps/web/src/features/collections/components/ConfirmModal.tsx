import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Button colour with AA contrast on white (Mantine's red 6 falls short). */
const DANGER = '#b91c1c';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}

/** Asks before something is deleted or removed; closes only through its own buttons. */
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
  testId,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid={testId}
    >
      <Text size="sm" mb="lg">
        {text}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy} data-testid={`${testId}-cancel`}>
          {t('common.cancel')}
        </Button>
        <Button color={DANGER} onClick={onConfirm} loading={busy} data-testid={`${testId}-confirm`}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
