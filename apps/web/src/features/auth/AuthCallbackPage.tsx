import './i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../ui/Spinner';
import { useFinishSignIn } from './hooks/useSignIn';

/** /authcallback?xsrfToken=…: the end of a link or provider sign-in. */
export default function AuthCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('xsrfToken');
  const finishSignIn = useFinishSignIn();
  useEffect(() => {
    if (!token) {
      void navigate('/login', { replace: true });
      return;
    }
    void finishSignIn(token);
  }, [token, navigate, finishSignIn]);
  return <PageSpinner label={t('auth:login.signing_in')} />;
}
