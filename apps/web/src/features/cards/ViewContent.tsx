import type { TCard, TCardInsight } from '@parley/contract';
import type { ChartSize } from '@parley/presenter';
import type { ECharts } from 'echarts/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { assertNever } from '../../lib/assert-never';
import { SafeHtml } from '../../ui/SafeHtml';
import { ChartView } from './ChartView';
import { DataTable } from './DataTable';
import { KpiView } from './KpiView';
import { isChartView, type ViewType } from './views';

/** A card's insights as a list; AI-written ones carry a badge. */
export function Insights({ insights }: { insights: TCardInsight[] }) {
  const { t } = useTranslation('cards');
  return (
    <ul className="insights-list">
      {insights.map((insight, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: insights are a fixed list per card
        <li key={i} className="insight">
          {typeof insight === 'string' ? (
            <SafeHtml html={insight} />
          ) : (
            <>
              <span className="insight-badge">{t('ai_insight')}</span>
              <SafeHtml html={insight.text} />
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

export interface ViewContentProps {
  card: TCard;
  view: ViewType;
  onInstance: (instance: ECharts | null) => void;
  /** The room the chart has (collections' narrow cards draw compact); none: a full-width card. */
  size?: ChartSize;
}

/** One view of a card: a chart, the big number, the table, the image, insights or text. */
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
      return <SafeHtml html={card.text} className="card-text" />;
    default:
      return assertNever(view);
  }
});
