import { Modal } from '@mantine/core';
import type { TCard } from '@parley/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../lib/focus';
import { toast } from '../../lib/toast';
import { MailIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { copyTable, download, exportCsv, exportPdf, PNG_FILENAME } from './export';
import { useEmailCard } from './hooks/useEmailCard';
import { useVerifyQuestion } from './hooks/useRemember';
import { CheckIcon, CopyIcon, FileIcon, ImageIcon, TableIcon } from './icons';
import type { ViewType } from './views';
import './i18n';

export interface ExportDialogProps {
  opened: boolean;
  onClose: () => void;
  card: TCard;
  view: ViewType;
  questionId?: string;
  /** The question the card answers: "This is right — verify it" pins it to the card's query. */
  phrase?: string;
  /** The card element to print (PDF). */
  getNode: () => HTMLElement | null;
  /** A PNG data URL of the current view (chart instance or the rendered node). */
  getPng: () => Promise<string | null>;
}

type Action = 'pdf' | 'png' | 'csv' | 'email' | 'copy' | 'verify';

/** Export choices (spec 2 §2): PDF, PNG, CSV, e-mail the card, copy the table; and verifying the answer. */
export function ExportDialog({
  opened,
  onClose,
  card,
  view,
  questionId,
  phrase,
  getNode,
  getPng,
}: ExportDialogProps) {
  const { t } = useTranslation('cards');
  useReturnFocus();
  const [busy, setBusy] = useState<Action | null>(null);
  const email = useEmailCard();
  const verify = useVerifyQuestion({ done: t('verify.done'), failed: t('verify.failed') });
  const verifiable = !!(phrase && card.source && card.query);

  const run = async (action: Action) => {
    setBusy(action);
    try {
      switch (action) {
        case 'pdf': {
          const node = getNode();
          if (node) await exportPdf(node);
          break;
        }
        case 'png': {
          const png = await getPng();
          if (png) download(png, PNG_FILENAME);
          else toast.error(t('exports.failed'));
          break;
        }
        case 'csv':
          exportCsv(card.table);
          break;
        case 'copy':
          if (await copyTable(card.table)) toast.success(t('exports.copied'));
          else toast.error(t('exports.clipboard_denied'));
          break;
        case 'email': {
          const image = await getPng().catch(() => null);
          // The hook toasts the outcome; a failure must not also toast 'export failed'.
          await email.mutateAsync({ questionId: questionId ?? '', view, image }).catch(() => undefined);
          break;
        }
        case 'verify':
          // The hook toasts the outcome, the server's message on a refusal.
          if (phrase && card.source && card.query)
            await verify
              .mutateAsync({ sourceId: card.source.id, phrase, query: card.query.semantic })
              .catch(() => undefined);
          break;
      }
      if (action !== 'email' && action !== 'copy' && action !== 'verify') onClose();
    } catch {
      toast.error(t('exports.failed'));
    } finally {
      setBusy(null);
    }
  };

  const items: { action: Action; icon: ReactNode; label: string; hidden?: boolean }[] = [
    { action: 'pdf', icon: <FileIcon />, label: t('exports.pdf') },
    { action: 'png', icon: <ImageIcon />, label: t('exports.png') },
    { action: 'csv', icon: <TableIcon />, label: t('exports.csv'), hidden: card.table.length === 0 },
    { action: 'copy', icon: <CopyIcon />, label: t('exports.copy'), hidden: card.table.length === 0 },
    { action: 'email', icon: <MailIcon />, label: t('exports.email'), hidden: !questionId },
    { action: 'verify', icon: <CheckIcon />, label: t('verify.action'), hidden: !verifiable },
  ];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('exports.title')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <div className="export-grid" data-testid="export-dialog">
        {items
          .filter((i) => !i.hidden)
          .map((item) => (
            <button
              key={item.action}
              type="button"
              className="export-option"
              onClick={() => void run(item.action)}
              disabled={busy !== null}
              aria-busy={busy === item.action || undefined}
              data-testid={`export-${item.action}`}
            >
              {busy === item.action ? <Spinner size={18} /> : item.icon}
              <span>{item.label}</span>
            </button>
          ))}
      </div>
    </Modal>
  );
}
