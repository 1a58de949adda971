import type { TCard } from '@parley/contract';
import { buildChartOption, type ChartNote, type ChartSize, chartNotes } from '@parley/presenter';
import type { ECharts } from 'echarts/core';
import { lazy, Suspense, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner';
import { useBoxSize } from './hooks/useBoxSize';
import { type ChartViewType, chartSpecFor } from './views';

const EChart = lazy(() => import('./EChart'));

export interface ChartViewProps {
  card: TCard;
  view: ChartViewType;
  /** What the caller knows of the room (a collection's narrow card is compact); the box measured decides the rest. */
  size?: ChartSize;
  onInstance: (instance: ECharts | null) => void;
}

/**
 * A chart view of a card drawn for the box it has, redrawn whenever the box changes, with a note
 * under it of what it leaves out of sight ("5 more — scroll").
 */
export function ChartView({ card, view, size, onInstance }: ChartViewProps) {
  const { t, i18n } = useTranslation('cards');
  const locale = i18n.language || 'en-US';
  const boxRef = useRef<HTMLDivElement>(null);
  const box = useBoxSize(boxRef);
  const spec = chartSpecFor(card, view);
  const drawn = useMemo(() => {
    if (!spec || !box) return null;
    const input = {
      card,
      spec,
      view,
      locale,
      otherLabel: t('table.other'),
      previousLabel: t('table.previous'),
      soFarLabel: t('so_far'),
      partialLabel: t('partial'),
      totalLabel: t('table.total'),
      size: { ...size, width: box.width, height: box.height },
    };
    return { option: buildChartOption(input), notes: chartNotes(input) };
  }, [card, spec, view, locale, t, size, box]);

  if (!spec) return <p className="card-empty">{t('no_data')}</p>;
  const noteText = (note: ChartNote) =>
    note.kind === 'scroll'
      ? t('chart_note.scroll', { hidden: note.total - note.shown })
      : t(`chart_note.${note.kind}`, { shown: note.shown, total: note.total, other: t('table.other') });
  return (
    <div className="chart-view">
      <div ref={boxRef} className="chart-box">
        {drawn && box ? (
          <Suspense
            fallback={
              <div className="card-spinner">
                <Spinner size={22} label={t('loading')} />
              </div>
            }
          >
            <EChart
              option={drawn.option}
              width={box.width}
              height={box.height}
              label={t('chart_label', { view: t(`view.${view}`), title: card.title })}
              onInstance={onInstance}
            />
          </Suspense>
        ) : null}
      </div>
      {drawn && drawn.notes.length > 0 ? (
        <p className="chart-note" data-testid="chart-note">
          {drawn.notes.map(noteText).join(' · ')}
        </p>
      ) : null}
    </div>
  );
}
