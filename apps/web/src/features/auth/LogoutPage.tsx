import './i18n';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from './hooks/useLogout';

/** /logout: confirm in a modal, then POST /auth/logout and clear local storage. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  // Busy from the click until /login opens.
  const busy = logout.isPending || logout.isSuccess;

  const cancel = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/', { replace: true });
  };

  return (
    <Modal
      opened
      onClose={cancel}
      title={t('auth:logout.title')}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      data-testid="logout-modal"
    >
      <Text size="sm" mb="lg">
        {t('auth:logout.confirm_message')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={cancel} disabled={busy} data-testid="logout-cancel">
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={() => logout.mutate()} loading={busy} data-testid="logout-confirm">
          {t('auth:logout.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
