import 'swiper/css';
import './cards.css';
import './i18n';
import { Modal } from '@mantine/core';
import type { TCard, TCardInsight } from '@parley/contract';
import { type ChartSize, comparisonLabel, periodLabel } from '@parley/presenter';
import type { ECharts } from 'echarts/core';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { A11y, Keyboard } from 'swiper/modules';
import { Swiper, type SwiperClass, SwiperSlide } from 'swiper/react';
import { useReturnFocus } from '../../lib/focus';
import { useEscapeToClose } from '../../ui/escape';
import { Spinner } from '../../ui/Spinner';
import { CardChips } from './CardChips';
import { ChartView } from './ChartView';
import { DataTable } from './DataTable';
import { ExportDialog } from './ExportDialog';
import { composePng, nodeToPng } from './export';
import { useRovingToolbar } from './hooks/useRovingToolbar';
import { useInView, useViewportWidth } from './hooks/useViewport';
import { ExpandIcon, ExportIcon, InsightsIcon, NextViewIcon, TextIcon } from './icons';
import { KpiView } from './KpiView';
import { sanitizeHtml } from './sanitize';
import type { ChipChange } from './understood';
import { buildViews, type ChartViewType, isChartView, isSplitView, nextView, type ViewType } from './views';

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
  /** One more tool in the footer (the conversation's "Add to collection"), given its tab stop. */
  extraTool?: (props: { card: TCard; tabIndex: number }) => React.ReactNode;
}

function Html({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

function Insights({ insights }: { insights: TCardInsight[] }) {
  const { t } = useTranslation('cards');
  return (
    <ul className="insights-list">
      {insights.map((insight, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: insights are a fixed list per card
        <li key={i} className="insight">
          {typeof insight === 'string' ? (
            <Html html={insight} />
          ) : (
            <>
              <span className="insight-badge">{t('ai_insight')}</span>
              <Html html={insight.text} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function safeImageUrl(url: string): string | null {
  try {
    const u = new URL(url, window.location.href);
    return u.protocol === 'https:' || u.protocol === 'http:' || u.protocol === 'data:' ? u.href : null;
  } catch {
    return null;
  }
}

interface ViewContentProps {
  card: TCard;
  view: ViewType;
  onInstance: (instance: ECharts | null) => void;
  /** The room the chart has (collections' narrow cards draw compact); none: a full-width card. */
  size?: ChartSize;
}

/** One view of a card (a chart, the table, the image, insights or text); collections' compact cards draw theirs with it. */
export const ViewContent = memo(function ViewContent({ card, view, onInstance, size }: ViewContentProps) {
  const { t } = useTranslation('cards');
  if (isChartView(view)) return <ChartView card={card} view={view} size={size} onInstance={onInstance} />;
  switch (view) {
    case 'kpi':
      return <KpiView card={card} />;
    case 'table':
      return <DataTable card={card} />;
    case 'image': {
      const src = card.image?.url ? safeImageUrl(card.image.url) : null;
      return src ? (
        <img className="card-image" src={src} alt={t('image_alt', { title: card.title })} />
      ) : null;
    }
    case 'insights':
      return <Insights insights={card.insights} />;
    case 'text':
      return <Html html={card.text} className="card-text" />;
  }
});

/** The expanded card in a dialog; focus goes back to the expand button when it closes. */
function DetailDialog({
  card,
  title,
  questionId,
  phrase,
  view,
  onViewChange,
  onClose,
}: {
  card: TCard;
  title: string;
  questionId?: string;
  phrase?: string;
  view?: ViewType;
  onViewChange: (view: ViewType) => void;
  onClose: () => void;
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
      closeButtonProps={{ 'aria-label': t('close'), 'data-testid': 'card-detail-close' } as never}
      data-testid="card-detail"
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
  extraTool,
}: AnalysisCardProps) {
  const { t, i18n } = useTranslation('cards');
  const rootRef = useRef<HTMLElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const swiperRef = useRef<SwiperClass | null>(null);
  const chartRef = useRef<ECharts | null>(null);
  const inView = useInView(rootRef);
  const viewport = useViewportWidth();
  const views = useMemo(() => (card ? buildViews(card, viewport) : []), [card, viewport]);
  const [view, setView] = useState<ViewType | null>(initialView ?? null);
  const [showInsights, setShowInsights] = useState(false);
  const [showText, setShowText] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [exporting, setExporting] = useState(false);

  // The stored or chosen view if still available, else the first one.
  const current: ViewType | null = view && views.includes(view) ? view : (views[0] ?? null);
  const index = current ? views.indexOf(current) : 0;
  const narrow = viewport < 996;
  const canText = !!card && card.text.trim() !== '' && !narrow && !views.every((v) => v === 'text');
  const split = !!current && showText && canText && isSplitView(gridWidth, current);

  const choose = useCallback(
    (next: ViewType) => {
      setView(next);
      setShowInsights(false);
      onViewChange?.(next);
    },
    [onViewChange],
  );

  useEffect(() => {
    const swiper = swiperRef.current;
    if (swiper && !swiper.destroyed && swiper.activeIndex !== index) swiper.slideTo(index);
  }, [index]);

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
              <Swiper
                modules={[Keyboard, A11y]}
                initialSlide={index}
                simulateTouch={false}
                keyboard={{ enabled: false }}
                a11y={{ enabled: true, slideRole: 'group' }}
                onSwiper={(s) => {
                  swiperRef.current = s;
                }}
                onSlideChange={(s) => {
                  const v = views[s.activeIndex];
                  if (v && v !== current) choose(v);
                }}
                className="card-swiper"
              >
                {views.map((v, i) => (
                  <SwiperSlide key={v} data-testid={`card-slide-${v}`} aria-label={t(`view.${v}`)}>
                    {i === index ? <ViewContent card={card} view={v} onInstance={onInstance} /> : null}
                  </SwiperSlide>
                ))}
              </Swiper>
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
            {split ? <Html html={card.text} className="card-text card-text-side" /> : null}
          </>
        )}
      </div>
      {card && showText && canText && !split && inView ? (
        <Html html={card.text} className="card-text card-text-below" />
      ) : null}
      {card && views.length > 0 ? (
        // One tab stop for the whole footer: the arrow keys move between its buttons.
        <footer
          className="card-footer"
          role="toolbar"
          aria-label={t('toolbar', { title })}
          onKeyDown={toolbar.onKeyDown}
          onFocus={toolbar.onFocus}
          data-testid="card-toolbar"
        >
          {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of toggle buttons inside the toolbar */}
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
          <div className="card-tools">
            {views.length > 1 && current ? (
              <button
                type="button"
                className="icon-btn"
                aria-label={t('next_view')}
                title={t('next_view')}
                onClick={() => choose(nextView(views, current))}
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
            {extraTool ? extraTool({ card, tabIndex: tabStop() }) : null}
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
            {!detail ? (
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
      ) : null}
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
        <DetailDialog
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
