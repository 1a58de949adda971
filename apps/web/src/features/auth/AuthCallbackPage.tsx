import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { refetchTenant } from '../../app/session';
import { setXsrfToken } from '../../lib/storage';
import { PageSpinner } from '../../ui/Spinner';

/** /authcallback?xsrfToken=…: the end of a link or provider sign-in. */
export default function AuthCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('xsrfToken');
  useEffect(() => {
    if (!token) {
      void navigate('/login', { replace: true });
      return;
    }
    setXsrfToken(token);
    void refetchTenant().finally(() => void navigate('/', { replace: true }));
  }, [token, navigate]);
  return <PageSpinner label={t('login.signing_in')} />;
}
