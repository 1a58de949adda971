import '../i18n';
import type { TCard, TCardView, TCollectionResponse } from '@parley/contract';
import type { ChartSize } from '@parley/presenter';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { ClockIcon, ExpandIcon, NextViewIcon, RefreshIcon, TextIcon, TrashIcon } from '../../../ui/icons';
import { SafeHtml } from '../../../ui/SafeHtml';
import { Spinner } from '../../../ui/Spinner';
import {
  CardDetailDialog,
  isChartView,
  isSplitView,
  stepView,
  useCardViews,
  useElementWidth,
  useInView,
  ViewCarousel,
  type ViewCarouselHandle,
  type ViewType,
} from '../../cards';
import { useSession } from '../../session';
import { failureText, hhmm, isQuestionNotFound, translateMessage } from '../collections';

/** What the card's answer looks like to the card: from useCardAnswer. */
export interface CardAnswerState {
  data: TCollectionResponse | undefined;
  error: unknown;
  /** No answer yet (the first call is on its way or waits for the collection's). */
  pending: boolean;
  /** A call is on its way (also a refresh with an answer on screen). */
  fetching: boolean;
  /** When the answer on screen arrived (ms): its time when it carries no query time of its own. */
  updatedAt: number;
  retry: () => void;
}

export interface CompactCardProps {
  phrase: string;
  answer: CardAnswerState;
  /** The card's period in words, from its saved question; else the answer's own. */
  period: string | null;
  /** Auto refresh in minutes; 'Updated: HH:mm' shows when set. */
  interval: number;
  /** Width in grid columns (text beside the chart above 2). */
  gridWidth: number;
  /** The remembered view (layout `c`). */
  storedView: TCardView | null;
  onViewChange?: (view: TCardView) => void;
  /** Asks for removal (the parent confirms); none hides the delete icons. */
  onRemove?: () => void;
  /** Controls shown at the start of the header (the drag handle). */
  headerStart?: ReactNode;
  /** Controls shown at the end of the header (edit). */
  headerEnd?: ReactNode;
  /** One more tool in the footer of an answered card ("Alert me"), before expand. */
  footerTool?: (card: TCard) => ReactNode;
  testId?: string;
}

/** Grid columns at or below which a card is narrow, while its width is not measured yet. */
const NARROW_GRID_WIDTH = 2;

/**
 * A card inside a collection (spec 2 §2): the phrase, a divider, a looped carousel over the
 * conversation card's views, and a footer with the period, 'Updated: HH:mm' under auto refresh,
 * the text toggle, next view and expand. Errors show the phrase and the message: 'Question not
 * found!' as it is, anything else as a tap-to-reload with a refresh icon; both with a delete icon.
 */
export function CompactCard({
  phrase,
  answer,
  period,
  interval,
  gridWidth,
  storedView,
  onViewChange,
  onRemove,
  headerStart,
  headerEnd,
  footerTool,
  testId = 'compact-card',
}: CompactCardProps) {
  const { t } = useTranslation();
  const { tenant } = useSession();
  const rootRef = useRef<HTMLElement>(null);
  const carouselRef = useRef<ViewCarouselHandle>(null);
  const inView = useInView(rootRef);
  const width = useElementWidth(rootRef);
  // A narrow card (2 of 10 columns is about 185 px) draws its charts compact: no legend over the
  // pie, thinner and tilted labels. The measured width decides; the grid width until then.
  const chartSize = useMemo<ChartSize>(
    () => (width !== null ? { width } : { compact: gridWidth <= NARROW_GRID_WIDTH }),
    [width, gridWidth],
  );
  const card: TCard | null = answer.data?.card ?? null;
  const { viewport, views, current, index, setChosen } = useCardViews(card, { stored: storedView });
  const [showText, setShowText] = useState(false);
  const [expanded, setExpanded] = useState(false);

  // The card's own error in the answer, else a failed call without an answer on screen.
  const failedCall = !answer.data && answer.error ? answer.error : null;
  const rawMessage = answer.data?.error
    ? (answer.data.message ?? null)
    : failedCall instanceof ApiError && failedCall.fromServer
      ? failedCall.message
      : null;
  const errorMessage = answer.data?.error
    ? translateMessage(rawMessage ?? 'Failed to retrieve data!', t)
    : failedCall
      ? failureText(failedCall, t, 'collections:messages.failed_to_retrieve')
      : null;
  const staticError = isQuestionNotFound(rawMessage);

  const choose = useCallback(
    (next: ViewType) => {
      setChosen(next);
      if (next !== current) onViewChange?.(next);
    },
    [current, onViewChange, setChosen],
  );

  const canText = !!card && !!current && isChartView(current) && card.text.trim() !== '' && viewport >= 996;
  const textOn = showText && canText;
  const split = textOn && !!current && isSplitView(gridWidth, current);
  // Spec 2 §2: HH:mm of the query time (a text answer has only its arrival), in the profile's zone.
  const queriedAt = card?.date ?? (answer.updatedAt > 0 ? answer.updatedAt : null);
  const updated =
    interval > 0 && queriedAt !== null && !errorMessage ? hhmm(queriedAt, tenant?.timezone) : null;
  const shownPeriod = period ?? card?.period?.label ?? null;

  const state = answer.pending ? 'loading' : errorMessage ? 'error' : 'answered';

  return (
    <article
      ref={rootRef}
      className="cc"
      aria-label={t('collections:card.label', { phrase })}
      aria-busy={answer.fetching || undefined}
      data-testid={testId}
      data-state={state}
      data-view={current ?? undefined}
    >
      <header className="cc-head">
        {headerStart}
        <h3 className="cc-phrase" title={phrase} data-testid="cc-phrase">
          {phrase}
        </h3>
        {headerEnd}
        {onRemove && state !== 'error' ? (
          <button
            type="button"
            className="cl-icon-btn cc-tool"
            aria-label={t('collections:card.remove')}
            title={t('collections:card.remove')}
            onClick={onRemove}
            data-testid="cc-remove"
          >
            <TrashIcon size={15} />
          </button>
        ) : null}
      </header>
      <hr className="cc-divider" />
      <div className={`cc-body${split ? ' cc-body-split' : ''}${textOn && !split ? ' cc-body-below' : ''}`}>
        {state === 'loading' ? (
          <div className="cc-center">
            <Spinner size={20} label={t('collections:card.loading')} />
          </div>
        ) : state === 'error' ? (
          <div className="cc-error" data-testid="cc-error">
            {staticError ? (
              <p className="cc-error-message" data-testid="cc-error-message">
                {errorMessage}
              </p>
            ) : (
              <button
                type="button"
                className="cc-retry"
                onClick={answer.retry}
                aria-label={`${errorMessage} ${t('collections:card.retry')}`}
                data-testid="cc-retry"
              >
                <RefreshIcon size={22} className={answer.fetching ? 'cc-spin' : undefined} />
                <span className="cc-error-message" data-testid="cc-error-message">
                  {errorMessage}
                </span>
                <span className="cc-retry-hint">{t('collections:messages.tap_to_retry')}</span>
              </button>
            )}
            {onRemove ? (
              <button
                type="button"
                className="cl-icon-btn cl-icon-btn-danger cc-error-remove"
                aria-label={t('collections:card.remove')}
                title={t('collections:card.remove')}
                onClick={onRemove}
                data-testid="cc-remove"
              >
                <TrashIcon size={16} />
              </button>
            ) : null}
          </div>
        ) : !card ? (
          answer.data?.text ? (
            <SafeHtml html={answer.data.text} className="cc-text cc-text-only" />
          ) : (
            <p className="cc-center cc-muted">{t('collections:card.no_data')}</p>
          )
        ) : views.length === 0 ? (
          <p className="cc-center cc-muted">{t('collections:card.no_data')}</p>
        ) : !inView ? (
          <div className="cc-placeholder" aria-hidden="true" />
        ) : (
          <>
            <div className="cc-stage">
              <ViewCarousel
                ref={carouselRef}
                card={card}
                views={views}
                index={index}
                loop
                className="cc-swiper"
                slideTestId="cc-slide"
                onChange={choose}
                size={chartSize}
              />
            </div>
            {textOn ? <SafeHtml html={card.text} className="cc-text" /> : null}
          </>
        )}
      </div>
      <footer className="cc-foot">
        <span className="cc-meta">
          {shownPeriod ? (
            <span className="cc-period" title={shownPeriod} data-testid="cc-period">
              {shownPeriod}
            </span>
          ) : null}
          {updated ? (
            <span className="cc-updated" title={t('collections:card.refreshes')} data-testid="cc-updated">
              <ClockIcon size={13} />
              {t('collections:card.updated', { time: updated })}
            </span>
          ) : null}
        </span>
        {card && state === 'answered' ? (
          <span className="cc-tools">
            {canText ? (
              <button
                type="button"
                className="cl-icon-btn cc-tool"
                aria-pressed={textOn}
                aria-label={textOn ? t('collections:card.hide_text') : t('collections:card.show_text')}
                title={textOn ? t('collections:card.hide_text') : t('collections:card.show_text')}
                onClick={() => setShowText((s) => !s)}
                data-testid="cc-text-toggle"
              >
                <TextIcon size={15} />
              </button>
            ) : null}
            {views.length > 1 ? (
              <button
                type="button"
                className="cl-icon-btn cc-tool"
                aria-label={t('collections:card.next_view')}
                title={t('collections:card.next_view')}
                onClick={() => {
                  // The carousel slides on round its loop; off screen, the view is chosen directly.
                  if (carouselRef.current?.next()) return;
                  const next = stepView(views, current, 1);
                  if (next) choose(next);
                }}
                data-testid="cc-next-view"
              >
                <NextViewIcon size={15} />
              </button>
            ) : null}
            {footerTool?.(card)}
            <button
              type="button"
              className="cl-icon-btn cc-tool"
              aria-label={t('collections:card.expand')}
              title={t('collections:card.expand')}
              onClick={() => setExpanded(true)}
              data-testid="cc-expand"
            >
              <ExpandIcon size={15} />
            </button>
          </span>
        ) : null}
      </footer>
      {card && expanded ? (
        <CardDetailDialog
          card={card}
          title={phrase}
          questionId={answer.data?.question_id}
          view={current ?? undefined}
          onViewChange={choose}
          onClose={() => setExpanded(false)}
          testId="cc-detail"
        />
      ) : null}
    </article>
  );
}
