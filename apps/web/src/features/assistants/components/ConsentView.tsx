import '../assistants.css';
import '../i18n';
import type { AssistantKind, TOAuthInteraction } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import {
  type ConsentAnswer,
  isExpiredRequest,
  useAnswerInteraction,
  useInteraction,
} from '../hooks/useInteraction';
import { KIND_ICONS, scopeLines } from '../words';

export interface ConsentViewProps {
  /** The authorisation request waiting for the user's answer. */
  uid: string;
  /** The assistant named by the sign-in's parameters: says how to start again once the request expired. */
  client?: AssistantKind;
  /** The signed-in user's e-mail, so the user sees which account is being linked. */
  email?: string;
}

/**
 * The consent view of an assistant's sign-in (DESIGN §12): which client asks, what it may do, where
 * the browser returns; Allow or Deny, then on to the authorisation server's redirect.
 */
export default function ConsentView({ uid, client, email }: ConsentViewProps) {
  const { t } = useTranslation('assistants');
  const interaction = useInteraction(uid);
  const answer = useAnswerInteraction(uid);
  if (isExpiredRequest(interaction.error) || isExpiredRequest(answer.error)) {
    return <ExpiredRequest client={interaction.data?.client.kind ?? client} />;
  }
  if (interaction.isError) {
    return (
      <div data-testid="consent-view">
        <p role="alert">{t('consent.load_failed')}</p>
        <Button onClick={() => void interaction.refetch()} data-testid="consent-retry">
          {t('consent.retry')}
        </Button>
      </div>
    );
  }
  if (!interaction.data) return <Spinner size={24} label={t('consent.loading')} />;
  // After an answer the page is leaving: the buttons stay busy until it has gone.
  const busy = answer.isPending || answer.data === true ? answer.variables : undefined;
  return <ConsentCard request={interaction.data} email={email} busy={busy} onAnswer={answer.mutate} />;
}

function ConsentCard(props: {
  request: TOAuthInteraction;
  email?: string;
  busy?: ConsentAnswer;
  onAnswer: (answer: ConsentAnswer) => void;
}) {
  const { t } = useTranslation('assistants');
  const { client, scopes, redirect_host: host } = props.request;
  const Icon = KIND_ICONS[client.kind];
  return (
    <div data-testid="consent-view" data-client={client.kind}>
      <div className="consent-client">
        {client.logo_uri ? (
          <img
            className="consent-logo"
            src={client.logo_uri}
            alt={t('consent.logo', { name: client.name })}
          />
        ) : (
          <span className="consent-logo" aria-hidden="true">
            <Icon size={22} />
          </span>
        )}
        <div>
          <h1 className="auth-title" data-testid="consent-client">
            {t('consent.title', { name: client.name })}
          </h1>
          {client.uri ? <div className="consent-uri">{client.uri}</div> : null}
        </div>
      </div>
      {props.email ? (
        <p className="consent-note">{t('consent.signed_in_as', { email: props.email })}</p>
      ) : null}
      <p>{t('consent.may', { name: client.name })}</p>
      <ul className="consent-scopes" data-testid="consent-scopes">
        {scopeLines(scopes, t).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="consent-note" data-testid="consent-host">
        {t('consent.returns', { host })}
      </p>
      <p className="consent-note">{t('consent.unlink')}</p>
      <div className="auth-stack">
        <Button
          variant="primary"
          block
          loading={props.busy === 'consent'}
          disabled={props.busy !== undefined}
          onClick={() => props.onAnswer('consent')}
          data-testid="consent-allow"
        >
          {t('consent.allow')}
        </Button>
        <Button
          block
          loading={props.busy === 'deny'}
          disabled={props.busy !== undefined}
          onClick={() => props.onAnswer('deny')}
          data-testid="consent-deny"
        >
          {t('consent.deny')}
        </Button>
      </div>
    </div>
  );
}

/** The request is gone (expired or unknown): say so, and how to start again at the assistant. */
function ExpiredRequest({ client }: { client?: AssistantKind }) {
  const { t } = useTranslation('assistants');
  return (
    <div data-testid="consent-expired">
      <h1 className="auth-title">{t('consent.expired_title')}</h1>
      <p className="auth-subtitle">{t('consent.expired_text')}</p>
      <ul className="consent-scopes">
        {(client ? [client] : (['alexa', 'msbot', 'mcp'] as const)).map((kind) => (
          <li key={kind}>
            <strong>{t(`kind.${kind}`)}</strong> — {t(`consent.restart.${kind}`)}
          </li>
        ))}
      </ul>
      <div className="auth-row">
        <a className="btn btn-default btn-block" href="/" data-testid="consent-home">
          {t('consent.go_home')}
        </a>
      </div>
    </div>
  );
}
