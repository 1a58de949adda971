import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryClient, sessionKeys } from '../../app/session';
import { request } from '../../lib/api';
import { clearLocalStorage } from '../../lib/storage';

/** /logout: confirm in a modal, then POST /auth/logout and clear local storage. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const cancel = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/', { replace: true });
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await request('POST', '/auth/logout', {}, { logoutOn401: false });
    } catch {
      // The local session ends whatever the server answers.
    }
    clearLocalStorage();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    queryClient.setQueryData(sessionKeys.tenant, null);
    await navigate('/login', { replace: true });
  };

  return (
    <Modal
      opened
      onClose={cancel}
      title={t('logout.title')}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      data-testid="logout-modal"
    >
      <Text size="sm" mb="lg">
        {t('logout.confirm_message')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={cancel} disabled={busy} data-testid="logout-cancel">
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={() => void confirm()} loading={busy} data-testid="logout-confirm">
          {t('logout.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
