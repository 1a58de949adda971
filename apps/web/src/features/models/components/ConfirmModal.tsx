import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}

/** A yes/no question before an action that changes the saved model. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  busy,
  danger,
  onConfirm,
  onClose,
  testId,
}: Props) {
  const { t } = useTranslation('models');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid={testId}
    >
      <Text size="sm" mb="lg" component="div">
        {children}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button
          color={danger ? 'red' : undefined}
          onClick={onConfirm}
          loading={busy}
          data-testid={testId && `${testId}-confirm`}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
