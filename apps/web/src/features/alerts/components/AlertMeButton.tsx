import type { TCard } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../../ui/icons';
import { AlertDialog, type AlertTarget } from './AlertDialog';
import '../i18n';

export interface AlertMeButtonProps {
  card: TCard;
  /** The question the card answers (the card's title when none). */
  phrase?: string;
  /** The card's source when the card does not name one (a collection card's saved source). */
  sourceId?: string | null;
  /** The tab stop the card's toolbar gives this button. */
  tabIndex?: number;
  /** The button's class: the answer card's `icon-btn` or a collection card's. */
  className?: string;
  iconSize?: number;
}

/** What an alert on this card is made of, or null: a card without a saved query or source cannot have one. */
export function alertTarget(card: TCard, phrase?: string, sourceId?: string | null): AlertTarget | null {
  const query = card.query?.semantic;
  const source = card.source?.id ?? sourceId ?? null;
  if (!query || !source) return null;
  const measure = card.columns.find((c) => c.kind === 'measure');
  return { phrase: phrase?.trim() || card.title, datasource_id: source, query, measureLabel: measure?.label };
}

/** "Alert me" on a card: a bell that opens the alert dialog; absent where the card cannot have an alert. */
export function AlertMeButton({
  card,
  phrase,
  sourceId,
  tabIndex,
  className = 'icon-btn',
  iconSize,
}: AlertMeButtonProps) {
  const { t } = useTranslation('alerts');
  const [open, setOpen] = useState(false);
  const target = alertTarget(card, phrase, sourceId);
  if (!target) return null;
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={t('alert_me_label', { title: target.phrase })}
        title={t('alert_me')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        tabIndex={tabIndex}
        data-testid="card-alert-me"
      >
        <BellIcon size={iconSize} />
      </button>
      {open ? <AlertDialog target={target} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
