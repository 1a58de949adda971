import { Modal } from '@mantine/core';
import type { TCard, TTenant } from '@parley/contract';
import { periodLabel } from '@parley/presenter';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assertNever } from '../../lib/assert-never';
import { useReturnFocus } from '../../lib/focus';
import { toast } from '../../lib/toast';
import { CheckIcon, CopyIcon, FileIcon, ImageIcon, MailIcon, TableIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { sessionKeys } from '../session/session';
import { composePng, copyTable, download, exportCsv, exportFileName } from './export';
import { useEmailCard } from './hooks/useEmailCard';
import { useVerifyQuestion } from './hooks/useRemember';
import { type DocumentLocale, periodLine } from './pdf/content';
import { isChartView, type ViewType } from './views';
import './i18n';

export interface ExportDialogProps {
  opened: boolean;
  onClose: () => void;
  card: TCard;
  view: ViewType;
  questionId?: string;
  /** The question the card answers: "This is right — verify it" pins it to the card's query. */
  phrase?: string;
  /** A PNG data URL of the picture view (charts, the table, KPI, insights and text are drawn from the card's data). */
  getPng: () => Promise<string | null>;
}

type Action = 'pdf' | 'png' | 'csv' | 'email' | 'copy' | 'verify';

/** The user's words, number and date formats and time zone (the profile's, when the browser knows it). */
function useDocumentLocale(): DocumentLocale {
  const { t, i18n } = useTranslation('cards');
  const zone = useQueryClient().getQueryData<TTenant | null>(sessionKeys.tenant)?.timezone ?? undefined;
  let timeZone: string | undefined;
  try {
    if (zone) new Intl.DateTimeFormat('en', { timeZone: zone });
    timeZone = zone;
  } catch {
    timeZone = undefined;
  }
  return { t, locale: i18n.language || 'en-US', timeZone };
}

/** The whole chart of a chart view as a PNG, drawn off screen (lazy chunk); null for other views. */
async function wholeChartPng(card: TCard, view: ViewType, words: DocumentLocale, width: 'picture' | 'mail') {
  if (!isChartView(view)) return null;
  const { cardChartPng, MAIL_PICTURE_WIDTH, PICTURE_WIDTH } = await import('./pdf/chart-image');
  return cardChartPng(card, view, words, width === 'mail' ? MAIL_PICTURE_WIDTH : PICTURE_WIDTH);
}

/**
 * The whole of a view as a PNG drawn off screen from the card's data (lazy chunk): a chart with
 * every bar, a table with every row, no controls; null for the picture view.
 */
async function wholeViewPng(card: TCard, view: ViewType, words: DocumentLocale): Promise<string | null> {
  const chart = await wholeChartPng(card, view, words, 'picture');
  if (chart) return chart;
  const { cardViewPng } = await import('./pdf/content-image');
  const { PICTURE_WIDTH } = await import('./pdf/chart-image');
  return cardViewPng(card, view, words, PICTURE_WIDTH);
}

/** Export choices (spec 2 §2): PDF, PNG, CSV, e-mail the card, copy the table; and verifying the answer. */
export function ExportDialog({ opened, onClose, card, view, questionId, phrase, getPng }: ExportDialogProps) {
  const { t } = useTranslation('cards');
  const words = useDocumentLocale();
  const fileName = (extension: 'csv' | 'png' | 'pdf') =>
    exportFileName(card.title, periodLabel(card, words.locale, t('so_far')), extension);
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
          const { cardPdf } = await import('./pdf');
          download(await cardPdf(card, view, words), fileName('pdf'));
          break;
        }
        case 'png': {
          // A view is drawn whole (every bar, every row, no buttons); the title and period go above it.
          const whole = await wholeViewPng(card, view, words);
          const png = whole
            ? await composePng(whole, { title: card.title, period: periodLine(card, words) })
            : await getPng();
          if (png) download(png, fileName('png'));
          else toast.error(t('exports.failed'));
          break;
        }
        case 'csv':
          exportCsv(
            card,
            { period: t('exports.csv_period'), comparison: t('exports.csv_comparison') },
            fileName('csv'),
          );
          break;
        case 'copy':
          if (await copyTable(card.table)) toast.success(t('exports.copied'));
          else toast.error(t('exports.clipboard_denied'));
          break;
        case 'email': {
          // The mail names the card and its period itself: the picture is the chart alone.
          const image = await wholeChartPng(card, view, words, 'mail').catch(() => null);
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
        default:
          assertNever(action);
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
