import type { TCard } from '@parley/contract';
import { comparisonLabel, periodLabel } from '@parley/presenter';
import { memo, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useKpiFit } from './hooks/useKpiFit';
import { type KpiTile, kpiTiles } from './kpi';

/**
 * The value drawn as large as its box allows; in compact notation ("$36.6M") when the whole value
 * cannot fit at the smallest size, with the whole value on hover and for screen readers.
 */
function KpiValue({ tile, size, compact }: { tile: KpiTile; size: number | null; compact: boolean }) {
  const short = compact && tile.compact !== tile.value;
  return (
    <>
      <div
        className="kpi-value"
        style={size ? { fontSize: size } : undefined}
        title={short ? tile.value : undefined}
        aria-hidden={short || undefined}
        data-testid="kpi-value"
        data-value={tile.value}
        data-compact={short || undefined}
      >
        {short ? tile.compact : tile.value}
      </div>
      {short ? <span className="visually-hidden">{tile.value}</span> : null}
      {/* Hidden copies at a fixed size: their widths give the size that fits. */}
      <span className="kpi-measure" aria-hidden="true">
        <span data-kpi-measure="full">{tile.value}</span>
        <span data-kpi-measure="compact">{tile.compact}</span>
      </span>
    </>
  );
}

/**
 * A single number drawn big: the value, the previous period's value and the change,
 * and the period it covers — instead of a one-cell table in an empty box.
 */
export const KpiView = memo(function KpiView({ card }: { card: TCard }) {
  const { t, i18n } = useTranslation('cards');
  const locale = i18n.language || 'en-US';
  const tiles = useMemo(() => kpiTiles(card, locale), [card, locale]);
  const period = periodLabel(card, locale, t('so_far'));
  const comparison = comparisonLabel(card, locale);
  const viewRef = useRef<HTMLDivElement>(null);
  const texts = tiles.map((tile) => `${tile.value}\u0000${tile.compact}`).join('\u0001');
  const fit = useKpiFit(viewRef, texts, tiles.length);
  return (
    <div ref={viewRef} className="kpi-view" data-testid="kpi-view" data-count={tiles.length}>
      {tiles.map((tile) => (
        <div key={tile.key} className="kpi-tile" data-testid="kpi-tile">
          <div className="kpi-label" title={tile.label}>
            {tile.label}
          </div>
          <KpiValue tile={tile} size={fit?.size ?? null} compact={fit?.compact ?? false} />
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
