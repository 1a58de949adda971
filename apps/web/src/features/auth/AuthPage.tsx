import './i18n';
import type { TAuthConfig } from '@parley/contract';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { assertNever } from '../../lib/assert-never';
import { toast } from '../../lib/toast';
import { LanguageSelect } from '../../ui/LanguageSelect';
import { Logo } from '../../ui/Logo';
import { PageSpinner, Spinner } from '../../ui/Spinner';
import { ConsentView } from '../assistants';
import { brandName, useProviders, useSession } from '../session';
import { forgetAssistantSignIn } from './assistant-return';
import { ConfirmView } from './ConfirmView';
import { EmailLinkView } from './EmailLinkView';
import { useFinishSignIn } from './hooks/useSignIn';
import { LoginView } from './LoginView';
import { ResetPasswordView } from './ResetPasswordView';
import { type AssistantSignIn, type AuthView, assistantParams, assistantQuery, initialView } from './views';

/** The authentication screen: one card, eight views and an assistant's consent (spec 1 §2.4). */
export default function AuthPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { config, tenant, bootstrapped } = useSession();
  const search = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const [view, setView] = useState<AuthView>(() => initialView(location.pathname));
  const [email, setEmail] = useState(() => search.get('email') ?? '');
  const signIn = useMemo(() => assistantParams(search), [search]);
  const carried = useMemo(() => (signIn.interaction ? assistantQuery(search) : ''), [search, signIn]);
  const xsrfToken = search.get('xsrfToken');
  const finishSignIn = useFinishSignIn();

  useEffect(() => {
    setView(initialView(location.pathname));
  }, [location.pathname]);

  // /login?xsrfToken=… finishes a password sign-in: keep the token, read the user, go on — to the
  // consent view when an assistant's request waits, else to /.
  useEffect(() => {
    if (xsrfToken) void finishSignIn(xsrfToken, carried ? `/login?${carried}` : '/');
    // An assistant sign-in kept for a provider's return is stale once the card opens without one.
    else if (!carried) forgetAssistantSignIn();
  }, [xsrfToken, carried, finishSignIn]);

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

  if (xsrfToken) return <PageSpinner label={t('auth:login.signing_in')} />;

  const body =
    signIn.interaction && !bootstrapped ? (
      <Spinner size={24} label={t('common.loading')} />
    ) : signIn.interaction && tenant?.email ? (
      <Suspense fallback={<Spinner size={24} label={t('common.loading')} />}>
        <ConsentView uid={signIn.interaction} client={signIn.client} email={tenant.email} />
      </Suspense>
    ) : (
      <AuthBody
        view={view}
        config={config}
        email={email}
        onEmail={setEmail}
        onView={setView}
        onBack={goBack}
        signIn={signIn}
        carried={carried}
        search={search}
      />
    );
  const shown = signIn.interaction && tenant?.email ? 'consent' : view;
  return (
    <AuthFrame config={config} view={shown}>
      {body}
    </AuthFrame>
  );
}

/** The card's view for a visitor who is not yet signed in. */
function AuthBody(props: {
  view: AuthView;
  config: TAuthConfig | null;
  email: string;
  onEmail: (email: string) => void;
  onView: (view: AuthView) => void;
  onBack: () => void;
  signIn: AssistantSignIn;
  carried: string;
  search: URLSearchParams;
}) {
  const navigate = useNavigate();
  const providers = useProviders();
  const { view, config, email, onEmail, onBack } = props;
  const list = providers.data?.providers;
  switch (view) {
    case 'login':
      return (
        <LoginView
          config={config}
          email={email}
          onEmail={onEmail}
          password={!list || list.includes('password')}
          google={list?.includes('google') ?? false}
          magicLink={(list?.includes('magiclink') ?? false) && !props.signIn.assistant}
          signup={providers.data?.signup ?? false}
          oauth={props.signIn.oauth}
          client={props.signIn.client}
          assistant={props.carried || undefined}
          onView={(v) => (v === 'register' ? void navigate('/register') : props.onView(v))}
        />
      );
    case 'login_with_link':
    case 'register':
    case 'forgot_password':
      return (
        <EmailLinkView
          kind={view}
          config={config}
          email={email}
          onEmail={onEmail}
          onSent={() => props.onView(`${view}_confirm` as AuthView)}
          onBack={onBack}
        />
      );
    case 'login_with_link_confirm':
    case 'register_confirm':
    case 'forgot_password_confirm':
      return <ConfirmView kind={view} email={email} onBack={onBack} />;
    case 'reset_password':
      return (
        <ResetPasswordView
          config={config}
          email={props.search.get('email') ?? ''}
          token={props.search.get('token') ?? ''}
          onBack={onBack}
        />
      );
    default:
      return assertNever(view);
  }
}

/** The card's frame: brand, language, footer. */
function AuthFrame(props: { config: TAuthConfig | null; view: string; children: React.ReactNode }) {
  const { config, children } = props;
  const { t } = useTranslation();
  const brand = brandName(config);
  return (
    <main className="auth-page">
      <div className="auth-card" data-testid="auth-card" data-view={props.view}>
        <div className="auth-brand">
          <Logo />
          <span style={{ flex: 1 }}>{brand}</span>
          <LanguageSelect />
        </div>
        {children}
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
