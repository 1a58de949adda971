import type { TCard, TTenant } from '@parley/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionKeys } from '../session/session';
import { ChipMenu, StaticChip } from './ChipMenu';
import { keepOneTabStop, moveAlongRow } from './chip-roving';
import { chipWords } from './chip-words';
import { useSourceModel } from './hooks/useSourceModel';
import { type Alternative, buildChips, type Chip, type ChipChange, isEditable } from './understood';
import { alternativesFor } from './understood-alternatives';
import { teachWord } from './understood-words';

/** The signed-in user's time zone when the browser knows it, else the browser's own. */
function useTimeZone(): string | undefined {
  const client = useQueryClient();
  const zone = client.getQueryData<TTenant | null>(sessionKeys.tenant)?.timezone ?? undefined;
  try {
    if (zone) new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** "Verified by Ada on Nov 20, 2026": the card answered from a verified question (DESIGN §12). */
export function VerifiedBadge({ card }: { card: TCard }) {
  const { t, i18n } = useTranslation('cards');
  const zone = useTimeZone();
  if (!card.verified) return null;
  const date = new Intl.DateTimeFormat(i18n.language || 'en-US', {
    dateStyle: 'medium',
    timeZone: zone,
  }).format(new Date(card.verified.created_at));
  return (
    <span className="verified-badge" data-testid="card-verified">
      {t('understood.verified', { author: card.verified.author, date })}
    </span>
  );
}

/** Alternatives come from the model, except the period's and the comparison's, which are the engine's own. */
function waitsForModel(chip: Chip, loading: boolean): boolean {
  return loading && (chip.part === 'measure' || chip.part === 'grouping' || chip.part === 'filter');
}

export interface UnderstoodChipsProps {
  card: TCard;
  /** The question's words; with `onRequery`, choosing an alternative re-asks it at once. */
  phrase?: string;
  onRequery?: (change: ChipChange) => void;
}

/**
 * What the card understood, as chips under its title: measures, groupings,
 * filters, the exact period, the comparison and the source with its freshness. A card without a
 * query shows none; a card that cannot re-ask (collections) shows them without menus.
 */
export function UnderstoodChips({ card, phrase, onRequery }: UnderstoodChipsProps) {
  const { t, i18n } = useTranslation('cards');
  const locale = i18n.language || 'en-US';
  const zone = useTimeZone();
  const model = useSourceModel(card.query && card.source ? card.source.id : null);
  const words = useMemo(() => chipWords(t, locale, zone), [t, locale, zone]);
  const chips = useMemo(() => buildChips(card, model.data ?? null, words), [card, model.data, words]);
  const [open, setOpen] = useState<string | null>(null);
  const rowRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  useEffect(() => keepOneTabStop(rowRef.current, active));
  const interactive = !!(onRequery && phrase && card.source);

  const choose = useCallback(
    (chip: Chip, alt: Alternative) => {
      setOpen(null);
      if (!onRequery || !phrase || !card.source) return;
      // The new reading's labels explain their words; what is left is what the user meant by the choice.
      const labels = chips.filter((c) => c.key !== chip.key).flatMap((c) => [c.label, c.sub ?? '']);
      onRequery({
        phrase,
        sourceId: card.source.id,
        query: alt.query,
        choice: alt.label,
        teach: alt.teach,
        word: teachWord(phrase, [...labels, alt.label]),
      });
    },
    [chips, onRequery, phrase, card.source],
  );

  if (chips.length === 0) return card.verified ? <VerifiedBadge card={card} /> : null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled row of chips, not a form's fieldset
    <div
      className="understood-chips"
      role="group"
      aria-label={t('understood.label')}
      data-testid="card-understood"
      ref={rowRef}
      onKeyDown={(e) => {
        const to = moveAlongRow(e, rowRef.current);
        if (to !== null) setActive(to);
      }}
    >
      <VerifiedBadge card={card} />
      {chips.map((chip) =>
        interactive && isEditable(chip) ? (
          <ChipMenu
            key={chip.key}
            chip={chip}
            open={open === chip.key}
            onOpenChange={(next) => setOpen(next ? chip.key : null)}
            alternatives={() =>
              waitsForModel(chip, model.isLoading)
                ? null
                : alternativesFor(chip, card, model.data ?? null, words)
            }
            onChoose={(alt) => choose(chip, alt)}
          />
        ) : (
          <StaticChip key={chip.key} chip={chip} />
        ),
      )}
    </div>
  );
}
