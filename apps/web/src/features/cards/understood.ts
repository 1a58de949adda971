/**
 * What a card understood, as chips: one chip per part of its semantic query, the
 * alternatives the source's model has for each, and the query a chosen alternative makes. Pure:
 * the words come in from the caller, so the chips read alike in every language.
 */
import type {
  TCard,
  TComparison,
  TDateRange,
  TModelView,
  TQueryFilter,
  TSemanticQuery,
  TTeachWordBody,
} from '@parley/contract';

export type ChipPart = 'measure' | 'grouping' | 'filter' | 'period' | 'comparison' | 'source';
export type TeachTarget = TTeachWordBody['target'];
export type PeriodGroup = 'presets' | 'years' | 'quarters' | 'months';

/** The words chips are made of, in the user's language, date format and time zone. */
export interface ChipWords {
  range: (range: TDateRange) => string;
  comparison: (compare: TComparison | null) => string;
  dates: (from: string, to: string) => string;
  /** The time the data was read ("read 10:42") and the time a copy was synced ("Data as of …"). */
  read: (iso: string) => string;
  synced: (iso: string) => string;
  soFar: string;
  /** The time zone the dates are read in ("Europe/Istanbul"). */
  zone: string;
  noGrouping: string;
  removeFilter: string;
  not: string;
}

export interface Chip {
  key: string;
  part: ChipPart;
  /** Which measure, grouping or filter of the query. */
  index: number;
  label: string;
  /** A second line of the chip: the period's dates, the comparison's, the data's freshness. */
  sub?: string;
  /** The sub text is a synced copy's date (the source chip of a synced source). */
  synced?: boolean;
  partial?: boolean;
  /** More than the chip says, for its tooltip: the period's time zone. */
  hint?: string;
}

export interface Alternative {
  key: string;
  label: string;
  query: TSemanticQuery;
  /** The part of the model the choice names, for "Teach '<word>' = <choice>". */
  teach?: TeachTarget;
  /** The query's reading as it is: choosing it changes nothing. */
  current?: boolean;
  group?: PeriodGroup;
}

type Model = Pick<TModelView, 'measures' | 'dimensions'> | null;

/** A field name as words when neither the model nor the card labels it ("order_count" → "Order count"). */
export function humanise(name: string): string {
  const words = name.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A measure's label: the model's, else the card column of that name, else its name as words. */
export function measureLabel(name: string, card: Pick<TCard, 'columns'>, model: Model): string {
  const fromModel = model?.measures.find((m) => m.name === name)?.label;
  if (fromModel) return fromModel;
  const lower = name.toLowerCase();
  const column = card.columns.find((c) => c.key.toLowerCase() === lower || c.label.toLowerCase() === lower);
  return column?.label ?? humanise(name);
}

/** A dimension's label: the model's, else the card column of that name, else its name as words. */
export function dimensionLabel(name: string, card: Pick<TCard, 'columns'>, model: Model): string {
  const fromModel = model?.dimensions.find((d) => d.name === name)?.label;
  if (fromModel) return fromModel;
  const lower = name.toLowerCase();
  const column = card.columns.find((c) => c.key.toLowerCase() === lower && c.kind !== 'measure');
  return column?.label ?? humanise(name);
}

function valueLabel(dimension: string, value: string | number, model: Model): string {
  const labels = model?.dimensions.find((d) => d.name === dimension)?.valueLabels;
  return labels?.[String(value)] ?? String(value);
}

const OP_SIGNS: Record<TQueryFilter['op'], string> = {
  in: '',
  not_in: '',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  between: '',
};

function isMeasureFilter(filter: TQueryFilter, query: TSemanticQuery): boolean {
  return !(filter.op === 'in' || filter.op === 'not_in') || query.measures.includes(filter.field);
}

/** "Region: EMEA, APAC", "Region: not EMEA", "Revenue > 1000", "Revenue 10–20". */
export function filterLabel(
  filter: TQueryFilter,
  query: TSemanticQuery,
  card: TCard,
  model: Model,
  words: ChipWords,
) {
  if (isMeasureFilter(filter, query)) {
    const name = measureLabel(filter.field, card, model);
    const values = filter.values.join('–');
    return filter.op === 'between' ? `${name} ${values}` : `${name} ${OP_SIGNS[filter.op]} ${values}`;
  }
  const values = filter.values.map((v) => valueLabel(filter.field, v, model)).join(', ');
  const dimension = dimensionLabel(filter.field, card, model);
  return filter.op === 'not_in' ? `${dimension}: ${words.not} ${values}` : `${dimension}: ${values}`;
}

function periodChip(card: TCard, query: TSemanticQuery, words: ChipWords): Chip[] {
  const range = query.timeDimension?.range;
  if (!range && !card.period) return [];
  const period = card.period;
  const dates = period ? words.dates(period.from, period.to) : undefined;
  return [
    {
      key: 'period',
      part: 'period',
      index: 0,
      label: range ? words.range(range) : (period?.label ?? ''),
      sub: dates && period?.partial ? `${dates} (${words.soFar})` : dates,
      partial: period?.partial || undefined,
      hint: dates ? `${dates} (${words.zone})` : undefined,
    },
  ];
}

function comparisonChip(card: TCard, query: TSemanticQuery, words: ChipWords): Chip[] {
  // A comparison needs a period to compare with; without a time dimension there is none to offer.
  if (!query.timeDimension && !query.compare) return [];
  const c = card.period?.comparison;
  return [
    {
      key: 'comparison',
      part: 'comparison',
      index: 0,
      label: words.comparison(query.compare ?? null),
      sub: query.compare && c ? words.dates(c.from, c.to) : undefined,
    },
  ];
}

function sourceChip(card: TCard, words: ChipWords): Chip[] {
  // A card from before cards named their source still says how fresh a synced copy is.
  if (!card.source && !card.synced) return [];
  const sub = card.synced ? words.synced(card.synced) : words.read(card.date);
  return [
    { key: 'source', part: 'source', index: 0, label: card.source?.name ?? '', sub, synced: !!card.synced },
  ];
}

/** The chips of a card: measures, groupings, filters, period, comparison, source; none without a query. */
export function buildChips(card: TCard, model: Model, words: ChipWords): Chip[] {
  const query = card.query?.semantic;
  if (!query) return [];
  const chip = (part: ChipPart, index: number, label: string): Chip => ({
    key: `${part}-${index}`,
    part,
    index,
    label,
  });
  return [
    ...query.measures.map((m, i) => chip('measure', i, measureLabel(m, card, model))),
    ...query.dimensions.map((d, i) => chip('grouping', i, dimensionLabel(d, card, model))),
    ...query.filters.map((f, i) => chip('filter', i, filterLabel(f, query, card, model, words))),
    ...periodChip(card, query, words),
    ...comparisonChip(card, query, words),
    ...sourceChip(card, words),
  ];
}

/** Whether a chip has alternatives to choose from (the source chip names where, not what). */
export function isEditable(chip: Chip): boolean {
  return chip.part !== 'source';
}

/** A chosen alternative, as the conversation re-asks it and "Remember this" teaches it. */
export interface ChipChange {
  /** The question's own words: the re-asked item keeps them. */
  phrase: string;
  sourceId: string;
  /** The new reading. */
  query: TSemanticQuery;
  /** The chosen alternative's label ("Revenue"). */
  choice: string;
  teach?: TeachTarget;
  /** The phrase's words the new reading does not explain: the word "Remember this" suggests. */
  word: string;
}
