import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../ui/ConfirmModal';
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
    // Spec 1: the logout modal ignores Escape as well as outside clicks.
    <ConfirmModal
      opened
      onClose={cancel}
      title={t('logout.title')}
      text={t('logout.confirm_message')}
      confirmLabel={t('logout.confirm')}
      color="red"
      busy={busy}
      onConfirm={() => logout.mutate()}
      closeOnEscape={false}
      withCloseButton={false}
      testId="logout-modal"
      confirmTestId="logout-confirm"
      cancelTestId="logout-cancel"
    />
  );
}
