import './cards.css';
import './i18n';
import { Modal } from '@mantine/core';
import type { TCard } from '@parley/contract';
import { comparisonLabel, periodLabel } from '@parley/presenter';
import type { ECharts } from 'echarts/core';
import { Fragment, memo, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../lib/focus';
import { useEscapeToClose, useEscapeToDismiss } from '../../ui/escape';
import { ExpandIcon, ExportIcon, InsightsIcon, NextViewIcon, TextIcon } from '../../ui/icons';
import { SafeHtml } from '../../ui/SafeHtml';
import { Spinner } from '../../ui/Spinner';
import { CardChips } from './CardChips';
import { ExportDialog } from './ExportDialog';
import { composePng, nodeToPng } from './export';
import { useCardViews } from './hooks/useCardViews';
import { useRovingToolbar } from './hooks/useRovingToolbar';
import { useInView } from './hooks/useViewport';
import type { ChipChange } from './understood';
import { ViewCarousel } from './ViewCarousel';
import { Insights } from './ViewContent';
import { type ChartViewType, isChartView, isSplitView, stepView, type ViewType } from './views';

/** A footer tool of the card: plain function (not a component), so a null answer is known at once. */
export type CardTool = (props: { card: TCard; tabIndex: number }) => React.ReactNode;

export interface AnalysisCardProps {
  card: TCard | null;
  /** Shows a spinner instead of the content. */
  loading?: boolean;
  questionId?: string;
  /** Width of the card in grid columns (collections); the conversation uses a wide card. */
  gridWidth?: number;
  initialView?: ViewType;
  onViewChange?: (view: ViewType) => void;
  /** The detail view (inside the expand modal): taller, no expand button. */
  detail?: boolean;
  /** Shown above the card title (collections' compact cards show the phrase). */
  heading?: React.ReactNode;
  /** The question the card answers: its chips can re-ask it, its menu can verify it. */
  phrase?: string;
  /** Re-asks the question as a chip change reads it (the conversation); none: chips without menus. */
  onRequery?: (change: ChipChange) => void;
  /**
   * More tools in the footer (the conversation's "Add to collection", "Alert me"), each given its
   * tab stop; one that renders nothing (null) takes none.
   */
  extraTools?: readonly CardTool[];
}

/**
 * The expanded card in a dialog (the conversation's and a collection's cards); focus goes back to
 * the expand button when it closes.
 */
export function CardDetailDialog({
  card,
  title,
  questionId,
  phrase,
  view,
  onViewChange,
  onClose,
  testId = 'card-detail',
}: {
  card: TCard;
  title: string;
  questionId?: string;
  phrase?: string;
  view?: ViewType;
  onViewChange: (view: ViewType) => void;
  onClose: () => void;
  /** The dialog's test id; its close button's is `${testId}-close`. */
  testId?: string;
}) {
  const { t } = useTranslation('cards');
  useReturnFocus();
  const escapeRef = useEscapeToClose<HTMLDivElement>(onClose);
  return (
    <Modal
      ref={escapeRef}
      opened
      onClose={onClose}
      size="min(1100px, 96vw)"
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={title}
      closeButtonProps={{ 'aria-label': t('close'), 'data-testid': `${testId}-close` } as never}
      data-testid={testId}
    >
      <AnalysisCard
        card={card}
        questionId={questionId}
        phrase={phrase}
        gridWidth={5}
        initialView={view}
        onViewChange={onViewChange}
        detail
      />
    </Modal>
  );
}

function CenteredSpinner({ label }: { label: string }) {
  return (
    <div className="card-spinner">
      <Spinner size={22} label={label} />
    </div>
  );
}

/**
 * The analysis card (spec 2 §2): a carousel over its views, next-view, insights, text, expand and
 * export controls; content renders only while the card is on screen.
 */
export const AnalysisCard = memo(function AnalysisCard({
  card,
  loading,
  questionId,
  gridWidth = 4,
  initialView,
  onViewChange,
  detail,
  heading,
  phrase,
  onRequery,
  extraTools,
}: AnalysisCardProps) {
  const { t, i18n } = useTranslation('cards');
  const rootRef = useRef<HTMLElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<ECharts | null>(null);
  const inView = useInView(rootRef);
  const { viewport, views, current, index, setChosen } = useCardViews(card, { initial: initialView });
  const [showInsights, setShowInsights] = useState(false);
  const [showText, setShowText] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [exporting, setExporting] = useState(false);
  // The insights slide over the view: Escape closes them first (before a detail view around the card).
  useEscapeToDismiss(rootRef, showInsights, () => setShowInsights(false));

  const narrow = viewport < 996;
  const canText = !!card && card.text.trim() !== '' && !narrow && !views.every((v) => v === 'text');
  const split = !!current && showText && canText && isSplitView(gridWidth, current);

  const choose = useCallback(
    (next: ViewType) => {
      setChosen(next);
      setShowInsights(false);
      onViewChange?.(next);
    },
    [onViewChange, setChosen],
  );

  const onInstance = useCallback((instance: ECharts | null) => {
    chartRef.current = instance;
  }, []);

  const title = card?.title ?? '';
  const locale = i18n.language || 'en-US';
  const period = card ? periodLabel(card, locale, t('so_far')) : null;
  const comparison = card ? comparisonLabel(card, locale) : null;

  // The PNG says what it shows: title and period above the view (a chart carries its legend).
  const getPng = useCallback(async (): Promise<string | null> => {
    const chart = chartRef.current;
    let image: string | null = null;
    if (current && isChartView(current) && chart && !chart.isDisposed()) {
      image = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#ffffff' });
    } else if (bodyRef.current) image = await nodeToPng(bodyRef.current);
    if (!image) return null;
    const when = period && comparison ? `${period} · ${t('compared_with', { period: comparison })}` : period;
    return composePng(image, { title, period: when });
  }, [current, period, comparison, title, t]);

  const toolbar = useRovingToolbar(Math.max(0, index));
  let stop = 0;
  const tabStop = () => toolbar.tabIndexOf(stop++);
  // A tool that renders nothing must not take a stop: the roving index counts rendered buttons.
  const extraTool = (tool: CardTool, c: TCard) => {
    const node = tool({ card: c, tabIndex: toolbar.tabIndexOf(stop) });
    if (node) stop++;
    return node;
  };
  // Drawn for a card without views too ("no data"): its tools (add to collection) still apply.
  // A footer whose tools all render nothing is left out (the roving stops count what rendered).
  const footerNode =
    card && !loading ? (
      // One tab stop for the whole footer: the arrow keys move between its buttons.
      <footer
        className="card-footer"
        role="toolbar"
        aria-label={t('toolbar', { title })}
        onKeyDown={toolbar.onKeyDown}
        onFocus={toolbar.onFocus}
        data-testid="card-toolbar"
      >
        {views.length > 0 ? (
          // biome-ignore lint/a11y/useSemanticElements: a labelled group of toggle buttons inside the toolbar
          <div className="view-tabs" role="group" aria-label={t('views')}>
            {views.map((v, i) => (
              <button
                key={v}
                type="button"
                tabIndex={tabStop()}
                className="view-tab"
                aria-pressed={v === current}
                aria-label={t('view_position', { view: t(`view.${v}`), index: i + 1, count: views.length })}
                onClick={() => choose(v)}
                data-testid={`view-tab-${v}`}
              >
                {t(`view.${v}`)}
              </button>
            ))}
          </div>
        ) : null}
        <div className="card-tools">
          {views.length > 1 && current ? (
            <button
              type="button"
              className="icon-btn"
              aria-label={t('next_view')}
              title={t('next_view')}
              onClick={() => choose(stepView(views, current, 1)!)}
              tabIndex={tabStop()}
              data-testid="card-next-view"
            >
              <NextViewIcon />
            </button>
          ) : null}
          {card.insights.length > 0 ? (
            <button
              type="button"
              className="icon-btn"
              aria-pressed={showInsights}
              aria-label={showInsights ? t('hide_insights') : t('show_insights')}
              title={showInsights ? t('hide_insights') : t('show_insights')}
              onClick={() => setShowInsights((s) => !s)}
              tabIndex={tabStop()}
              data-testid="card-insights-toggle"
            >
              <InsightsIcon />
            </button>
          ) : null}
          {canText ? (
            <button
              type="button"
              className="icon-btn"
              aria-pressed={showText}
              aria-label={showText ? t('hide_text') : t('show_text')}
              title={showText ? t('hide_text') : t('show_text')}
              onClick={() => setShowText((s) => !s)}
              tabIndex={tabStop()}
              data-testid="card-text-toggle"
            >
              <TextIcon />
            </button>
          ) : null}
          {extraTools?.map((tool, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the tools keep their order
            <Fragment key={i}>{extraTool(tool, card)}</Fragment>
          ))}
          {current ? (
            <button
              type="button"
              className="icon-btn"
              aria-label={t('export')}
              title={t('export')}
              onClick={() => setExporting(true)}
              tabIndex={tabStop()}
              data-testid="card-export"
            >
              <ExportIcon />
            </button>
          ) : null}
          {!detail && views.length > 0 ? (
            <button
              type="button"
              className="icon-btn"
              aria-label={t('expand')}
              title={t('expand')}
              onClick={() => setExpanded(true)}
              tabIndex={tabStop()}
              data-testid="card-expand"
            >
              <ExpandIcon />
            </button>
          ) : null}
        </div>
      </footer>
    ) : null;
  const footer = stop > 0 ? footerNode : null;
  const bodyClass = `card-body${detail ? ' card-body-detail' : ''}${split ? ' card-body-split' : ''}`;

  return (
    <article
      ref={rootRef}
      className="analysis-card"
      aria-label={t('card', { title })}
      data-testid="analysis-card"
      data-view={current ?? undefined}
    >
      {heading}
      {detail ? (
        card ? (
          <div className="card-header card-header-detail">
            <CardChips card={card} />
          </div>
        ) : null
      ) : (
        <header className="card-header">
          <h2 className="card-title">{title}</h2>
          {card ? <CardChips card={card} phrase={phrase} onRequery={onRequery} /> : null}
        </header>
      )}
      <div ref={bodyRef} className={bodyClass}>
        {loading || !card ? (
          <CenteredSpinner label={t('loading')} />
        ) : views.length === 0 ? (
          <p className="card-empty">{t('no_data')}</p>
        ) : !inView ? (
          <div className="card-placeholder" aria-hidden="true" />
        ) : (
          <>
            <div className="card-stage">
              <ViewCarousel
                card={card}
                views={views}
                index={index}
                className="card-swiper"
                slideTestId="card-slide"
                onChange={choose}
                onInstance={onInstance}
              />
              {card.insights.length > 0 ? (
                <aside
                  className="insights-panel"
                  data-open={showInsights || undefined}
                  aria-hidden={!showInsights}
                  aria-label={t('insights_title')}
                  data-testid="insights-panel"
                  inert={!showInsights}
                >
                  <h4 className="insights-title">{t('insights_title')}</h4>
                  <Insights insights={card.insights} />
                </aside>
              ) : null}
            </div>
            {split ? <SafeHtml html={card.text} className="card-text card-text-side" /> : null}
          </>
        )}
      </div>
      {card && showText && canText && !split && inView ? (
        <SafeHtml html={card.text} className="card-text card-text-below" />
      ) : null}
      {footer}
      {card && exporting && current ? (
        <ExportDialog
          opened={exporting}
          onClose={() => setExporting(false)}
          card={card}
          view={current}
          questionId={questionId}
          phrase={phrase}
          getPng={getPng}
        />
      ) : null}
      {card && expanded ? (
        <CardDetailDialog
          card={card}
          title={title}
          questionId={questionId}
          phrase={phrase}
          view={current ?? undefined}
          onViewChange={choose}
          onClose={() => setExpanded(false)}
        />
      ) : null}
    </article>
  );
});

export type { ChartViewType, ViewType };
