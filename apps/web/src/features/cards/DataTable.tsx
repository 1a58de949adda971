import type { TCard } from '@parley/contract';
import {
  type Change,
  cardChange,
  type FormatOptions,
  formatShare,
  formatValue,
  isCompactColumn,
} from '@parley/presenter';
import type { TFunction } from 'i18next';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canShowShares,
  cardColumns,
  type DisplayColumn,
  displayColumns,
  nextSort,
  type SortState,
  shownPart,
  showTotals,
  sortRows,
  totalChange,
  totals,
  withPreviousShares,
} from './table-model';

/** Single-row tables switch to a label/value list below this container width (spec 2 §2). */
export const SINGLE_ROW_BREAKPOINT = 442;

type Grain = 'day' | 'week' | 'month' | 'quarter' | 'year';

function useContainerWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(1000);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ro = new ResizeObserver((entries) => {
      clearTimeout(timer);
      // Resize debounce (spec 2 §9: 100 ms).
      timer = setTimeout(() => setWidth(entries[0].contentRect.width), 100);
    });
    setWidth(el.getBoundingClientRect().width || 1000);
    ro.observe(el);
    return () => {
      clearTimeout(timer);
      ro.disconnect();
    };
  }, [ref]);
  return width;
}

interface CellProps {
  column: DisplayColumn;
  row: Record<string, string | number | null>;
  locale: string;
  compact: FormatOptions['compact'];
  grain?: Grain;
}

/** A change with its arrow, written as the card's text and insights write it (cardChange). */
function ChangeText({ change }: { change: Change }) {
  const { t } = useTranslation('cards');
  const arrow = change.direction === 'up' ? '▲' : change.direction === 'down' ? '▼' : '';
  return (
    <span className="change" data-direction={change.direction} data-testid="table-change">
      {arrow ? (
        <span aria-hidden="true" className="change-arrow">
          {arrow}
        </span>
      ) : null}
      {arrow ? <span className="visually-hidden">{t(`table.${change.direction}`)} </span> : null}
      {change.signed}
    </span>
  );
}

const numberOrNull = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** A column's header: a share names the total it is of (the whole, or only the rows shown). */
function headerLabel(c: DisplayColumn, t: TFunction<'cards'>): string {
  if (c.role !== 'share') return c.label;
  return c.shareOfShown === undefined
    ? t('table.share_of', { column: c.label })
    : t('table.share_of_shown', { column: c.label, count: c.shareOfShown });
}

function Cell({ column, row, locale, compact, grain }: CellProps) {
  if (column.role === 'change') {
    const change = cardChange(numberOrNull(row[column.key]), locale, {
      current: numberOrNull(row[column.measureKey ?? '']),
      previous: numberOrNull(row[column.previousKey ?? '']),
    });
    return <ChangeText change={change} />;
  }
  if (column.role === 'share') return <>{formatShare(row[column.sortKey] as number | null, locale)}</>;
  return <>{formatValue(row[column.key], column.format, { locale, compact, grain })}</>;
}

/**
 * The card's table: sort per column (asc → desc → none), a 123 / % toggle when share columns exist,
 * change arrows, compact numbers, a totals row, and a label/value layout for one narrow row.
 */
export const DataTable = memo(function DataTable({ card }: { card: TCard }) {
  const { t, i18n } = useTranslation('cards');
  const locale = i18n.language || 'en-US';
  const ref = useRef<HTMLDivElement>(null);
  const width = useContainerWidth(ref);
  const [sort, setSort] = useState<SortState | null>(null);
  const [percent, setPercent] = useState(false);
  const columns = useMemo(() => cardColumns(card), [card]);
  const shown = useMemo(() => displayColumns(columns, percent), [columns, percent]);
  const withShares = canShowShares(columns);
  // The previous values' shares too, so the % view shows a share in every amount column.
  const table = useMemo(() => withPreviousShares(card.table, columns), [card.table, columns]);
  const rows = useMemo(() => {
    const active = sort
      ? { key: shown.find((c) => c.key === sort.key)?.sortKey ?? sort.key, dir: sort.dir }
      : null;
    return sortRows(table, active);
  }, [table, sort, shown]);
  const grain = card.query?.semantic.timeDimension?.grain;
  const sums = useMemo(() => totals(table, shown), [table, shown]);
  // Compact per column (spec 2 §9: more than 3 columns, a value above 10 000), its total included,
  // so a column never mixes "9,000" and "12K" and the total reads like its rows.
  const compact = useMemo(() => {
    const out = new Map<string, FormatOptions['compact']>();
    for (const c of shown) {
      if (c.role !== 'measure' && c.role !== 'previous') continue;
      const values = [...card.table.map((r) => r[c.key]), sums[c.key]];
      out.set(c.key, isCompactColumn(values, shown.length) ? 'always' : false);
    }
    return out;
  }, [card.table, shown, sums]);
  const withTotals = showTotals(card.table, shown, card.kind);
  // A top N's totals row sums only its rows: named so, never "Total".
  const part = shownPart(columns);

  const toggle = withShares ? (
    <button
      type="button"
      className="table-percent-toggle"
      aria-pressed={percent}
      aria-label={percent ? t('table.show_values') : t('table.show_percent')}
      onClick={() => setPercent((p) => !p)}
      data-testid="table-percent-toggle"
    >
      <span data-active={!percent || undefined}>123</span>
      <span data-active={percent || undefined}>%</span>
    </button>
  ) : null;

  if (card.table.length === 1 && width < SINGLE_ROW_BREAKPOINT) {
    const row = card.table[0];
    return (
      <div ref={ref} className="data-table-wrap" data-testid="data-table" data-layout="single">
        {toggle}
        <dl className="single-row">
          {shown.map((c) => (
            <div key={c.key} className="single-row-item">
              <dt>{c.label}</dt>
              <dd>
                <Cell column={c} row={row} locale={locale} compact={false} grain={grain} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    );
  }

  return (
    <div ref={ref} className="data-table-wrap" data-testid="data-table">
      {toggle}
      <div className="data-table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">{t('table.label', { title: card.title })}</caption>
          <thead>
            <tr>
              {shown.map((c) => {
                const dir = sort?.key === c.key ? sort.dir : null;
                const numeric = c.role !== 'dimension' && c.role !== 'time';
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                    data-numeric={numeric || undefined}
                  >
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() => setSort((s) => nextSort(s, c.key))}
                      aria-label={t('table.sort_by', { column: c.label })}
                      data-testid={`sort-${c.key}`}
                    >
                      <span>{headerLabel(c, t)}</span>
                      <span className="sort-indicator" aria-hidden="true" data-dir={dir ?? undefined}>
                        {dir === 'asc' ? '↑' : dir === 'desc' ? '↓' : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              // Rows have no id; their order within one render is the identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={i}>
                {shown.map((c) => (
                  <td key={c.key} data-numeric={(c.role !== 'dimension' && c.role !== 'time') || undefined}>
                    <Cell column={c} row={row} locale={locale} compact={compact.get(c.key)} grain={grain} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {withTotals ? (
            <tfoot>
              <tr>
                {shown.map((c, i) => {
                  const v = sums[c.key];
                  const change = totalChange(table, c, locale);
                  return (
                    <td key={c.key} data-numeric={v !== null || change !== null || undefined}>
                      {i === 0 ? (
                        part === null ? (
                          t('table.total')
                        ) : (
                          t('table.total_shown', { count: part })
                        )
                      ) : change ? (
                        <ChangeText change={change} />
                      ) : v === null ? (
                        ''
                      ) : c.role === 'share' ? (
                        formatShare(v, locale)
                      ) : (
                        formatValue(v, c.format, { locale, compact: compact.get(c.key) })
                      )}
                    </td>
                  );
                })}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
    </div>
  );
});
