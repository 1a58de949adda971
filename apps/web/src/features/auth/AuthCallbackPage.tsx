import './i18n';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../ui/Spinner';
import { forgetAssistantSignIn, keptAssistantSignIn } from './assistant-return';
import { useFinishSignIn } from './hooks/useSignIn';

/**
 * /authcallback?xsrfToken=…: the end of a link or provider sign-in. An assistant's sign-in that
 * went out to the provider comes back to its consent view.
 */
export default function AuthCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('xsrfToken');
  const finishSignIn = useFinishSignIn();
  const next = useMemo(() => keptAssistantSignIn() ?? '/', []);
  useEffect(() => {
    forgetAssistantSignIn();
    if (!token) {
      void navigate('/login', { replace: true });
      return;
    }
    void finishSignIn(token, next);
  }, [token, next, navigate, finishSignIn]);
  return <PageSpinner label={t('auth:login.signing_in')} />;
}
