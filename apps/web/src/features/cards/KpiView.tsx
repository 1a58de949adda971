import type { TCard } from '@parley/contract';
import { comparisonLabel, periodLabel } from '@parley/presenter';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { kpiTiles } from './kpi';

/**
 * A single number drawn big (issue 11): the value, the previous period's value and the change,
 * and the period it covers — instead of a one-cell table in an empty box.
 */
export const KpiView = memo(function KpiView({ card }: { card: TCard }) {
  const { t, i18n } = useTranslation('cards');
  const locale = i18n.language || 'en-US';
  const tiles = useMemo(() => kpiTiles(card, locale), [card, locale]);
  const period = periodLabel(card, locale, t('so_far'));
  const comparison = comparisonLabel(card, locale);
  return (
    <div className="kpi-view" data-testid="kpi-view" data-count={tiles.length}>
      {tiles.map((tile) => (
        <div key={tile.key} className="kpi-tile" data-testid="kpi-tile">
          <div className="kpi-label">{tile.label}</div>
          <div className="kpi-value" data-testid="kpi-value">
            {tile.value}
          </div>
          {period ? <div className="kpi-period">{period}</div> : null}
          {tile.previous !== null || tile.change ? (
            <div className="kpi-compare" data-testid="kpi-compare">
              {tile.change ? (
                <span className="kpi-change" data-direction={tile.change.direction}>
                  <span aria-hidden="true">
                    {tile.change.direction === 'up' ? '▲ ' : tile.change.direction === 'down' ? '▼ ' : ''}
                  </span>
                  {tile.change.text}
                </span>
              ) : null}
              {tile.previous !== null ? (
                <span className="kpi-previous">
                  {comparison
                    ? t('kpi_previous_period', { value: tile.previous, period: comparison })
                    : t('kpi_previous', { value: tile.previous })}
                </span>
              ) : null}
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
});
