import './i18n';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { assertNever } from '../../lib/assert-never';
import { toast } from '../../lib/toast';
import { LanguageSelect } from '../../ui/LanguageSelect';
import { Logo } from '../../ui/Logo';
import { PageSpinner } from '../../ui/Spinner';
import { brandName, useProviders, useSession } from '../session';
import { ConfirmView } from './ConfirmView';
import { EmailLinkView } from './EmailLinkView';
import { useFinishSignIn } from './hooks/useSignIn';
import { LoginView } from './LoginView';
import { ResetPasswordView } from './ResetPasswordView';
import { type AuthView, assistantParams, initialView } from './views';

/** The authentication screen: one card, eight views (spec 1 §2.4). */
export default function AuthPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { config } = useSession();
  const providers = useProviders();
  const search = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const [view, setView] = useState<AuthView>(() => initialView(location.pathname));
  const [email, setEmail] = useState(() => search.get('email') ?? '');
  const [finishing, setFinishing] = useState(false);
  const { assistant, oauth } = useMemo(() => assistantParams(search), [search]);
  const xsrfToken = search.get('xsrfToken');
  const finishSignIn = useFinishSignIn();

  useEffect(() => {
    setView(initialView(location.pathname));
  }, [location.pathname]);

  // /login?xsrfToken=… finishes a password sign-in: keep the token, read the user, go on.
  useEffect(() => {
    if (!xsrfToken) return;
    setFinishing(true);
    void finishSignIn(xsrfToken);
  }, [xsrfToken, finishSignIn]);

  const linkError = search.get('error');
  useEffect(() => {
    if (linkError === 'link_expired') {
      toast.error(t('auth:login.link_expired'));
      void navigate('/login', { replace: true });
    }
  }, [linkError, navigate, t]);

  const goBack = () => {
    setEmail('');
    setView('login');
    if (location.pathname !== '/login') void navigate('/login');
  };

  if (finishing) return <PageSpinner label={t('auth:login.signing_in')} />;

  const list = providers.data?.providers;
  const signup = providers.data?.signup ?? false;
  const brand = brandName(config);

  let body: React.ReactNode;
  switch (view) {
    case 'login':
      body = (
        <LoginView
          config={config}
          email={email}
          onEmail={setEmail}
          password={!list || list.includes('password')}
          google={list?.includes('google') ?? false}
          magicLink={(list?.includes('magiclink') ?? false) && !assistant}
          signup={signup}
          oauth={oauth}
          onView={(v) => (v === 'register' ? void navigate('/register') : setView(v))}
        />
      );
      break;
    case 'login_with_link':
    case 'register':
    case 'forgot_password':
      body = (
        <EmailLinkView
          kind={view}
          config={config}
          email={email}
          onEmail={setEmail}
          onSent={() => setView(`${view}_confirm` as AuthView)}
          onBack={goBack}
        />
      );
      break;
    case 'login_with_link_confirm':
    case 'register_confirm':
    case 'forgot_password_confirm':
      body = <ConfirmView kind={view} email={email} onBack={goBack} />;
      break;
    case 'reset_password':
      body = (
        <ResetPasswordView
          config={config}
          email={search.get('email') ?? ''}
          token={search.get('token') ?? ''}
          onBack={goBack}
        />
      );
      break;
    default:
      assertNever(view);
  }

  return (
    <main className="auth-page">
      <div className="auth-card" data-testid="auth-card" data-view={view}>
        <div className="auth-brand">
          <Logo />
          <span style={{ flex: 1 }}>{brand}</span>
          <LanguageSelect />
        </div>
        {body}
      </div>
      <footer className="auth-footer">
        <span>
          © {new Date().getFullYear()} {brand}
        </span>
        <span>{t('common.version', { version: config?.version ?? '0.1.223' })}</span>
      </footer>
    </main>
  );
}
