import './assistants.css';
import './i18n';
import type { TLinkedAssistant } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, DANGER } from '../../ui/ConfirmModal';
import { Spinner } from '../../ui/Spinner';
import { useSession } from '../session';
import { SettingsFrame } from '../settings';
import { AssistantRow } from './components/AssistantRow';
import { LinkHelp } from './components/LinkHelp';
import { useLinkedAssistants, useRevokeAssistant } from './hooks/useLinkedAssistants';

/** /user/assistants — Settings → Linked assistants (DESIGN §12): every link, its use, revoke. */
export default function AssistantsPage() {
  const { t, i18n } = useTranslation();
  const { tenant } = useSession();
  const linked = useLinkedAssistants();
  const revoke = useRevokeAssistant();
  const [revoking, setRevoking] = useState<TLinkedAssistant | null>(null);
  const list = linked.data;

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking, { onSettled: () => setRevoking(null) });
  };

  return (
    <SettingsFrame testId="assistants" title={t('pages.assistants')} subtitle={t('assistants:page.subtitle')}>
      <div className="panel settings-panel">
        {linked.isError ? (
          <p role="alert" data-testid="assistants-error">
            {t('assistants:page.load_failed')}
          </p>
        ) : !list ? (
          <Spinner size={24} label={t('common.loading')} />
        ) : list.length === 0 ? (
          <LinkHelp origin={window.location.origin} />
        ) : (
          <ul className="assistant-list" aria-label={t('assistants:page.list')} data-testid="assistant-list">
            {list.map((link) => (
              <AssistantRow
                key={link.id}
                link={link}
                locale={i18n.language || 'en-US'}
                zone={tenant?.timezone ?? null}
                onRevoke={setRevoking}
              />
            ))}
          </ul>
        )}
      </div>
      <ConfirmModal
        opened={revoking !== null}
        title={t('assistants:page.revoke_title', { name: revoking?.name ?? '' })}
        text={t('assistants:page.revoke_text', { name: revoking?.name ?? '' })}
        confirmLabel={t('assistants:page.revoke')}
        color={DANGER}
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
        testId="assistant-revoke-modal"
      />
    </SettingsFrame>
  );
}
