import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logoutLocally } from '../../../app/App';
import { errorMessage } from '../../../lib/api';
import { DELETE_CONFIRMATION, isDeleteConfirmed } from '../../../lib/contract';
import { toast } from '../../../lib/toast';
import { deleteAccount } from '../settings-api';

/**
 * Account deletion (spec 1 §2.7): confirm is enabled only when the typed text is DELETE. The
 * server's 401 means done: toast, clear local storage, go to /login.
 */
export function DeleteAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  const close = () => {
    setText('');
    onClose();
  };

  const confirm = async () => {
    setBusy(true);
    try {
      const outcome = await deleteAccount();
      if (outcome.deleted) {
        toast.success(outcome.message ?? t('settings.account_deleted'));
        logoutLocally();
        return;
      }
      toast.error(outcome.message ?? t('settings.failed_to_delete_account'));
    } catch (err) {
      toast.error(errorMessage(err, t('settings.failed_to_delete_account')));
    }
    setBusy(false);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('settings.delete_account_title')}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
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
          onClick={() => void confirm()}
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
