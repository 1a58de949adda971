/**
 * Turkish questions: whole SemanticQuery per case over the demo model, each asked
 * with and without Turkish letters; suffixed forms, every date form, negation and grouping after
 * their noun, rankings, comparisons, numbers; questions that must be asked back; the pack choice.
 */
import type { TSemanticQuery } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { detectLanguage, getLanguagePack } from '../languages';
import { TR } from '../languages/tr/pack';
import { capitaliseTr, foldTurkish, trLower } from '../languages/tr/text';
import { getDemoModel } from '../model/demo-model';
import type { TParseMessageKey } from './messages';
import { getExampleQuestions, parseQuestion, type TParseOptions } from './parse';
import { getVocabulary } from './vocabulary';

const model = getDemoModel();
const OPTIONS: TParseOptions = { model, today: '2026-11-20', weekStart: 'monday', language: 'tr' };
const parseTr = (phrase: string, extra: Partial<TParseOptions> = {}) =>
  parseQuestion(phrase, { ...OPTIONS, ...extra });
const queryTr = (phrase: string, extra: Partial<TParseOptions> = {}): TSemanticQuery => {
  const r = parseTr(phrase, extra);
  if (r.kind !== 'query') throw new Error(`expected a query for "${phrase}": ${r.text}`);
  return r.query;
};
const hasTurkishLetters = (s: string): boolean => /[çğıöşüÇĞİÖŞÜ]/.test(s);

const QUERIES: [string, TSemanticQuery][] = [
  [
    'geçen ay gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
    },
  ],
  [
    "Almanya'da geçen ay gelir",
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [{ field: 'country', op: 'in', values: ['Germany'] }],
    },
  ],
  [
    'almanyada gecen ay gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [{ field: 'country', op: 'in', values: ['Germany'] }],
    },
  ],
  [
    "Almanya'daki siparişler",
    { measures: ['orders'], dimensions: [], filters: [{ field: 'country', op: 'in', values: ['Germany'] }] },
  ],
  [
    "Fransa'dan gelen gelir",
    { measures: ['revenue'], dimensions: [], filters: [{ field: 'country', op: 'in', values: ['France'] }] },
  ],
  ['bölgelere göre gelir', { measures: ['revenue'], dimensions: ['region'], filters: [] }],
  ['ülke bazında sipariş sayısı', { measures: ['orders'], dimensions: ['country'], filters: [] }],
  ['kanala göre müşteriler', { measures: ['customers'], dimensions: ['channel'], filters: [] }],
  ['kategorilere göre satışlar', { measures: ['revenue'], dimensions: ['category'], filters: [] }],
  ['markalara göre ciro', { measures: ['revenue'], dimensions: ['brand'], filters: [] }],
  ['cihaz bazında oturumlar', { measures: ['sessions'], dimensions: ['device'], filters: [] }],
  ['ülkelere göre kullanıcılar', { measures: ['users'], dimensions: ['country'], filters: [] }],
  ['segmentlere göre gelir', { measures: ['revenue'], dimensions: ['segment'], filters: [] }],
  ['sipariş durumuna göre siparişler', { measures: ['orders'], dimensions: ['status'], filters: [] }],
  [
    'Almanya hariç ülkelere göre gelir',
    {
      measures: ['revenue'],
      dimensions: ['country'],
      filters: [{ field: 'country', op: 'not_in', values: ['Germany'] }],
    },
  ],
  [
    'Almanya ve Fransa hariç gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      filters: [{ field: 'country', op: 'not_in', values: ['Germany', 'France'] }],
    },
  ],
  [
    'Türkiye dışında gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      filters: [{ field: 'country', op: 'not_in', values: ['Turkey'] }],
    },
  ],
  [
    'mobil değil oturumlar',
    {
      measures: ['sessions'],
      dimensions: [],
      filters: [{ field: 'device', op: 'not_in', values: ['mobile'] }],
    },
  ],
  [
    'e-posta hariç kanallara göre siparişler',
    {
      measures: ['orders'],
      dimensions: ['channel'],
      filters: [{ field: 'channel', op: 'not_in', values: ['Email'] }],
    },
  ],
  [
    'en çok satan 5 ürün',
    {
      measures: ['units_sold'],
      dimensions: ['product'],
      filters: [],
      order: { field: 'units_sold', dir: 'desc' },
      limit: 5,
    },
  ],
  [
    'en çok satan ürün',
    {
      measures: ['units_sold'],
      dimensions: ['product'],
      filters: [],
      order: { field: 'units_sold', dir: 'desc' },
      limit: 1,
    },
  ],
  [
    'en az satan 3 ürün',
    {
      measures: ['units_sold'],
      dimensions: ['product'],
      filters: [],
      order: { field: 'units_sold', dir: 'asc' },
      limit: 3,
    },
  ],
  [
    'gelire göre ilk 10 ülke',
    {
      measures: ['revenue'],
      dimensions: ['country'],
      filters: [],
      order: { field: 'revenue', dir: 'desc' },
      limit: 10,
    },
  ],
  [
    'en yüksek gelirli 5 ülke',
    {
      measures: ['revenue'],
      dimensions: ['country'],
      filters: [],
      order: { field: 'revenue', dir: 'desc' },
      limit: 5,
    },
  ],
  [
    'hangi kanal en çok sipariş getirdi',
    {
      measures: ['orders'],
      dimensions: ['channel'],
      filters: [],
      order: { field: 'orders', dir: 'desc' },
      limit: 1,
    },
  ],
  [
    'en düşük dönüşüm oranı hangi cihazda',
    {
      measures: ['conversion_rate'],
      dimensions: ['device'],
      filters: [],
      order: { field: 'conversion_rate', dir: 'asc' },
      limit: 1,
    },
  ],
  [
    'gelire göre sıralanmış ülkeler',
    { measures: ['revenue'], dimensions: ['country'], filters: [], order: { field: 'revenue', dir: 'desc' } },
  ],
  [
    'son 30 gün sipariş',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'day', n: 30 } },
      filters: [],
    },
  ],
  [
    'son 3 ay gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 3 } },
      filters: [],
    },
  ],
  [
    'son 12 ayda gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 12 } },
      filters: [],
    },
  ],
  [
    'son 7 günde oturumlar',
    {
      measures: ['sessions'],
      dimensions: [],
      timeDimension: { field: 'date', range: { kind: 'last', unit: 'day', n: 7 } },
      filters: [],
    },
  ],
  [
    'son 2 yıl gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'year', n: 2 } },
      filters: [],
    },
  ],
  [
    'son 4 hafta kullanıcılar',
    {
      measures: ['users'],
      dimensions: [],
      timeDimension: { field: 'date', range: { kind: 'last', unit: 'week', n: 4 } },
      filters: [],
    },
  ],
  [
    'dün siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'day', n: 1 } },
      filters: [],
    },
  ],
  [
    'dünkü gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'day', n: 1 } },
      filters: [],
    },
  ],
  [
    'bugün oturumlar',
    {
      measures: ['sessions'],
      dimensions: [],
      timeDimension: { field: 'date', range: { kind: 'this', unit: 'day' } },
      filters: [],
    },
  ],
  [
    'geçen hafta gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'week', n: 1 } },
      filters: [],
    },
  ],
  [
    'geçen ay siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
    },
  ],
  [
    'geçen yıl gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'year', n: 1 } },
      filters: [],
    },
  ],
  [
    'geçen çeyrek gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'quarter', n: 1 } },
      filters: [],
    },
  ],
  [
    'bu ay gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'month' } },
      filters: [],
    },
  ],
  [
    'bu hafta siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'week' } },
      filters: [],
    },
  ],
  [
    'bu yıl gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'year' } },
      filters: [],
    },
  ],
  [
    'bu çeyrek siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'quarter' } },
      filters: [],
    },
  ],
  [
    'bu sene ciro',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'year' } },
      filters: [],
    },
  ],
  [
    'yılbaşından beri gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'to_date', unit: 'year' } },
      filters: [],
    },
  ],
  [
    'yıl başından bu yana siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'to_date', unit: 'year' } },
      filters: [],
    },
  ],
  [
    'ay başından beri gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'to_date', unit: 'month' } },
      filters: [],
    },
  ],
  [
    "2025'in ilk çeyreği gelir",
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'quarter', year: 2025, quarter: 1 } },
      filters: [],
    },
  ],
  [
    '2025 yılının ikinci çeyreğinde siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'quarter', year: 2025, quarter: 2 } },
      filters: [],
    },
  ],
  [
    '3. çeyrek siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'quarter', year: 2026, quarter: 3 } },
      filters: [],
    },
  ],
  [
    'üçüncü çeyrek gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'quarter', year: 2026, quarter: 3 } },
      filters: [],
    },
  ],
  [
    'geçen yılın son çeyreği gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'quarter', year: 2025, quarter: 4 } },
      filters: [],
    },
  ],
  [
    'Q2 2025 gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'quarter', year: 2025, quarter: 2 } },
      filters: [],
    },
  ],
  [
    '2025 Q4 siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'quarter', year: 2025, quarter: 4 } },
      filters: [],
    },
  ],
  [
    "2025'in ilk yarısı gelir",
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'half', half: 1, year: 2025 } },
      filters: [],
    },
  ],
  [
    'geçen yılın ikinci yarısı siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'half', half: 2, year: 2025 } },
      filters: [],
    },
  ],
  [
    'Mart 2025 gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'month', year: 2025, month: 3 } },
      filters: [],
    },
  ],
  [
    "Mart 2025'te siparişler",
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'month', year: 2025, month: 3 } },
      filters: [],
    },
  ],
  [
    '2025 Mart gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'month', year: 2025, month: 3 } },
      filters: [],
    },
  ],
  [
    'martta gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'month', year: 2026, month: 3 } },
      filters: [],
    },
  ],
  [
    'mart ayında siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'month', year: 2026, month: 3 } },
      filters: [],
    },
  ],
  [
    'geçen yılın mart ayı gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'month', year: 2025, month: 3 } },
      filters: [],
    },
  ],
  [
    'Ocak–Aralık 2025 gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: {
        field: 'order_date',
        range: { kind: 'between', from: '2025-01-01', to: '2025-12-31' },
      },
      filters: [],
    },
  ],
  [
    'Ocak-Mart 2025 siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: {
        field: 'order_date',
        range: { kind: 'between', from: '2025-01-01', to: '2025-03-31' },
      },
      filters: [],
    },
  ],
  [
    "Ocak'tan Mart'a kadar gelir",
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: {
        field: 'order_date',
        range: { kind: 'between', from: '2026-01-01', to: '2026-03-31' },
      },
      filters: [],
    },
  ],
  [
    'Kasım 2025 - Ocak 2026 gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: {
        field: 'order_date',
        range: { kind: 'between', from: '2025-11-01', to: '2026-01-31' },
      },
      filters: [],
    },
  ],
  [
    '1-15 Mart 2025 gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: {
        field: 'order_date',
        range: { kind: 'between', from: '2025-03-01', to: '2025-03-15' },
      },
      filters: [],
    },
  ],
  [
    '15 Mart 2025 siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'day', date: '2025-03-15' } },
      filters: [],
    },
  ],
  [
    '15.03.2025 gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'day', date: '2025-03-15' } },
      filters: [],
    },
  ],
  [
    "2025'te gelir",
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'year', year: 2025 } },
      filters: [],
    },
  ],
  [
    '2025 yılında siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'year', year: 2025 } },
      filters: [],
    },
  ],
  [
    '2024 ile 2025 gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'year', year: 2025 } },
      compare: 'previous_year',
      filters: [],
    },
  ],
  [
    "2025'ten beri gelir",
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: {
        field: 'order_date',
        range: { kind: 'between', from: '2025-01-01', to: '2026-11-20' },
      },
      filters: [],
    },
  ],
  [
    "Mart'tan beri siparişler",
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: {
        field: 'order_date',
        range: { kind: 'between', from: '2026-03-01', to: '2026-11-20' },
      },
      filters: [],
    },
  ],
  [
    '3 ay önce gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: {
        field: 'order_date',
        range: { kind: 'between', from: '2026-08-01', to: '2026-08-31' },
      },
      filters: [],
    },
  ],
  [
    'tüm zamanlar gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'all' } },
      filters: [],
    },
  ],
  [
    'geçen aya göre bu ay gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'month' } },
      compare: 'previous_period',
      filters: [],
    },
  ],
  [
    'bu ay ile geçen ay siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'month' } },
      compare: 'previous_period',
      filters: [],
    },
  ],
  [
    'bu yıl geçen yıla göre gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'year' } },
      compare: 'previous_period',
      filters: [],
    },
  ],
  [
    'geçen yılın aynı dönemine göre bu ay gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'month' } },
      compare: 'previous_year',
      filters: [],
    },
  ],
  [
    'yıllık bazda gelir değişimi',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'to_date', unit: 'year' } },
      compare: 'previous_year',
      filters: [],
    },
  ],
  [
    'aydan aya siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'month' } },
      compare: 'previous_month',
      filters: [],
    },
  ],
  [
    'son 7 gün ile önceki 7 gün oturumlar',
    {
      measures: ['sessions'],
      dimensions: [],
      timeDimension: { field: 'date', range: { kind: 'last', unit: 'day', n: 7 } },
      compare: 'previous_period',
      filters: [],
    },
  ],
  [
    'geçen ay gelir değişimi',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      compare: 'previous_period',
      filters: [],
    },
  ],
  [
    'bu çeyrek geçen çeyreğe göre siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'quarter' } },
      compare: 'previous_period',
      filters: [],
    },
  ],
  [
    'aylık gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'all' } },
      filters: [],
    },
  ],
  [
    'haftalık siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'week', range: { kind: 'all' } },
      filters: [],
    },
  ],
  [
    'günlük oturumlar',
    {
      measures: ['sessions'],
      dimensions: [],
      timeDimension: { field: 'date', grain: 'day', range: { kind: 'all' } },
      filters: [],
    },
  ],
  [
    'bu yıl aylara göre gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'this', unit: 'year' } },
      filters: [],
    },
  ],
  [
    'son 3 ay haftalık gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'week', range: { kind: 'last', unit: 'month', n: 3 } },
      filters: [],
    },
  ],
  [
    'ay bazında siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'all' } },
      filters: [],
    },
  ],
  [
    'çeyreklik gelir 2025',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'quarter', range: { kind: 'year', year: 2025 } },
      filters: [],
    },
  ],
  [
    'yıllık gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'year', range: { kind: 'all' } },
      filters: [],
    },
  ],
  [
    'zaman içinde gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'all' } },
      filters: [],
    },
  ],
  [
    'gelir trendi',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'all' } },
      filters: [],
    },
  ],
  [
    "1.500'den fazla siparişi olan ülkeler",
    {
      measures: ['orders'],
      dimensions: ['country'],
      filters: [{ field: 'orders', op: 'gt', values: [1500] }],
    },
  ],
  [
    '100 binden fazla geliri olan ülkeler',
    {
      measures: ['revenue'],
      dimensions: ['country'],
      filters: [{ field: 'revenue', op: 'gt', values: [100000] }],
    },
  ],
  [
    '10 bin TL üzeri gelir olan kategoriler',
    {
      measures: ['revenue'],
      dimensions: ['category'],
      filters: [{ field: 'revenue', op: 'gt', values: [10000] }],
    },
  ],
  [
    'en az 100 sipariş olan ülkeler',
    {
      measures: ['orders'],
      dimensions: ['country'],
      filters: [{ field: 'orders', op: 'gte', values: [100] }],
    },
  ],
  [
    '1000 ile 5000 arasında sipariş olan ülkeler',
    {
      measures: ['orders'],
      dimensions: ['country'],
      filters: [{ field: 'orders', op: 'between', values: [1000, 5000] }],
    },
  ],
  [
    '500 ve üzeri sipariş olan ülkeler',
    {
      measures: ['orders'],
      dimensions: ['country'],
      filters: [{ field: 'orders', op: 'gte', values: [500] }],
    },
  ],
  [
    "dönüşüm oranı %2'den düşük olan kanallar",
    {
      measures: ['conversion_rate'],
      dimensions: ['channel'],
      filters: [{ field: 'conversion_rate', op: 'lt', values: [0.02] }],
    },
  ],
  [
    "dönüşüm oranı yüzde 2,5'ten yüksek cihazlar",
    {
      measures: ['conversion_rate'],
      dimensions: ['device'],
      filters: [{ field: 'conversion_rate', op: 'gt', values: [0.025] }],
    },
  ],
  [
    'gelir pasta grafik kategoriye göre',
    { measures: ['revenue'], dimensions: ['category'], filters: [], chart: 'pie' },
  ],
  [
    'çizgi grafik olarak aylık gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'all' } },
      filters: [],
      chart: 'line',
    },
  ],
  [
    'kanallara göre siparişler çubuk grafik',
    { measures: ['orders'], dimensions: ['channel'], filters: [], chart: 'bar' },
  ],
  ['gelir tablo olarak ülkelere göre', { measures: ['revenue'], dimensions: ['country'], filters: [] }],
  ['sipariş başına gelir', { measures: ['average_order_value'], dimensions: [], filters: [] }],
  ['sipariş başına ortalama gelir', { measures: ['average_order_value'], dimensions: [], filters: [] }],
  ['ülke başına gelir', { measures: ['revenue'], dimensions: ['country'], filters: [] }],
  [
    'ortalama sipariş değeri kanala göre',
    { measures: ['average_order_value'], dimensions: ['channel'], filters: [] },
  ],
  [
    'sepet ortalaması geçen ay',
    {
      measures: ['average_order_value'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
    },
  ],
  ['dönüşüm oranı cihaza göre', { measures: ['conversion_rate'], dimensions: ['device'], filters: [] }],
  ['hemen çıkma oranı kanala göre', { measures: ['bounce_rate'], dimensions: ['channel'], filters: [] }],
  [
    'yeni müşteriler bu ay',
    {
      measures: ['new_customers'],
      dimensions: [],
      timeDimension: { field: 'signup_date', range: { kind: 'this', unit: 'month' } },
      filters: [],
    },
  ],
  [
    'iadeler geçen ay',
    {
      measures: ['refunds'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
    },
  ],
  ['brüt kâr kategoriye göre', { measures: ['gross_margin'], dimensions: ['category'], filters: [] }],
  ['satılan adet markaya göre', { measures: ['units_sold'], dimensions: ['brand'], filters: [] }],
  [
    'sayfa görüntüleme bu hafta',
    {
      measures: ['pageviews'],
      dimensions: [],
      timeDimension: { field: 'date', range: { kind: 'this', unit: 'week' } },
      filters: [],
    },
  ],
  [
    "Türkiye'de ürün kategorisine göre satış",
    {
      measures: ['revenue'],
      dimensions: ['category'],
      filters: [{ field: 'country', op: 'in', values: ['Turkey'] }],
    },
  ],
  [
    'Elektronik kategorisinde gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      filters: [{ field: 'category', op: 'in', values: ['Electronics'] }],
    },
  ],
  [
    'Kurumsal segmentte gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      filters: [{ field: 'segment', op: 'in', values: ['Enterprise'] }],
    },
  ],
  [
    'KOBİ müşteriler',
    { measures: ['customers'], dimensions: [], filters: [{ field: 'segment', op: 'in', values: ['SMB'] }] },
  ],
  [
    'iptal edilen siparişler geçen ay',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [{ field: 'status', op: 'in', values: ['cancelled'] }],
    },
  ],
  [
    'ücretli arama kanalında oturumlar',
    {
      measures: ['sessions'],
      dimensions: [],
      filters: [{ field: 'channel', op: 'in', values: ['Paid Search'] }],
    },
  ],
  [
    'organik aramadan gelen kullanıcılar',
    {
      measures: ['users'],
      dimensions: [],
      filters: [{ field: 'channel', op: 'in', values: ['Organic Search'] }],
    },
  ],
  [
    'masaüstünde dönüşüm oranı',
    {
      measures: ['conversion_rate'],
      dimensions: [],
      filters: [{ field: 'device', op: 'in', values: ['desktop'] }],
    },
  ],
  [
    "Avrupa'da gelir",
    { measures: ['revenue'], dimensions: [], filters: [{ field: 'region', op: 'in', values: ['EMEA'] }] },
  ],
  [
    'Asya Pasifik bölgesinde siparişler',
    { measures: ['orders'], dimensions: [], filters: [{ field: 'region', op: 'in', values: ['APAC'] }] },
  ],
  [
    "ABD'de gelir",
    {
      measures: ['revenue'],
      dimensions: [],
      filters: [{ field: 'country', op: 'in', values: ['United States'] }],
    },
  ],
  [
    "İngiltere'de siparişler",
    {
      measures: ['orders'],
      dimensions: [],
      filters: [{ field: 'country', op: 'in', values: ['United Kingdom'] }],
    },
  ],
  [
    "Japonya'da geçen ay siparişler",
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [{ field: 'country', op: 'in', values: ['Japan'] }],
    },
  ],
  [
    "Almanya ve Fransa'da gelir",
    {
      measures: ['revenue'],
      dimensions: ['country'],
      filters: [{ field: 'country', op: 'in', values: ['Germany', 'France'] }],
    },
  ],
  [
    'Almanya ile Fransa gelir karşılaştır',
    {
      measures: ['revenue'],
      dimensions: ['country'],
      filters: [{ field: 'country', op: 'in', values: ['Germany', 'France'] }],
    },
  ],
  ['GELİR ÜLKELERE GÖRE', { measures: ['revenue'], dimensions: ['country'], filters: [] }],
  ['ürünlere göre gelir', { measures: ['revenue'], dimensions: ['product'], filters: [] }],
  [
    'gelir ve siparişler bölgelere göre',
    { measures: ['revenue', 'orders'], dimensions: ['region'], filters: [] },
  ],
  [
    'gelir ve sipariş sayısı geçen ay',
    {
      measures: ['revenue', 'orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
    },
  ],
  [
    'bana geçen ayın gelirini göster',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
    },
  ],
  [
    'geçen ay ne kadar gelir elde ettik',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
    },
  ],
  ['toplam gelir nedir', { measures: ['revenue'], dimensions: [], filters: [] }],
  [
    'kaç sipariş aldık bu ay',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'month' } },
      filters: [],
    },
  ],
  ['müşteri sayısı ülkelere göre', { measures: ['customers'], dimensions: ['country'], filters: [] }],
  [
    'geçen ay kanallara göre gelir ve siparişler',
    {
      measures: ['revenue', 'orders'],
      dimensions: ['channel'],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
    },
  ],
  [
    'bölgelere ve kanallara göre gelir',
    { measures: ['revenue'], dimensions: ['region', 'channel'], filters: [] },
  ],
  [
    'ülkeye ve aya göre gelir',
    {
      measures: ['revenue'],
      dimensions: ['country'],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'all' } },
      filters: [],
    },
  ],
  [
    "Amerika'da gelir",
    {
      measures: ['revenue'],
      dimensions: [],
      filters: [{ field: 'country', op: 'in', values: ['United States'] }],
    },
  ],
  [
    'bu ay gelir karşılaştırmalı',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'month' } },
      compare: 'previous_period',
      filters: [],
    },
  ],
  [
    "1000'den az siparişi olan ülkeler",
    {
      measures: ['orders'],
      dimensions: ['country'],
      filters: [{ field: 'orders', op: 'lt', values: [1000] }],
    },
  ],
  [
    '2024-03-15 gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'day', date: '2024-03-15' } },
      filters: [],
    },
  ],
  [
    'geçen ay ülkelere göre gelir pasta grafik',
    {
      measures: ['revenue'],
      dimensions: ['country'],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
      chart: 'pie',
    },
  ],
  [
    "Almanya'da bu yıl aylık gelir",
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'this', unit: 'year' } },
      filters: [{ field: 'country', op: 'in', values: ['Germany'] }],
    },
  ],
  [
    'mobil cihazlarda geçen hafta oturumlar',
    {
      measures: ['sessions'],
      dimensions: [],
      timeDimension: { field: 'date', range: { kind: 'last', unit: 'week', n: 1 } },
      filters: [{ field: 'device', op: 'in', values: ['mobile'] }],
    },
  ],
  [
    'en çok gelir getiren 3 kanal',
    {
      measures: ['revenue'],
      dimensions: ['channel'],
      filters: [],
      order: { field: 'revenue', dir: 'desc' },
      limit: 3,
    },
  ],
  [
    'en düşük gelirli 5 ülke',
    {
      measures: ['revenue'],
      dimensions: ['country'],
      filters: [],
      order: { field: 'revenue', dir: 'asc' },
      limit: 5,
    },
  ],
  [
    'kanallara göre dönüşüm oranı son 30 gün',
    {
      measures: ['conversion_rate'],
      dimensions: ['channel'],
      timeDimension: { field: 'date', range: { kind: 'last', unit: 'day', n: 30 } },
      filters: [],
    },
  ],
  [
    'Elektronik hariç kategorilere göre gelir',
    {
      measures: ['revenue'],
      dimensions: ['category'],
      filters: [{ field: 'category', op: 'not_in', values: ['Electronics'] }],
    },
  ],
  [
    "Almanya'nın geliri",
    { measures: ['revenue'], dimensions: [], filters: [{ field: 'country', op: 'in', values: ['Germany'] }] },
  ],
  [
    "Fransa'nın siparişleri geçen yıl",
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'year', n: 1 } },
      filters: [{ field: 'country', op: 'in', values: ['France'] }],
    },
  ],
  [
    'geçen yıl çeyreklere göre gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'quarter', range: { kind: 'last', unit: 'year', n: 1 } },
      filters: [],
    },
  ],
  [
    '2025 yılında aylara göre siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'year', year: 2025 } },
      filters: [],
    },
  ],
  [
    'son 6 ay aylık yeni müşteriler',
    {
      measures: ['new_customers'],
      dimensions: [],
      timeDimension: { field: 'signup_date', grain: 'month', range: { kind: 'last', unit: 'month', n: 6 } },
      filters: [],
    },
  ],
  [
    'bu yıl kategori bazında brüt kâr',
    {
      measures: ['gross_margin'],
      dimensions: ['category'],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'year' } },
      filters: [],
    },
  ],
  [
    'geçen ay iade edilen siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [{ field: 'status', op: 'in', values: ['refunded'] }],
    },
  ],
  [
    'tamamlanan siparişler bu yıl',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'year' } },
      filters: [{ field: 'status', op: 'in', values: ['completed'] }],
    },
  ],
  [
    'geçen hafta günlük oturumlar',
    {
      measures: ['sessions'],
      dimensions: [],
      timeDimension: { field: 'date', grain: 'day', range: { kind: 'last', unit: 'week', n: 1 } },
      filters: [],
    },
  ],
  [
    'sosyal medyadan gelen oturumlar',
    { measures: ['sessions'], dimensions: [], filters: [{ field: 'channel', op: 'in', values: ['Social'] }] },
  ],
  ['cihaz türüne göre kullanıcılar', { measures: ['users'], dimensions: ['device'], filters: [] }],
  ['markaya göre satılan ürün adedi', { measures: ['units_sold'], dimensions: ['brand'], filters: [] }],
  [
    'geçen ay en çok satan 10 ürün',
    {
      measures: ['units_sold'],
      dimensions: ['product'],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
      order: { field: 'units_sold', dir: 'desc' },
      limit: 10,
    },
  ],
  [
    'bu yıl en çok gelir getiren ülke',
    {
      measures: ['revenue'],
      dimensions: ['country'],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'year' } },
      filters: [],
      order: { field: 'revenue', dir: 'desc' },
      limit: 1,
    },
  ],
  [
    'Avrupa hariç bölgelere göre gelir',
    {
      measures: ['revenue'],
      dimensions: ['region'],
      filters: [{ field: 'region', op: 'not_in', values: ['EMEA'] }],
    },
  ],
  [
    'kurumsal müşteriler',
    {
      measures: ['customers'],
      dimensions: [],
      filters: [{ field: 'segment', op: 'in', values: ['Enterprise'] }],
    },
  ],
  [
    'satışlar geçen yıla göre',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'to_date', unit: 'year' } },
      compare: 'previous_year',
      filters: [],
    },
  ],
  [
    'dönüşüm oranı geçen aya göre',
    {
      measures: ['conversion_rate'],
      dimensions: [],
      timeDimension: { field: 'date', range: { kind: 'this', unit: 'month' } },
      compare: 'previous_month',
      filters: [],
    },
  ],
  [
    'Ekim 2025 gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'month', year: 2025, month: 10 } },
      filters: [],
    },
  ],
  [
    "Aralık'ta gelir",
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'month', year: 2025, month: 12 } },
      filters: [],
    },
  ],
  [
    'Şubat 2026 siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'month', year: 2026, month: 2 } },
      filters: [],
    },
  ],
  [
    "1 Ocak 2026'dan beri gelir",
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: {
        field: 'order_date',
        range: { kind: 'between', from: '2026-01-01', to: '2026-11-20' },
      },
      filters: [],
    },
  ],
  [
    "5 bin TL'den fazla geliri olan ürünler",
    {
      measures: ['revenue'],
      dimensions: ['product'],
      filters: [{ field: 'revenue', op: 'gt', values: [5000] }],
    },
  ],
  [
    'ülkeye göre ortalama sipariş değeri bu yıl',
    {
      measures: ['average_order_value'],
      dimensions: ['country'],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'year' } },
      filters: [],
    },
  ],
  [
    'geçen çeyrek markalara göre gelir',
    {
      measures: ['revenue'],
      dimensions: ['brand'],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'quarter', n: 1 } },
      filters: [],
    },
  ],
  [
    'Q3 ile Q2 gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'quarter', year: 2026, quarter: 3 } },
      compare: 'previous_quarter',
      filters: [],
    },
  ],
  [
    'son 90 gün kanallara göre oturumlar',
    {
      measures: ['sessions'],
      dimensions: ['channel'],
      timeDimension: { field: 'date', range: { kind: 'last', unit: 'day', n: 90 } },
      filters: [],
    },
  ],
  [
    "Almanya, Fransa ve İspanya'da gelir",
    {
      measures: ['revenue'],
      dimensions: ['country'],
      filters: [{ field: 'country', op: 'in', values: ['Germany', 'France', 'Spain'] }],
    },
  ],
  [
    'e-posta kanalından gelen siparişler',
    { measures: ['orders'], dimensions: [], filters: [{ field: 'channel', op: 'in', values: ['Email'] }] },
  ],
  [
    'dün kaç oturum vardı',
    {
      measures: ['sessions'],
      dimensions: [],
      timeDimension: { field: 'date', range: { kind: 'last', unit: 'day', n: 1 } },
      filters: [],
    },
  ],
  [
    'bu ay toplam ciro ne kadar',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'month' } },
      filters: [],
    },
  ],
  [
    'kategorilere göre gelir artan sırada',
    { measures: ['revenue'], dimensions: ['category'], filters: [], order: { field: 'revenue', dir: 'asc' } },
  ],
  [
    'ülkelere göre gelir azalan sırada',
    { measures: ['revenue'], dimensions: ['country'], filters: [], order: { field: 'revenue', dir: 'desc' } },
  ],
  [
    'günlere göre siparişler son 2 hafta',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'day', range: { kind: 'last', unit: 'week', n: 2 } },
      filters: [],
    },
  ],
  [
    '10 bin TL ve üzeri gelir olan kategoriler',
    {
      measures: ['revenue'],
      dimensions: ['category'],
      filters: [{ field: 'revenue', op: 'gte', values: [10000] }],
    },
  ],
  [
    'Geçen ayki toplam gelir ne kadardı?',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
    },
  ],
  [
    'Bu yıl hangi ülke en çok gelir getirdi?',
    {
      measures: ['revenue'],
      dimensions: ['country'],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'year' } },
      filters: [],
      order: { field: 'revenue', dir: 'desc' },
      limit: 1,
    },
  ],
  [
    'Son 30 günde kanal bazında oturum sayısı',
    {
      measures: ['sessions'],
      dimensions: ['channel'],
      timeDimension: { field: 'date', range: { kind: 'last', unit: 'day', n: 30 } },
      filters: [],
    },
  ],
  [
    'Geçen yıl aylık sipariş sayısı',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'last', unit: 'year', n: 1 } },
      filters: [],
    },
  ],
  ['Kategorilere göre brüt kar marjı', { measures: ['gross_margin'], dimensions: ['category'], filters: [] }],
  [
    'En çok sipariş alan 10 ülke',
    {
      measures: ['orders'],
      dimensions: ['country'],
      filters: [],
      order: { field: 'orders', dir: 'desc' },
      limit: 10,
    },
  ],
  [
    "Almanya'daki müşteri sayısı",
    {
      measures: ['customers'],
      dimensions: [],
      filters: [{ field: 'country', op: 'in', values: ['Germany'] }],
    },
  ],
  [
    '2025 yılında ülkelere göre gelir',
    {
      measures: ['revenue'],
      dimensions: ['country'],
      timeDimension: { field: 'order_date', range: { kind: 'year', year: 2025 } },
      filters: [],
    },
  ],
  [
    'Mobil cihazlardan gelen dönüşüm oranı',
    {
      measures: ['conversion_rate'],
      dimensions: [],
      filters: [{ field: 'device', op: 'in', values: ['mobile'] }],
    },
  ],
  [
    'Geçen ay iptal edilen sipariş sayısı',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [{ field: 'status', op: 'in', values: ['cancelled'] }],
    },
  ],
  [
    'Bu çeyrekte segmentlere göre gelir',
    {
      measures: ['revenue'],
      dimensions: ['segment'],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'quarter' } },
      filters: [],
    },
  ],
  [
    'Ülkelere göre ortalama sipariş tutarı',
    { measures: ['average_order_value'], dimensions: ['country'], filters: [] },
  ],
  [
    'Elektronik kategorisinin geçen ayki geliri',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [{ field: 'category', op: 'in', values: ['Electronics'] }],
    },
  ],
  [
    'Son 12 ayın aylık geliri',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'last', unit: 'month', n: 12 } },
      filters: [],
    },
  ],
  [
    'Haftalık oturum sayısı son 8 hafta',
    {
      measures: ['sessions'],
      dimensions: [],
      timeDimension: { field: 'date', grain: 'week', range: { kind: 'last', unit: 'week', n: 8 } },
      filters: [],
    },
  ],
  [
    'Bölge bazında gelir dağılımı pasta grafiği',
    { measures: ['revenue'], dimensions: ['region'], filters: [], chart: 'pie' },
  ],
  [
    'Gelir geçen yılın aynı dönemine göre nasıl',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'to_date', unit: 'year' } },
      compare: 'previous_year',
      filters: [],
    },
  ],
  [
    'Bu ayın geliri geçen ayla karşılaştırıldığında',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'month' } },
      compare: 'previous_period',
      filters: [],
    },
  ],
  [
    "2025'in 3. çeyreğinde markalara göre satışlar",
    {
      measures: ['revenue'],
      dimensions: ['brand'],
      timeDimension: { field: 'order_date', range: { kind: 'quarter', year: 2025, quarter: 3 } },
      filters: [],
    },
  ],
  [
    'Fransa hariç Avrupa ülkelerinde gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      filters: [
        { field: 'country', op: 'not_in', values: ['France'] },
        { field: 'region', op: 'in', values: ['EMEA'] },
      ],
    },
  ],
  [
    'En az gelir getiren 5 ürün',
    {
      measures: ['revenue'],
      dimensions: ['product'],
      filters: [],
      order: { field: 'revenue', dir: 'asc' },
      limit: 5,
    },
  ],
  [
    'En düşük dönüşüm oranına sahip kanal',
    {
      measures: ['conversion_rate'],
      dimensions: ['channel'],
      filters: [],
      order: { field: 'conversion_rate', dir: 'asc' },
      limit: 1,
    },
  ],
  [
    'Günlük kullanıcı sayısı bu hafta',
    {
      measures: ['users'],
      dimensions: [],
      timeDimension: { field: 'date', grain: 'day', range: { kind: 'this', unit: 'week' } },
      filters: [],
    },
  ],
  [
    "Ocak'tan bu yana gelir",
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: {
        field: 'order_date',
        range: { kind: 'between', from: '2026-01-01', to: '2026-11-20' },
      },
      filters: [],
    },
  ],
  [
    'İlk çeyrekte gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'quarter', year: 2026, quarter: 1 } },
      filters: [],
    },
  ],
  [
    'Geçen yılın ilk çeyreğinde siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'quarter', year: 2025, quarter: 1 } },
      filters: [],
    },
  ],
  [
    'Aylık gelir trendi',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'all' } },
      filters: [],
    },
  ],
  [
    'Gelirin aylara göre dağılımı 2025',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'year', year: 2025 } },
      filters: [],
    },
  ],
  ['Kanal başına oturum', { measures: ['sessions'], dimensions: ['channel'], filters: [] }],
  [
    'Bu yıl toplam kaç müşteri kazandık',
    {
      measures: ['customers'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'year' } },
      filters: [],
    },
  ],
  [
    "Türkiye'deki siparişler geçen ay",
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [{ field: 'country', op: 'in', values: ['Turkey'] }],
    },
  ],
  [
    "Birleşik Krallık'ta gelir",
    {
      measures: ['revenue'],
      dimensions: [],
      filters: [{ field: 'country', op: 'in', values: ['United Kingdom'] }],
    },
  ],
  [
    "Amerika Birleşik Devletleri'nde gelir",
    {
      measures: ['revenue'],
      dimensions: [],
      filters: [{ field: 'country', op: 'in', values: ['United States'] }],
    },
  ],
  [
    'Hindistan ve Japonya gelir',
    {
      measures: ['revenue'],
      dimensions: ['country'],
      filters: [{ field: 'country', op: 'in', values: ['India', 'Japan'] }],
    },
  ],
  [
    "İspanya'da bu yıl ciro",
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'year' } },
      filters: [{ field: 'country', op: 'in', values: ['Spain'] }],
    },
  ],
  [
    'Hangi kategori daha çok kazandırdı',
    {
      measures: ['revenue'],
      dimensions: ['category'],
      filters: [],
      order: { field: 'revenue', dir: 'desc' },
      limit: 1,
    },
  ],
  [
    'Geçen haftaki hemen çıkma oranı',
    {
      measures: ['bounce_rate'],
      dimensions: [],
      timeDimension: { field: 'date', range: { kind: 'last', unit: 'week', n: 1 } },
      filters: [],
    },
  ],
  [
    'Kasım ayında gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'month', year: 2026, month: 11 } },
      filters: [],
    },
  ],
  [
    'Kasımda siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'month', year: 2026, month: 11 } },
      filters: [],
    },
  ],
  [
    "Aralık 2025'te gelir",
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'month', year: 2025, month: 12 } },
      filters: [],
    },
  ],
  [
    'Bu ay şimdiye kadar gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'month' } },
      filters: [],
    },
  ],
  [
    'Bu yılın başından beri siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'to_date', unit: 'year' } },
      filters: [],
    },
  ],
  [
    'Önceki aya göre sipariş değişimi',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'month' } },
      compare: 'previous_month',
      filters: [],
    },
  ],
  [
    'Sipariş sayısı önceki yıla göre',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'to_date', unit: 'year' } },
      compare: 'previous_year',
      filters: [],
    },
  ],
  [
    'Geçen çeyreğe kıyasla gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'quarter' } },
      compare: 'previous_quarter',
      filters: [],
    },
  ],
  [
    'Son 3 ayda ülkelere göre gelir ve sipariş',
    {
      measures: ['revenue', 'orders'],
      dimensions: ['country'],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 3 } },
      filters: [],
    },
  ],
  [
    "Gelir 100 bin TL'nin üzerinde olan ülkeler",
    {
      measures: ['revenue'],
      dimensions: ['country'],
      filters: [{ field: 'revenue', op: 'gt', values: [100000] }],
    },
  ],
  [
    "Dönüşüm oranı %3'ün altında olan cihazlar",
    {
      measures: ['conversion_rate'],
      dimensions: ['device'],
      filters: [{ field: 'conversion_rate', op: 'lt', values: [0.03] }],
    },
  ],
  [
    'Ürün bazında en çok satanlar',
    {
      measures: ['units_sold'],
      dimensions: ['product'],
      filters: [],
      order: { field: 'units_sold', dir: 'desc' },
      limit: 10,
    },
  ],
  [
    'En çok satılan ürünler',
    {
      measures: ['units_sold'],
      dimensions: ['product'],
      filters: [],
      order: { field: 'units_sold', dir: 'desc' },
      limit: 10,
    },
  ],
  ['Toplam satış', { measures: ['revenue'], dimensions: [], filters: [] }],
  ['Satışlar', { measures: ['revenue'], dimensions: [], filters: [] }],
  ['Cirom ne kadar', { measures: ['revenue'], dimensions: [], filters: [] }],
  ['Gelir grafiği', { measures: ['revenue'], dimensions: [], filters: [] }],
  ['Gelirleri göster', { measures: ['revenue'], dimensions: [], filters: [] }],
  ['Markaların gelirleri', { measures: ['revenue'], dimensions: ['brand'], filters: [] }],
  [
    'en çok kazandıran 3 ürün',
    {
      measures: ['revenue'],
      dimensions: ['product'],
      filters: [],
      order: { field: 'revenue', dir: 'desc' },
      limit: 3,
    },
  ],
  [
    'bir milyon dolardan fazla gelir olan ülkeler',
    {
      measures: ['revenue'],
      dimensions: ['country'],
      filters: [{ field: 'revenue', op: 'gt', values: [1000000] }],
    },
  ],
  [
    '10.000 TL üstü gelir olan ürünler',
    {
      measures: ['revenue'],
      dimensions: ['product'],
      filters: [{ field: 'revenue', op: 'gt', values: [10000] }],
    },
  ],
  [
    'Almanya dahil değil gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      filters: [{ field: 'country', op: 'not_in', values: ['Germany'] }],
    },
  ],
  [
    'Almanya vs Fransa gelir',
    {
      measures: ['revenue'],
      dimensions: ['country'],
      filters: [{ field: 'country', op: 'in', values: ['Germany', 'France'] }],
    },
  ],
  ['her ülke için gelir', { measures: ['revenue'], dimensions: ['country'], filters: [] }],
  [
    'bu haftaki siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'week' } },
      filters: [],
    },
  ],
  [
    'geçen haftaki gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'week', n: 1 } },
      filters: [],
    },
  ],
  [
    'son bir yıl gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'year', n: 1 } },
      filters: [],
    },
  ],
  [
    'son iki hafta siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'week', n: 2 } },
      filters: [],
    },
  ],
  [
    'son on gün oturumlar',
    {
      measures: ['sessions'],
      dimensions: [],
      timeDimension: { field: 'date', range: { kind: 'last', unit: 'day', n: 10 } },
      filters: [],
    },
  ],
  [
    'geçtiğimiz ay gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
    },
  ],
  [
    'önceki ay siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
    },
  ],
  [
    '2025 yılı boyunca gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'year', year: 2025 } },
      filters: [],
    },
  ],
  [
    '2024 ve 2025 yıllarında gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'year', year: 2025 } },
      compare: 'previous_year',
      filters: [],
    },
  ],
  [
    'Mart ve Nisan gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: {
        field: 'order_date',
        range: { kind: 'between', from: '2026-03-01', to: '2026-04-30' },
      },
      filters: [],
    },
  ],
  [
    'çubuk grafikle kanallara göre gelir',
    { measures: ['revenue'], dimensions: ['channel'], filters: [], chart: 'bar' },
  ],
  ['tablo halinde ülkelere göre sipariş', { measures: ['orders'], dimensions: ['country'], filters: [] }],
  [
    "Almanya'yı hariç tut gelir",
    {
      measures: ['revenue'],
      dimensions: [],
      filters: [{ field: 'country', op: 'not_in', values: ['Germany'] }],
    },
  ],
  [
    "yüzde 10'dan fazla dönüşüm oranı olan kanallar",
    {
      measures: ['conversion_rate'],
      dimensions: ['channel'],
      filters: [{ field: 'conversion_rate', op: 'gt', values: [0.1] }],
    },
  ],
  ['ülke ülke gelir', { measures: ['revenue'], dimensions: ['country'], filters: [] }],
  ['ciro bölgesel', { measures: ['revenue'], dimensions: ['region'], filters: [] }],
  ['gelirin ülkelere dağılımı', { measures: ['revenue'], dimensions: ['country'], filters: [] }],
  [
    'sipariş adedi kanallara göre geçen ay',
    {
      measures: ['orders'],
      dimensions: ['channel'],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
    },
  ],
  ['SİPARİŞLER ÜLKELERE GÖRE', { measures: ['orders'], dimensions: ['country'], filters: [] }],
  ['SIPARISLER ULKELERE GORE', { measures: ['orders'], dimensions: ['country'], filters: [] }],
  ['gelri ülkelere göre', { measures: ['revenue'], dimensions: ['country'], filters: [] }],
  [
    'siparşler geçen ay',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
    },
  ],
  ['ülkelre göre gelir', { measures: ['revenue'], dimensions: ['country'], filters: [] }],
  [
    'hangi cihazda daha fazla oturum var',
    {
      measures: ['sessions'],
      dimensions: ['device'],
      filters: [],
      order: { field: 'sessions', dir: 'desc' },
      limit: 1,
    },
  ],
  ['oturumların cihazlara göre dağılımı', { measures: ['sessions'], dimensions: ['device'], filters: [] }],
  [
    'ülkelere göre gelir sıralaması',
    { measures: ['revenue'], dimensions: ['country'], filters: [], order: { field: 'revenue', dir: 'desc' } },
  ],
  [
    'bu yıl her ay için gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'month', range: { kind: 'this', unit: 'year' } },
      filters: [],
    },
  ],
  [
    'geçen yıl her çeyrek gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'quarter', range: { kind: 'last', unit: 'year', n: 1 } },
      filters: [],
    },
  ],
  [
    'ekim ayı gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'month', year: 2026, month: 10 } },
      filters: [],
    },
  ],
  [
    'ekimden beri siparişler',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: {
        field: 'order_date',
        range: { kind: 'between', from: '2026-10-01', to: '2026-11-20' },
      },
      filters: [],
    },
  ],
  [
    'son 7 gün günlük sipariş',
    {
      measures: ['orders'],
      dimensions: [],
      timeDimension: { field: 'order_date', grain: 'day', range: { kind: 'last', unit: 'day', n: 7 } },
      filters: [],
    },
  ],
  [
    'bugüne kadar toplam gelir',
    {
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'all' } },
      filters: [],
    },
  ],
  [
    'markalara göre gelir ilk 5',
    {
      measures: ['revenue'],
      dimensions: ['brand'],
      filters: [],
      order: { field: 'revenue', dir: 'desc' },
      limit: 5,
    },
  ],
  [
    'gelir bazında en iyi 3 kategori',
    {
      measures: ['revenue'],
      dimensions: ['category'],
      filters: [],
      order: { field: 'revenue', dir: 'desc' },
      limit: 3,
    },
  ],
  [
    'geçen ay hangi ürün en çok sattı',
    {
      measures: ['units_sold'],
      dimensions: ['product'],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
      order: { field: 'units_sold', dir: 'desc' },
      limit: 1,
    },
  ],
  [
    "Almanya'da en çok satan ürün",
    {
      measures: ['units_sold'],
      dimensions: ['product'],
      filters: [{ field: 'country', op: 'in', values: ['Germany'] }],
      order: { field: 'units_sold', dir: 'desc' },
      limit: 1,
    },
  ],
  ['toplam müşteri sayısı', { measures: ['customers'], dimensions: [], filters: [] }],
  [
    'bu ayki iadeler',
    {
      measures: ['refunds'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'this', unit: 'month' } },
      filters: [],
    },
  ],
  [
    'geçen yılki brüt kâr',
    {
      measures: ['gross_margin'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'year', n: 1 } },
      filters: [],
    },
  ],
  [
    'satışların kanallara göre dağılımı pasta',
    { measures: ['revenue'], dimensions: ['channel'], filters: [], chart: 'pie' },
  ],
  [
    'kategori bazında satılan ürün adedi 2025',
    {
      measures: ['units_sold'],
      dimensions: ['category'],
      timeDimension: { field: 'order_date', range: { kind: 'year', year: 2025 } },
      filters: [],
    },
  ],
];

const ASK_BACK: [string, TParseMessageKey][] = [
  ['blorp zork', 'unknownWords'],
  ['gelir ve', 'cutOff'],
  ['merhaba', 'nothingKnown'],
  ['teşekkürler', 'nothingKnown'],
  ['gelir euro olarak', 'unknownWords'],
  ['geçen ay ve bu yıl gelir', 'twoPeriods'],
  ['İSTANBUL', 'unknownWords'],
  ['hava durumu', 'unknownWords'],
  ['en iyi 5', 'whichMeasure'],
  ['Hollanda ve Belçika gelir', 'unknownWords'],
  ['iki yüz elli siparişten fazla olan ürünler', 'notAvailable'],
  ['ülkelere göre', 'whichMeasure'],
  ['en çok gelir', 'whatToRank'],
  ['oturumlar kategoriye göre', 'notAvailable'],
  ['hemen çıkma oranı ürünlere göre', 'notAvailable'],
  ['Almanya', 'whichMeasure'],
  ['neden geçen ay gelir düştü', 'kindNotYet'],
  ['gelecek ay sipariş tahmini', 'kindNotYet'],
  ['müşteri başına gelir', 'perWhat'],
  ['gelir bitcoin cinsinden', 'unknownWords'],
  ['sipariş ve', 'cutOff'],
  ['en düşük', 'whichMeasure'],
  ['oturumlar 2025 ile 2023', 'twoPeriods'],
  ['gelir geçen', 'unknownWords'],
  ["Brezilya'da gelir Almanya'da gelir geçen yıl bu yıl", 'twoPeriods'],
  ['ortalama sepet tutarı cihaza göre', 'notAvailable'],
  ['önümüzdeki 3 ay gelir tahmini', 'kindNotYet'],
  ['Kanallara göre yeni müşteri sayısı bu yıl', 'notAvailable'],
  ['Müşteri başına ortalama gelir', 'perWhat'],
  ['İade oranı', 'unknownWords'],
  ["Sipariş sayısı 500'den fazla olan kategoriler", 'notAvailable'],
  ['gelirdeki düşüşün nedeni', 'kindNotYet'],
  ['geçen ay siparişler neden azaldı', 'kindNotYet'],
  ['gelecek yıl gelir tahmini', 'kindNotYet'],
  ['önümüzdeki 6 ay siparişler ne olacak', 'kindNotYet'],
  ['kullanıcı başına oturum', 'noRatio'],
  ['en iyi performans gösteren kanal', 'whichMeasure'],
  ['aktif kullanıcılar', 'unknownWords'],
];

describe('Turkish questions', () => {
  it.each(QUERIES)('%s', (phrase, expected) => {
    expect(queryTr(phrase)).toEqual(expected);
  });
  // People type without ç ğ ı ö ş ü: the ASCII-folded question reads the same.
  it.each(QUERIES.filter(([p]) => hasTurkishLetters(p)).map(([p, q]) => [foldTurkish(p), q] as const))(
    'without Turkish letters: %s',
    (phrase, expected) => {
      // Detected as Turkish from the words alone, without the user's language.
      expect(queryTr(phrase, { language: undefined })).toEqual(expected);
    },
  );
});

describe('Turkish questions that must be asked back', () => {
  it.each(ASK_BACK)('%s', (phrase, key) => {
    const r = parseTr(phrase);
    expect(r.kind).toBe('clarify');
    if (r.kind === 'clarify') {
      expect(r.message.key).toBe(key);
      // Asked in Turkish, with choices to pick.
      expect(Object.values(TR.messages.titles)).toContain(r.prompt.title);
      expect(r.prompt.items.length).toBeGreaterThan(0);
    }
  });
  it('speaks Turkish', () => {
    const r = parseTr('blorp zork');
    expect(r.kind === 'clarify' && r.text).toBe(
      'Üzgünüm, “blorp”, “zork” ne demek bilmiyorum. Bunlardan birini mi demek istediniz?',
    );
  });
});

describe('Turkish drivers, forecasts and follow-ups', () => {
  const kinds = { drivers: true, forecast: true };
  it('reads "neden" as a drivers question over the last month', () => {
    expect(queryTr('neden geçen ay gelir düştü', { kinds })).toEqual({
      measures: ['revenue'],
      dimensions: [],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
      compare: 'previous_period',
      analysis: { kind: 'drivers' },
    });
    expect(queryTr('siparişleri ne etkiledi 3. çeyrekte', { kinds })).toMatchObject({
      measures: ['orders'],
      timeDimension: { range: { kind: 'quarter', year: 2026, quarter: 3 } },
      analysis: { kind: 'drivers' },
    });
  });
  it('reads forecasts with Turkish horizons', () => {
    const history = { field: 'order_date', grain: 'month', range: { kind: 'last', unit: 'month', n: 36 } };
    expect(queryTr('gelecek ay sipariş tahmini', { kinds })).toEqual({
      measures: ['orders'],
      dimensions: [],
      filters: [],
      timeDimension: history,
      analysis: { kind: 'forecast', horizon: 1 },
    });
    expect(queryTr('önümüzdeki 3 ay gelir tahmini', { kinds }).analysis).toEqual({
      kind: 'forecast',
      horizon: 3,
    });
    expect(queryTr('gelecek çeyrek gelir ne olacak', { kinds }).analysis).toMatchObject({
      kind: 'forecast',
      horizon: 3,
    });
  });
  it('merges follow-ups into the previous question', () => {
    const previous = queryTr('geçen ay ülkelere göre gelir');
    const lastMonth = { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } };
    expect(queryTr('peki siparişler?', { previous })).toEqual({
      measures: ['orders'],
      dimensions: ['country'],
      timeDimension: lastMonth,
      filters: [],
    });
    expect(queryTr('ve kanala göre', { previous }).dimensions).toEqual(['country', 'channel']);
    expect(queryTr('sadece Almanya', { previous }).filters).toEqual([
      { field: 'country', op: 'in', values: ['Germany'] },
    ]);
    expect(queryTr('ya Fransa?', { previous }).filters).toEqual([
      { field: 'country', op: 'in', values: ['France'] },
    ]);
  });
});

describe('language packs', () => {
  it('lower-cases and capitalises as tr-TR does, without ICU, for every code point (alone and around an I)', () => {
    const differ: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const c = String.fromCodePoint(code);
      for (const text of [c, `A${c}b`, `I${c}`, `${c}\u0307`, `I${c}\u0307`, `İ${c}`])
        if (trLower(text) !== text.toLocaleLowerCase('tr-TR')) differ.push(text);
    }
    expect(differ).toEqual([]);
    expect(foldTurkish("IĞDIR'DA İSTANBUL Işık")).toBe("igdir'da istanbul isik");
    const upper: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const text = `${String.fromCharCode(code)}x`;
      if (capitaliseTr(text) !== text.charAt(0).toLocaleUpperCase('tr-TR') + text.slice(1)) upper.push(text);
    }
    expect(upper).toEqual([]);
    expect(capitaliseTr('ilk çeyrek')).toBe('İlk çeyrek');
  });

  it('detects Turkish by letters, suffixes and function words; the user language breaks ties', () => {
    expect(detectLanguage('revenue by country', 'tr')).toBe('en');
    expect(detectLanguage('gelir', 'en')).toBe('tr');
    expect(detectLanguage("Almanya'da revenue", 'en')).toBe('tr');
    expect(detectLanguage('bolgelere gore ciro', 'en')).toBe('tr');
    expect(detectLanguage('sales last month', 'tr')).toBe('en');
    expect(detectLanguage('mobile sessions', 'en')).toBe('en');
    expect(detectLanguage('Germany', 'tr-TR')).toBe('tr');
    expect(detectLanguage('Germany', 'en-GB')).toBe('en');
    expect(getLanguagePack('tr')).toBe(TR);
    for (const phrase of [
      'mobile sessions yesterday',
      'bounce rate: tablet vs. mobile',
      'sessions on desktop vs mobile',
      'revenue Americas versus EMEA versus APAC',
      'non-mobile sessions',
      'invoices Sep-Nov 2025',
    ])
      expect(detectLanguage(phrase, 'en')).toBe('en');
  });
  it('keeps English questions English for a Turkish user', () => {
    expect(queryTr('revenue by country last month')).toEqual({
      measures: ['revenue'],
      dimensions: ['country'],
      timeDimension: { field: 'order_date', range: { kind: 'last', unit: 'month', n: 1 } },
      filters: [],
    });
  });
  it('offers Turkish example questions that parse', () => {
    const examples = getExampleQuestions(model, TR);
    expect(examples).toEqual([
      'geçen ay gelir',
      'bu yıl aylara göre gelir',
      'gelir bazında ilk 5 bölge',
      'bu çeyrek ile geçen çeyrek sipariş',
      'bölge bazında gelir',
      'bölge bazında sipariş',
    ]);
    for (const q of examples) expect(parseTr(q, { language: undefined }).kind).toBe('query');
  });
  it('keys the vocabulary per model and pack', () => {
    const tr = getVocabulary(model, TR);
    expect(getVocabulary(model, TR)).toBe(tr);
    expect(getVocabulary(model)).not.toBe(tr);
    expect(tr.entries.get('gelir')).toEqual([{ type: 'measure', name: 'revenue' }]);
    expect(getVocabulary(model).entries.get('gelir')).toBeUndefined();
  });
});
