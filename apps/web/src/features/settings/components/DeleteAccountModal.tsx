import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DELETE_CONFIRMATION, isDeleteConfirmed } from '../../../lib/contract';
import { useDeleteAccount } from '../hooks/useAccount';

/**
 * Account deletion (spec 1 §2.7): confirm is enabled only when the typed text is DELETE. The
 * server's 401 means done: toast, clear local storage, go to /login.
 */
export function DeleteAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const remove = useDeleteAccount();
  // Busy from the click until /login opens after a deletion.
  const busy = remove.isPending || remove.data?.deleted === true;

  const close = () => {
    setText('');
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('settings.delete_account_title')}
      centered
      closeOnClickOutside={false}
      data-testid="delete-account-modal"
    >
      <Text size="sm" mb="md">
        {t('settings.delete_account_warning')}
      </Text>
      <TextInput
        label={t('settings.delete_account_type', { word: DELETE_CONFIRMATION })}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autoComplete="off"
        spellCheck={false}
        data-testid="delete-account-input"
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close} disabled={busy} data-testid="delete-account-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          color="red"
          onClick={() => remove.mutate()}
          disabled={!isDeleteConfirmed(text)}
          loading={busy}
          data-testid="delete-account-confirm"
        >
          {t('settings.delete_account_confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
