import { Button, Group, type MantineColor, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// Callers colour their deletes from here, the theme holding the one red.
export { DANGER } from './colours';

export interface ConfirmModalProps {
  opened: boolean;
  title: ReactNode;
  /** The question, in small text. */
  text?: ReactNode;
  /** Anything laid out on its own (lists, notes, a field), below the text. */
  children?: ReactNode;
  confirmLabel: ReactNode;
  /** Default: common.cancel. */
  cancelLabel?: ReactNode;
  /** The close button's accessible name; default: common.close. */
  closeLabel?: string;
  /** The confirm button's colour (DANGER for deletes); none: the brand colour. */
  color?: MantineColor;
  /** While the action runs: the confirm button spins and Cancel waits. */
  busy?: boolean;
  /** Escape closes unless false (the logout modal keeps it). */
  closeOnEscape?: boolean;
  withCloseButton?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
  /** Default: `${testId}-confirm`. */
  confirmTestId?: string;
  /** Default: `${testId}-cancel`. */
  cancelTestId?: string;
}

/**
 * Asks before an action: the question, Cancel and the confirm button. Like every modal of the app
 * it ignores clicks outside (spec 1); Escape and its own buttons close it.
 */
export function ConfirmModal({
  opened,
  title,
  text,
  children,
  confirmLabel,
  cancelLabel,
  closeLabel,
  color,
  busy,
  closeOnEscape = true,
  withCloseButton = true,
  onConfirm,
  onClose,
  testId,
  confirmTestId = testId && `${testId}-confirm`,
  cancelTestId = testId && `${testId}-cancel`,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeOnClickOutside={false}
      closeOnEscape={closeOnEscape}
      title={title}
      centered
      withCloseButton={withCloseButton}
      closeButtonProps={{ 'aria-label': closeLabel ?? t('common.close') }}
      data-testid={testId}
    >
      {text !== undefined ? (
        <Text size="sm" mb="lg" component="div">
          {text}
        </Text>
      ) : null}
      {children}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} disabled={busy} data-testid={cancelTestId}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button color={color} onClick={onConfirm} loading={busy} data-testid={confirmTestId}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
