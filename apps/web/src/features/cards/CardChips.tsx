import type { TCard } from '@parley/contract';
import { comparisonLabel, periodLabel } from '@parley/presenter';
import { useTranslation } from 'react-i18next';
import { UnderstoodChips, VerifiedBadge } from './UnderstoodChips';
import type { ChipChange } from './understood';

/** The resolved period of the answer: its dates, "(so far)" while it runs, and the comparison. */
export function PeriodChips({ card }: { card: TCard }) {
  const { t, i18n } = useTranslation('cards');
  const locale = i18n.language || 'en-US';
  const period = periodLabel(card, locale, t('so_far'));
  // A source answered from a copy (Formbricks) says how fresh the copy is.
  const synced = card.synced
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(card.synced),
      )
    : null;
  if (!period && !synced) return null;
  const comparison = period ? comparisonLabel(card, locale) : null;
  return (
    <div className="period-chips" data-testid="card-period">
      {period ? (
        <span
          className="period-chip"
          data-partial={card.period?.partial || undefined}
          title={card.period?.label}
        >
          <span className="visually-hidden">{t('period')}: </span>
          {period}
        </span>
      ) : null}
      {comparison ? (
        <span className="period-chip period-chip-muted">{t('compared_with', { period: comparison })}</span>
      ) : null}
      {synced ? (
        <span className="period-chip period-chip-muted" data-testid="card-synced">
          <time dateTime={card.synced}>{t('data_as_of', { date: synced })}</time>
        </span>
      ) : null}
    </div>
  );
}

/** Under the title: the chips of what the card understood, or its period alone for a card without a query. */
export function CardChips({
  card,
  phrase,
  onRequery,
}: { card: TCard } & { phrase?: string; onRequery?: (change: ChipChange) => void }) {
  if (card.query) return <UnderstoodChips card={card} phrase={phrase} onRequery={onRequery} />;
  return (
    <>
      <VerifiedBadge card={card} />
      <PeriodChips card={card} />
    </>
  );
}
