/**
 * The card's text, written like an analyst: the answer first ("EMEA led with
 * $1.73M, 45% of the total, up 12% on the previous period"), then what was understood — the
 * measure, filters and the period with its dates — in the user's number and date format. No
 * "3 rows" filler. The sentences come from the card's language catalogue (words.ts).
 */
import type { TCardColumn, TCardPeriod, TCardRow, TSemanticQuery, TTimeGrain } from '@parley/contract';
import {
  cardChange,
  escapeHtml,
  type FormatOptions,
  formatDate,
  formatDateRange,
  formatShare,
  formatValue,
} from '@parley/presenter';
import { changeKey, previousKey } from '../compiler/columns';
import type { TValidReading } from '../compiler/valid-at';
import type { TSemanticModel } from '../model/semantic-model';
import type { TShareBasis } from './insights';
import type { TAgainst, TCardWords } from './words';

export interface TAnswerTextInput {
  query: TSemanticQuery;
  model: TSemanticModel;
  table: TCardRow[];
  dims: TCardColumn[];
  time: TCardColumn | null;
  measures: TCardColumn[];
  /** Whether the first measure's rows add up (sums and counts, not rates or averages). */
  additive: boolean;
  /** What the leader's share is of; null when the groups do not add up to one whole. */
  share: TShareBasis | null;
  hasCompare: boolean;
  period: TCardPeriod | null;
  /** The day history tables were read on (the rows valid then), when the answer read one. */
  validOn?: TValidReading | null;
  format: FormatOptions;
  /** The card's language: its sentences and the model's names in it. */
  words: TCardWords;
}

const b = (text: string): string => `<b>${escapeHtml(text)}</b>`;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** "up 12% on the previous period" / "down 3% on …" / "" when there is no change to state. */
function changeWords(change: number | null, against: TAgainst, words: TCardWords, locale: string): string {
  if (change === null) return '';
  // The table's rounding, and its direction: a change that rounds to 0 % is "unchanged".
  const shown = cardChange(change, locale);
  const dir = shown.direction === 'up' || shown.direction === 'down' ? shown.direction : 'unchanged';
  return words.text.change(dir, b(shown.text), against);
}

/** The headline: the answer itself, in one sentence. */
function headline(input: TAnswerTextInput): string {
  const { table, dims, time, measures, query, format, hasCompare, period, words } = input;
  const t = words.text;
  const m = measures[0];
  const fmt = (v: unknown): string => formatValue(num(v), m.format, format);
  const against: TAgainst = {
    kind: 'comparison',
    compare: query.compare ?? 'previous_period',
    ...(query.compare ? { range: query.timeDimension?.range } : {}),
  };
  const when = period ? t.when(escapeHtml(period.label)) : '';
  if (table.length === 0) return t.noData;

  // One number (or one number per measure).
  if (dims.length === 0 && !time) {
    const row = table[0];
    const values = measures.map((c) =>
      t.valueIs(escapeHtml(c.label), b(formatValue(num(row[c.key]), c.format, format)), c === m),
    );
    let s = `${values.join(', ')}${when}`;
    if (hasCompare) {
      const change = num(row[changeKey(m.key)]);
      const prev = fmt(row[previousKey(m.key)]);
      s +=
        change === null
          ? t.againstValue(b(prev), against)
          : `, ${changeWords(change, against, words, format.locale)} (${b(prev)})`;
    }
    return `${s}.`;
  }

  // Groups kept for how they changed ("which regions fell"): the one that moved most leads, never
  // the largest value, and no share of a total of only the groups kept.
  if (query.change && hasCompare && dims.length > 0 && !time) return changeHeadline(input, fmt, against);

  // A breakdown (over time too): the leader, its share, its change.
  if (dims.length > 0) {
    const d = dims[0];
    const byName = new Map<string, { v: number; prev: number | null }>();
    for (const r of table) {
      const v = num(r[m.key]);
      if (v === null) continue;
      const name = String(r[d.key] ?? '–');
      const prev = hasCompare ? num(r[previousKey(m.key)]) : null;
      const acc = byName.get(name);
      // Over time, a summable measure adds up per value; a rate keeps its latest bucket.
      if (acc && input.additive) {
        acc.v += v;
        acc.prev = acc.prev === null || prev === null ? null : acc.prev + prev;
      } else byName.set(name, { v, prev });
    }
    const sorted = [...byName].sort((x, y) => y[1].v - x[1].v);
    if (sorted.length === 0) return t.noData;
    const lowest = query.order?.dir === 'asc';
    const [name, lead] = lowest ? sorted[sorted.length - 1] : sorted[0];
    let s =
      sorted.length === 1
        ? t.single(b(name), escapeHtml(m.label), b(fmt(lead.v)), when)
        : t.lead(b(name), lowest, escapeHtml(m.label), b(fmt(lead.v)), when);
    const basis = input.share;
    if (basis && sorted.length > 1 && basis.total > 0)
      s += t.shareOfTotal(
        b(formatShare((lead.v / basis.total) * 100, format.locale)),
        escapeHtml(m.label),
        basis.shown,
      );
    if (hasCompare && lead.prev !== null && lead.prev !== 0)
      s += `, ${changeWords(((lead.v - lead.prev) / Math.abs(lead.prev)) * 100, against, words, format.locale)}`;
    if (sorted.length === 2) {
      const [otherName, other] = lowest ? sorted[0] : sorted[1];
      s += `; ${b(otherName)} ${b(fmt(other.v))}`;
    } else if (sorted.length > 2 && !input.additive) {
      const [lastName, last] = lowest ? sorted[0] : sorted[sorted.length - 1];
      s += t.extreme(lowest, b(lastName), b(fmt(last.v)));
    }
    return `${s}.`;
  }

  // A time series: the latest bucket and its move since the first; the total when it adds up.
  const tc = time!;
  const grain = query.timeDimension?.grain as TTimeGrain | undefined;
  const points = table
    .map((r) => ({ at: String(r[tc.key] ?? ''), v: num(r[m.key]) }))
    .filter((p): p is { at: string; v: number } => p.v !== null);
  if (points.length === 0) return t.noData;
  const last = points[points.length - 1];
  const first = points[0];
  const bucket = (at: string): string => formatDate(at, format.locale, grain);
  let s = t.latest(escapeHtml(m.label), b(fmt(last.v)), b(bucket(last.at)), period?.partial === true);
  if (points.length > 1 && first.v !== 0) {
    const change = ((last.v - first.v) / Math.abs(first.v)) * 100;
    s += `, ${changeWords(change, { kind: 'bucket', text: bucket(first.at) }, words, format.locale)}`;
  }
  if (input.additive && points.length > 1) s += t.inTotal(b(fmt(points.reduce((a, p) => a + p.v, 0))), when);
  return `${s}.`;
}

/** "3 match; Germany moved most: $900 against $1,200, down 25.0% on the previous period." */
function changeHeadline(input: TAnswerTextInput, fmt: (v: unknown) => string, against: TAgainst): string {
  const { table, dims, measures, words, format } = input;
  const m = measures[0];
  let most: { row: TCardRow; v: number; prev: number } | null = null;
  for (const row of table) {
    const v = num(row[m.key]) ?? 0;
    const prev = num(row[previousKey(m.key)]) ?? 0;
    if (!most || Math.abs(v - prev) > Math.abs(most.v - most.prev)) most = { row, v, prev };
  }
  if (!most) return words.text.noData;
  const change =
    most.prev === 0
      ? ''
      : changeWords(((most.v - most.prev) / Math.abs(most.prev)) * 100, against, words, format.locale);
  const name = String(most.row[dims[0].key] ?? '–');
  return `${words.text.movedMost(table.length, b(name), b(fmt(most.v)), b(fmt(most.prev)), change)}.`;
}

/** "Understood: Revenue by Region, last month · Oct 1 – 31, 2026 · vs the previous period (Sep 1 – 30, 2026)." */
function understoodLine(input: TAnswerTextInput): string {
  const { query, model, period, format, words } = input;
  const described = escapeHtml(words.describe({ ...query, compare: undefined }, model));
  // History read on today is today's rows, not all the data.
  if (!period && input.validOn) return words.text.understood(described, day(input.validOn.on, format), null);
  if (!period) return words.text.understood(described, null, null);
  const dates = escapeHtml(formatDateRange(period.from, period.to, format.locale));
  const vs =
    query.compare && period.comparison
      ? {
          against: {
            kind: 'comparison',
            compare: query.compare,
            range: query.timeDimension?.range,
          } as TAgainst,
          datesEsc: escapeHtml(formatDateRange(period.comparison.from, period.comparison.to, format.locale)),
        }
      : null;
  return words.text.understood(described, dates, vs);
}

/** The card's text as sanitised HTML: the answer, then what was understood. */
export function buildAnswerText(input: TAnswerTextInput): string {
  return `<p>${headline(input)}</p><p>${understoodLine(input)}${validLine(input)}</p>`;
}

/** Which day a history table was read on: today, or the asked period's last day (and the comparison's). */
function validLine({ validOn, format, words }: TAnswerTextInput): string {
  if (!validOn) return '';
  const previous = validOn.previous ? day(validOn.previous, format) : null;
  return ` ${words.text.validOn(day(validOn.on, format), previous, validOn.period, validOn.series === true)}`;
}

const day = (d: string, format: FormatOptions): string => escapeHtml(formatDate(d, format.locale, 'day'));
