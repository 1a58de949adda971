import type { TCard } from '@parley/contract';
import { cardChange, formatValue } from '@parley/presenter';
import { CHANGE_SUFFIX, PREVIOUS_PREFIX, SHARE_SUFFIX } from './table-model';

/** One number of the KPI view: its value, the comparison value and the change, formatted. */
export interface KpiTile {
  key: string;
  label: string;
  value: string;
  /** The value in compact notation ("$36.6M"), shown when the whole value cannot fit its box. */
  compact: string;
  previous: string | null;
  /** The change as the table, text and insights write it (cardChange), and its direction. */
  change: { text: string; direction: 'up' | 'down' | 'flat' } | null;
}

/**
 * The KPI view's numbers: each measure of a one-row card in its column's format and
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
      const options = { locale, ...(c.currency ? { currency: c.currency } : {}) };
      return {
        key: c.key,
        label: c.label,
        value: formatValue(current, c.format, options),
        compact: formatValue(current, c.format, { ...options, compact: 'always' }),
        previous: previous === undefined ? null : formatValue(previous, c.format, options),
        change: shown,
      };
    });
}

/** Font sizes of a KPI value in px: the largest drawn, and the smallest before compact notation. */
export const KPI_FONT = { max: 52, maxMany: 38, min: 18 } as const;

/** What the values of a KPI view need to be drawn within `available` px. */
export interface KpiFit {
  /** Font size in px for every value of the view (one size, so they read alike). */
  size: number;
  /** Whether the values show in compact notation (the whole ones do not fit at the minimum size). */
  compact: boolean;
}

/**
 * The font size that fits the widest value into the room there is, given each value's width per
 * px of font (text width scales with the font size): the whole values when they fit at
 * KPI_FONT.min or more, else the compact ones (at the size they fit, never below the minimum).
 */
export function fitKpi(
  widthPerPx: { full: number; compact: number },
  available: number,
  max: number = KPI_FONT.max,
): KpiFit {
  const sizeFor = (perPx: number) => (perPx > 0 ? Math.min(max, Math.floor(available / perPx)) : max);
  const full = sizeFor(widthPerPx.full);
  if (full >= KPI_FONT.min) return { size: full, compact: false };
  return { size: Math.max(KPI_FONT.min, sizeFor(widthPerPx.compact)), compact: true };
}
