import type { TCard } from '@parley/contract';
import { cardChange, formatValue } from '@parley/presenter';
import { CHANGE_SUFFIX, PREVIOUS_PREFIX, SHARE_SUFFIX } from './table-model';

/** One number of the KPI view: its value, the comparison value and the change, formatted. */
export interface KpiTile {
  key: string;
  label: string;
  value: string;
  previous: string | null;
  /** The change as the table, text and insights write it (cardChange), and its direction. */
  change: { text: string; direction: 'up' | 'down' | 'flat' } | null;
}

/**
 * The KPI view's numbers (issue 11): each measure of a one-row card in its column's format and
 * the user's locale, with its previous-period value and the change, like the text and insights.
 */
export function kpiTiles(card: TCard, locale: string): KpiTile[] {
  const row = card.table[0];
  if (!row) return [];
  const keys = new Set(card.columns.map((c) => c.key));
  return card.columns
    .filter(
      (c) =>
        c.kind === 'measure' &&
        !c.key.startsWith(PREVIOUS_PREFIX) &&
        !c.key.endsWith(CHANGE_SUFFIX) &&
        !c.key.endsWith(SHARE_SUFFIX),
    )
    .map((c) => {
      const prevKey = `${PREVIOUS_PREFIX}${c.key}`;
      const current = row[c.key];
      const previous = keys.has(prevKey) ? row[prevKey] : undefined;
      const change = row[`${c.key}${CHANGE_SUFFIX}`];
      const written = cardChange(typeof change === 'number' ? change : null, locale, {
        current: typeof current === 'number' ? current : null,
        previous: typeof previous === 'number' ? previous : null,
      });
      const shown: KpiTile['change'] =
        written.direction === 'none' ? null : { text: written.signed, direction: written.direction };
      return {
        key: c.key,
        label: c.label,
        value: formatValue(current, c.format, { locale }),
        previous: previous === undefined ? null : formatValue(previous, c.format, { locale }),
        change: shown,
      };
    });
}
