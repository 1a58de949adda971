import { Alert, Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingError, planName } from '../../../lib/billing-words';
import { DELETE_CONFIRMATION, isDeleteConfirmed } from '../../../lib/contract';
import { useAccountSubscription, useDeleteAccount } from '../hooks/useAccount';

/**
 * Account deletion (spec 1 §2.7): confirm is enabled only when the typed text is DELETE. The
 * server's 401 means done: toast, clear local storage, go to /login.
 */
export function DeleteAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('settings:delete_account_title')}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="delete-account-modal"
    >
      <DeleteAccountBody onClose={onClose} />
    </Modal>
  );
}

/** The dialog's content, mounted only while it is open (so the subscription is read then). */
function DeleteAccountBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const remove = useDeleteAccount();
  const subscription = useAccountSubscription();
  // Busy from the click until /login opens after a deletion.
  const busy = remove.isPending || remove.data?.deleted === true;
  // The user reads whether a paid subscription is cancelled before they can confirm; a failed
  // check says what deletion does anyway (the server cancels first) and offers to check again.
  const checking = subscription.isPending && !subscription.isError;
  const paid = subscription.data?.paid_with_provider === true ? subscription.data : null;
  // The server's reason for refusing (a provider that could not cancel), shown where the user looks.
  const refused =
    remove.data && !remove.data.deleted
      ? (remove.data.message ?? t('settings:failed_to_delete_account'))
      : remove.error
        ? billingError(remove.error, t, t('settings:failed_to_delete_account'))
        : null;

  return (
    <>
      <Text size="sm" mb="md">
        {t('settings:delete_account_warning')}
      </Text>
      {checking && (
        <Text size="sm" c="dimmed" mb="md">
          {t('settings:delete_account_checking')}
        </Text>
      )}
      {subscription.isError && (
        <Alert color="orange" mb="md" data-testid="delete-account-check-failed">
          <Text size="sm">{t('settings:delete_account_check_failed')}</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            mt="xs"
            onClick={() => void subscription.refetch()}
            loading={subscription.isFetching}
            data-testid="delete-account-check-retry"
          >
            {t('settings:delete_account_check_retry')}
          </Button>
        </Alert>
      )}
      {paid && (
        <Alert color="orange" mb="md" data-testid="delete-account-subscription">
          {t('settings:delete_account_cancels_subscription', {
            plan: planName(t, paid.plan),
          })}
        </Alert>
      )}
      {refused && (
        <Alert color="red" mb="md" role="alert" data-testid="delete-account-error">
          {refused}
        </Alert>
      )}
      <TextInput
        label={t('settings:delete_account_type', { word: DELETE_CONFIRMATION })}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autoComplete="off"
        spellCheck={false}
        data-testid="delete-account-input"
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy} data-testid="delete-account-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          color="red"
          onClick={() => remove.mutate()}
          disabled={!isDeleteConfirmed(text) || checking}
          loading={busy}
          data-testid="delete-account-confirm"
        >
          {t('settings:delete_account_confirm')}
        </Button>
      </Group>
    </>
  );
}
