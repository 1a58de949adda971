/**
 * Turkish names of what a query asks: display names of model fields and time buckets,
 * periods and comparisons in words, and the Turkish card title and "what I understood" line. The
 * card's Turkish sentences live in languages/tr/card-words.ts and build on these.
 *
 * Turkish attaches case suffixes to nouns, and their form depends on the noun's sound; data values
 * and dates are therefore never suffixed here: phrases put them before a postposition that takes
 * no suffix ("Ülke bazında Gelir"), and comparisons are written in the dative only for the fixed
 * words this file owns ("önceki aya göre").
 */
import type {
  TChangeDirection,
  TChartType,
  TComparison,
  TDateRange,
  TDateUnit,
  TQueryFilter,
  TSemanticQuery,
  TTimeGrain,
} from '@parley/contract';
import { formatDate, formatDateRange } from '@parley/presenter';
import { findDimension, findMeasure, type TSemanticModel } from '../../model/semantic-model';
import { assertNever } from '../../util';
import { shownValue } from '../flag-phrases';
import { capitaliseTr } from './text';
import { inTurkish } from './words';

/** Display names of the demo model's labels and the time buckets (the card's column headers). */
const NAMES: Record<string, string> = {
  revenue: 'Gelir',
  sales: 'Satış',
  orders: 'Sipariş',
  'average order value': 'Ortalama Sipariş Değeri',
  'units sold': 'Satılan Adet',
  customers: 'Müşteri',
  'new customers': 'Yeni Müşteri',
  refunds: 'İade',
  'gross margin': 'Brüt Kâr',
  sessions: 'Oturum',
  users: 'Kullanıcı',
  pageviews: 'Sayfa Görüntüleme',
  conversions: 'Dönüşüm',
  bounces: 'Hemen Çıkma',
  'bounce rate': 'Hemen Çıkma Oranı',
  'conversion rate': 'Dönüşüm Oranı',
  region: 'Bölge',
  country: 'Ülke',
  channel: 'Kanal',
  status: 'Durum',
  segment: 'Segment',
  category: 'Kategori',
  brand: 'Marka',
  product: 'Ürün',
  device: 'Cihaz',
  date: 'Tarih',
  'order date': 'Sipariş Tarihi',
  'signup date': 'Kayıt Tarihi',
  day: 'Gün',
  week: 'Hafta',
  month: 'Ay',
  quarter: 'Çeyrek',
  year: 'Yıl',
};

/**
 * A model label as a Turkish user reads it: the display name of the demo's fields, else the
 * language pack's Turkish word for it (introspected models: "Customer" → "Müşteri"), else the
 * label itself (a column name we have no word for stays as the data source calls it).
 */
export function turkishName(label: string): string {
  const known = NAMES[label.toLowerCase()];
  if (known) return known;
  const computed = computedName(label);
  if (computed) return computed;
  const word = inTurkish(label);
  return word === label ? label : word.split(' ').map(capitaliseTr).join(' ');
}

/**
 * The names the compiler gives measures a question computes (compiler/aggregations.ts: "Median
 * Revenue", "Revenue minus Refunds"), each part named in Turkish; null for any other label.
 */
const COMPUTED: [RegExp, (m: string[], name: (l: string) => string) => string][] = [
  [/^Median (.+)$/, (m, name) => `Medyan ${name(m[1]!)}`],
  [/^(\d+)(?:st|nd|rd|th) Percentile (.+)$/, (m, name) => `${m[1]}. Yüzdelik ${name(m[2]!)}`],
  [/^Maximum (.+)$/, (m, name) => `En Yüksek ${name(m[1]!)}`],
  [/^Minimum (.+)$/, (m, name) => `En Düşük ${name(m[1]!)}`],
  [/^(.+) as a Share of (.+)$/, (m, name) => `${name(m[2]!)} İçinde ${name(m[1]!)} Payı`],
  [/^(.+) divided by (.+)$/, (m, name) => `${name(m[1]!)} Bölü ${name(m[2]!)}`],
  [/^(.+) plus (.+)$/, (m, name) => `${name(m[1]!)} Artı ${name(m[2]!)}`],
  [/^(.+) minus (.+)$/, (m, name) => `${name(m[1]!)} Eksi ${name(m[2]!)}`],
];

function computedName(label: string): string | null {
  for (const [re, say] of COMPUTED) {
    const m = re.exec(label);
    if (m) return say(m, turkishName);
  }
  return null;
}

/** Units in Turkish; a count never pluralises its noun ("3 ay"). */
export const UNIT_TR: Record<TDateUnit, string> = {
  day: 'gün',
  week: 'hafta',
  month: 'ay',
  quarter: 'çeyrek',
  half: 'yarıyıl',
  year: 'yıl',
};
/** The unit in the dative, for "göre" ("önceki aya göre"). */
const UNIT_DATIVE: Record<TDateUnit, string> = {
  day: 'güne',
  week: 'haftaya',
  month: 'aya',
  quarter: 'çeyreğe',
  half: 'yarıyıla',
  year: 'yıla',
};
/** "aylık Gelir": the grain as an adjective. */
const GRAIN_ADJECTIVE: Record<TTimeGrain, string> = {
  day: 'günlük',
  week: 'haftalık',
  month: 'aylık',
  quarter: 'çeyreklik',
  year: 'yıllık',
};
const MONTHS_TR = [
  'Ocak',
  'Şubat',
  'Mart',
  'Nisan',
  'Mayıs',
  'Haziran',
  'Temmuz',
  'Ağustos',
  'Eylül',
  'Ekim',
  'Kasım',
  'Aralık',
];
const CHART_TR: Record<TChartType, string> = {
  bar: 'çubuk',
  line: 'çizgi',
  area: 'alan',
  pie: 'pasta',
  donut: 'halka',
};

/** A period in Turkish words, as a Turkish user says it ("geçen ay", "son 30 gün", "Mart 2025"). */
export function describeRangeTr(range: TDateRange): string {
  switch (range.kind) {
    case 'all':
      return 'tüm zamanlar';
    case 'this':
      return range.unit === 'day' ? 'bugün' : `bu ${UNIT_TR[range.unit]}`;
    case 'to_date':
      return range.unit === 'year' ? 'yılbaşından bu yana' : `${UNIT_TR[range.unit]} başından bu yana`;
    case 'last':
      if (range.n === 1) return range.unit === 'day' ? 'dün' : `geçen ${UNIT_TR[range.unit]}`;
      return `son ${range.n} ${UNIT_TR[range.unit]}`;
    case 'half':
      return `${range.year ? `${range.year} yılının` : 'bu yılın'} ${range.half === 1 ? 'ilk' : 'ikinci'} yarısı`;
    case 'year':
      return String(range.year);
    case 'quarter':
      return `${range.year} ${range.quarter}. çeyrek`;
    case 'month':
      return `${MONTHS_TR[range.month - 1]} ${range.year}`;
    case 'day':
      return formatDate(range.date, 'tr', 'day');
    case 'between':
      return formatDateRange(range.from, range.to, 'tr');
    default:
      return assertNever(range);
  }
}

/** The comparison period: its name and the "against it" phrase ("önceki ay" / "önceki aya göre"). */
export function describeComparisonTr(
  compare: TComparison,
  range?: TDateRange,
): { name: string; against: string } {
  const unit = (u: TDateUnit, word: string) => ({
    name: `${word} ${UNIT_TR[u]}`,
    against: `${word} ${UNIT_DATIVE[u]} göre`,
  });
  switch (compare) {
    case 'previous_period':
      return range ? previousPeriodTr(range) : { name: 'önceki dönem', against: 'önceki döneme göre' };
    case 'previous_year':
      return { name: 'geçen yılın aynı dönemi', against: 'geçen yılın aynı dönemine göre' };
    case 'previous_day':
      return unit('day', 'önceki');
    case 'previous_week':
      return unit('week', 'önceki');
    case 'previous_month':
      return unit('month', 'önceki');
    case 'previous_quarter':
      return unit('quarter', 'önceki');
    default:
      return assertNever(compare);
  }
}

function previousPeriodTr(range: TDateRange): { name: string; against: string } {
  switch (range.kind) {
    case 'this':
    case 'to_date':
      return range.unit === 'day'
        ? { name: 'dün', against: 'düne göre' }
        : { name: `geçen ${UNIT_TR[range.unit]}`, against: `geçen ${UNIT_DATIVE[range.unit]} göre` };
    case 'last':
      return range.n === 1
        ? { name: `önceki ${UNIT_TR[range.unit]}`, against: `önceki ${UNIT_DATIVE[range.unit]} göre` }
        : {
            name: `önceki ${range.n} ${UNIT_TR[range.unit]}`,
            against: `önceki ${range.n} ${UNIT_DATIVE[range.unit]} göre`,
          };
    case 'year':
      return { name: String(range.year - 1), against: `${range.year - 1} yılına göre` };
    case 'quarter': {
      const [y, q] = range.quarter === 1 ? [range.year - 1, 4] : [range.year, range.quarter - 1];
      return { name: `${y} ${q}. çeyrek`, against: `${y} ${q}. çeyreğe göre` };
    }
    case 'month': {
      const [y, m] = range.month === 1 ? [range.year - 1, 12] : [range.year, range.month - 1];
      return { name: `${MONTHS_TR[m - 1]} ${y}`, against: `${MONTHS_TR[m - 1]} ${y} ayına göre` };
    }
    default:
      return { name: 'önceki dönem', against: 'önceki döneme göre' };
  }
}

const listTr = (items: string[], conjunction: 've' | 'veya'): string =>
  items.length > 1
    ? `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`
    : (items[0] ?? '');

function fieldName(model: TSemanticModel, field: string): string {
  return turkishName(findMeasure(model, field)?.label ?? findDimension(model, field)?.label ?? field);
}

const CHANGE_TR: Record<TChangeDirection, string> = {
  down: 'yalnızca düşenler',
  up: 'yalnızca artanlar',
  lost: 'önceki dönemde olup bu dönemde olmayanlar',
  gained: 'bu dönemde olup önceki dönemde olmayanlar',
};

/** A short Turkish title: "Ülke bazında Gelir, geçen ay", "Gelir bazında ilk 5 Ülke". */
export function describeTitleTr(query: TSemanticQuery, model: TSemanticModel): string {
  const measures = listTr(
    query.measures.map((m) => fieldName(model, m)),
    've',
  );
  const dims = listTr(
    query.dimensions.map((d) => fieldName(model, d)),
    've',
  );
  const grain = query.timeDimension?.grain;
  const measured = grain ? `${GRAIN_ADJECTIVE[grain]} ${measures}` : measures;
  let title: string;
  if (query.order && query.limit && dims) {
    title = `${measures} bazında ${query.order.dir === 'desc' ? 'ilk' : 'en düşük'} ${query.limit} ${dims}${grain ? `, ${GRAIN_ADJECTIVE[grain]}` : ''}`;
  } else if (dims) title = `${dims} bazında ${measured}`;
  else title = measured;
  // "Bölge bazında Gelir (yalnızca düşenler)": the groups the change keeps.
  if (query.change && dims) title += ` (${CHANGE_TR[query.change]})`;
  const range = query.timeDimension?.range;
  if (range && range.kind !== 'all') title += `, ${describeRangeTr(range)}`;
  const valueFilters = query.filters.filter((f) => f.op === 'in' && f.values.length <= 2);
  if (valueFilters.length > 0)
    title += ` (${valueFilters.map((f) => f.values.map((v) => shownValue(model, f.field, String(v))).join(', ')).join('; ')})`;
  return capitaliseTr(title);
}

function describeFilterTr(model: TSemanticModel, f: TQueryFilter): string {
  const name = fieldName(model, f.field);
  const values = f.values.map(String);
  switch (f.op) {
    case 'in':
      return `${name}: ${listTr(values, 'veya')}`;
    case 'not_in':
      return `${name}: ${listTr(values, 've')} hariç`;
    case 'gt':
      return `${name} ${values[0]} üzerinde`;
    case 'gte':
      return `${name} en az ${values[0]}`;
    case 'lt':
      return `${name} ${values[0]} altında`;
    case 'lte':
      return `${name} en fazla ${values[0]}`;
    case 'between':
      return `${name} ${values[0]} ile ${values[1]} arasında`;
    default:
      return assertNever(f.op);
  }
}

/** Every part of the query in Turkish, for the "Anlaşılan" line and questions back. */
export function describeQueryTr(query: TSemanticQuery, model: TSemanticModel): string {
  const parts = [describeTitleTr(query, model)];
  if (query.compare)
    parts.push(`${describeComparisonTr(query.compare, query.timeDimension?.range).name} ile karşılaştırmalı`);
  const other = query.filters.filter((f) => !(f.op === 'in' && f.values.length <= 2));
  if (other.length > 0) parts.push(other.map((f) => describeFilterTr(model, f)).join(' ve '));
  if (query.order && !query.limit) {
    parts.push(
      `${fieldName(model, query.order.field)} bazında ${query.order.dir === 'desc' ? 'büyükten küçüğe' : 'küçükten büyüğe'} sıralı`,
    );
  }
  if (query.chart) parts.push(`${CHART_TR[query.chart]} grafiği olarak`);
  return parts.join(', ');
}
