import { Switch } from '@mantine/core';
import type { TLinkedAssistant } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { formatMoment } from '../../../lib/moment';
import { Button } from '../../../ui/Button';
import { useAssistantDigests } from '../hooks/useLinkedAssistants';
import { KIND_ICONS, scopeLines } from '../words';

/** One linked assistant: what it is, what it may do, when it was linked and last used; revoke. */
export function AssistantRow(props: {
  link: TLinkedAssistant;
  locale: string;
  zone: string | null;
  onRevoke: (link: TLinkedAssistant) => void;
}) {
  const { t } = useTranslation('assistants');
  const { link } = props;
  const Icon = KIND_ICONS[link.kind];
  const when = (iso: string) => formatMoment(iso, props.locale, props.zone);
  return (
    <li className="assistant-row" data-testid="assistant-row" data-id={link.id} data-kind={link.kind}>
      <span className="assistant-kind" aria-hidden="true">
        <Icon size={20} />
      </span>
      <div className="assistant-main">
        <p className="assistant-name" data-testid="assistant-name">
          {link.name}
        </p>
        <p className="assistant-meta">{t(`kind.${link.kind}`)}</p>
        <p className="assistant-meta" data-testid="assistant-scopes">
          {t('page.may', { what: scopeLines(link.scopes, t).join('; ') })}
        </p>
        <p className="assistant-meta" data-testid="assistant-dates">
          {t('page.linked', { date: when(link.created_at) })} ·{' '}
          {link.last_used_at ? t('page.last_used', { date: when(link.last_used_at) }) : t('page.never_used')}
        </p>
        {link.kind === 'msbot' ? <DigestsSwitch link={link} /> : null}
      </div>
      <Button
        variant="subtle"
        onClick={() => props.onRevoke(link)}
        aria-label={t('page.revoke_label', { name: link.name })}
        data-testid="assistant-revoke"
      >
        {t('page.revoke')}
      </Button>
    </li>
  );
}

/** A Teams link's digest delivery; a refusal (no chat with the bot yet) says why beside it. */
function DigestsSwitch({ link }: { link: TLinkedAssistant }) {
  const { t } = useTranslation('assistants');
  const digests = useAssistantDigests();
  return (
    <div style={{ marginTop: 8 }}>
      <Switch
        label={t('page.digests')}
        checked={link.digests === true}
        disabled={digests.isPending}
        onChange={(event) => digests.mutate({ id: link.id, digests: event.currentTarget.checked })}
        data-testid="assistant-digests"
      />
      {digests.isError ? (
        <p className="assistant-error" role="alert" data-testid="assistant-digests-error">
          {errorMessage(digests.error, t('page.digests_failed'))}
        </p>
      ) : null}
    </div>
  );
}
