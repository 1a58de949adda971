/**
 * Turkish date rules for the date-grammar driver (parser/dates/; the DESIGN §6 date
 * contract): dün, bugün, geçen hafta/ay/yıl, bu ay, son 30 gün, yılbaşından beri, 2025'in ilk
 * çeyreği, 3. çeyrek, Mart 2025, Ocak–Aralık, "geçen aya göre" comparisons. Words arrive
 * lower-cased and ASCII-folded (tr-text.ts), suffixes after apostrophes already dropped; suffixes
 * written without an apostrophe ("ayda", "yılın", "çeyreği") are part of each rule, and so are
 * the postpositions that follow what they compare with ("geçen aya göre").
 */
import type { TDateUnit } from '@parley/contract';
import type { TDateGrammar, TDateRule } from '../date-rule-types';

const MONTH_STEMS: Record<string, number> = {
  ocak: 1,
  ocag: 1,
  subat: 2,
  mart: 3,
  nisan: 4,
  mayis: 5,
  haziran: 6,
  temmuz: 7,
  agustos: 8,
  eylul: 9,
  ekim: 10,
  kasim: 11,
  aralik: 12,
  aralig: 12,
};
/** Stems of the Turkish unit words ("gün", "ay", "çeyrek"…): the date rules' units and the forecast horizon's. */
export const TR_UNITS: Record<string, TDateUnit> = {
  gun: 'day',
  hafta: 'week',
  ay: 'month',
  ceyre: 'quarter',
  yari: 'half',
  yil: 'year',
  sene: 'year',
};
const ORDINAL: Record<string, number> = {
  ilk: 1,
  birinci: 1,
  '1': 1,
  ikinci: 2,
  '2': 2,
  ucuncu: 3,
  '3': 3,
  dorduncu: 4,
  '4': 4,
  son: 4,
};

/** A month with its suffixes ("martta", "aralığında"); group: the stem. */
const MONTH = `(${Object.keys(MONTH_STEMS).join('|')})[a-z]{0,6}`;
const MONTH_WORD = '(?: ay[a-z]{0,5})?';
const YEAR = '((?:19|20)\\d\\d)';
const YEAR_WORD = '(?: (?:yil|sene)[a-z]{0,8})?';
/** A unit with its suffixes ("ayda", "yılın", "haftaya", "çeyreği", "günde"); group: the stem. */
const UNIT = '(gun|hafta|ay|ceyre|yari|yil|sene)[a-z]{0,7}';
const LAST = '(?:bir onceki|gecen|gectigimiz|onceki|evvelki|son)';
const PREVIOUS = '(?:bir onceki|gecen|gectigimiz|onceki|evvelki)';
const THIS = '(?:bu|icinde bulundugumuz|mevcut|su anki)';
const VS = '(?:ile|ve|vs|v|versus|karsi)';
/** The postposition after what a value is compared with ("geçen aya göre"). */
const AGAINST = '(?:gore|kiyasla[a-z]*|karsilastir[a-z]*|ile karsilastir[a-z]*|nazaran|karsi[a-z]*)';
const QUARTER_ORDINAL = '(ilk|birinci|ikinci|ucuncu|dorduncu|son|1|2|3|4)';
/** "2025 yılının", "2025in", "bu yılın", "geçen yılın": the year a quarter, half or month is in. */
const OF_YEAR = `(?:${YEAR}${YEAR_WORD} |(bu|gecen|gectigimiz|onceki) (?:yil|sene)[a-z]{0,6} )?`;
/** "geçen 3 ay" alone is a range: a comparison needs "ile" before it or "göre" after it. */
const COMPARED = new RegExp(`^${VS} |${AGAINST}`);

/** Comparisons, before any range so their words ("geçen yıl", "önceki ay") stay theirs. */
const COMPARISONS: TDateRule[] = [
  // "bu ay ile geçen ay", "bu yıl vs geçen yıl": a range and its comparison.
  {
    build: 'thisVsPrevious',
    source: `${THIS} ${UNIT} ${VS} ${PREVIOUS} ${UNIT}(?: ${AGAINST})?`,
    groups: ['unit', 'unit2'],
  },
  // "2025 ile 2024", "2025 2024'e göre".
  {
    build: 'yearVsYear',
    source: `${YEAR}${YEAR_WORD} (?:${VS} ${YEAR}${YEAR_WORD}(?: ${AGAINST})?|${YEAR}${YEAR_WORD} ${AGAINST})`,
    groups: ['year', 'year2', 'year2'],
  },
  {
    build: 'quarterVsQuarter',
    source: `q([1-4])(?: ${YEAR})? ${VS} q([1-4])(?: ${YEAR})?(?: ${AGAINST})?`,
    groups: ['quarter', 'year', 'quarter2', 'year2'],
  },
  // "geçen yılın aynı dönemine göre": the same period a year before.
  {
    build: 'compare',
    source: `${PREVIOUS} (?:yil|sene)[a-z]{0,6} ayni (?:donem|zaman)[a-z]{0,6}(?: ${AGAINST})?`,
    preset: { compare: 'previous_year' },
  },
  {
    build: 'compare',
    source: '(?:yildan yila|yillik bazda|yillik degisim[a-z]*|yoy|yil bazinda)',
    preset: { compare: 'previous_year' },
  },
  {
    build: 'compare',
    source: '(?:aydan aya|aylik bazda|aylik degisim[a-z]*|mom)',
    preset: { compare: 'previous_month' },
  },
  {
    build: 'compare',
    source: '(?:haftadan haftaya|haftalik bazda|haftalik degisim[a-z]*|wow)',
    preset: { compare: 'previous_week' },
  },
  {
    build: 'compare',
    source: '(?:ceyrekten ceyrege|ceyreklik bazda|ceyreklik degisim[a-z]*|qoq)',
    preset: { compare: 'previous_quarter' },
  },
  {
    build: 'compare',
    source: '(?:gunden gune|gunluk bazda|gunluk degisim[a-z]*)',
    preset: { compare: 'previous_day' },
  },
  {
    build: 'compare',
    source: `${PREVIOUS} donem[a-z]{0,6}(?: ${AGAINST})?`,
    preset: { compare: 'previous_period' },
  },
  // "son 7 gün ile önceki 7 gün", "önceki 7 güne göre": the span of the same length before.
  {
    build: 'vsPreviousSpan',
    source: `(?:${VS} )?${PREVIOUS} (\\d{1,3}) ${UNIT}(?: ${AGAINST})?`,
    groups: ['n', 'unit'],
    when: (_w, following) => COMPARED.test(following.slice(0, 6).join(' ')),
  },
  // "geçen aya göre", "bir önceki yıla kıyasla", "geçen ay ile karşılaştır".
  { build: 'vsPreviousUnit', source: `(?:${VS} )?${PREVIOUS} ${UNIT} ${AGAINST}`, groups: ['unit'] },
  { build: 'compare', source: `(?:${VS} )?(?:dun|dune) ${AGAINST}`, preset: { compare: 'previous_day' } },
];

/** To date, spans of days and months, and "since" a period. */
const SPANS: TDateRule[] = [
  // "yılbaşından beri", "ay başından bu yana", "bu çeyreğin başından itibaren".
  {
    build: 'toDate',
    source: `(?:${THIS} )?(?:(yil|sene|ay|hafta|ceyre)[a-z]{0,6} basi[a-z]{0,6}|(yil)basi[a-z]{0,6}) (?:beri|bu yana|itibaren|bugune kadar|bugune dek)`,
    groups: ['unit', 'unit'],
  },
  { build: 'toDate', source: '(?:ytd|yil icinde bugune kadar)', preset: { unit: 'year' } },
  // Days of one month: "1-15 Mart", "1 ile 15 Mart 2025 arası" (two different days).
  {
    build: 'daySpan',
    source: `(\\d{1,2}) (?:- |ile |ve )?(\\d{1,2}) ${MONTH}(?: ${YEAR})?(?: (?:tarihleri )?arasi[a-z]*)?`,
    groups: ['day', 'day2', 'month', 'year'],
    when: (w) => Number(w.day) !== Number(w.day2),
  },
  // "Ocak–Aralık", "2025 Ocak–Mart", "Kasım 2025 - Ocak 2026", "Ocak'tan Mart'a kadar".
  {
    build: 'span',
    source: `(?:${YEAR}${YEAR_WORD} )?${MONTH}(?: ${YEAR})? (?:- |ile |ve )?${MONTH}(?: ${YEAR})?${YEAR_WORD}(?: (?:arasi[a-z]*|kadar|donem[a-z]*))?`,
    groups: ['yearBoth', 'month', 'year', 'month2', 'year2'],
    // The same month twice without a year is not a span.
    when: (w) => !(w.month === w.month2 && !w.year && !w.year2),
  },
  // "Mart 2025'ten beri", "2024'ten bu yana": from then until today.
  {
    build: 'since',
    source: `(?:(\\d{1,2}) )?(?:${MONTH}(?: ${YEAR})?|${YEAR})${YEAR_WORD} (?:beri|bu yana|itibaren|sonra)`,
    groups: ['day', 'month', 'year', 'year'],
  },
];

/** Ranges relative to today, halves and quarters. */
const RELATIVE: TDateRule[] = [
  // "son 30 gün", "son 3 ayda", "geçen 2 hafta".
  { build: 'last', source: `(?:son|gecen|gectigimiz) (\\d{1,3}) ${UNIT}`, groups: ['n', 'unit'] },
  { build: 'ago', source: '(?:evvelsi gun|dunden onceki gun|onceki gun)', preset: { n: 2, unit: 'day' } },
  { build: 'last', source: '(?:dun|dunku|dunun|dunde)', preset: { unit: 'day' } },
  { build: 'allTime', source: '(?:bugune|simdiye) (?:kadar|dek)' },
  { build: 'thisOrLast', source: '(?:bugun|bugunku|bugunun)', preset: { this: true, unit: 'day' } },
  // Halves: "ilk yarı", "2025'in ikinci yarısı", "geçen yılın ilk yarısı", "H1 2025".
  {
    build: 'half',
    source: `${OF_YEAR}(ilk|birinci|ikinci|son|1|2) yari[a-z]{0,6}(?: ${YEAR})?|h([12])(?: ${YEAR})?|${YEAR} h([12])`,
    groups: ['year', 'yearShift', 'half', 'year', 'half', 'year', 'year', 'half'],
  },
  // Quarters: "2025'in ilk çeyreği", "3. çeyrek", "geçen yılın son çeyreği", "Q3 2025".
  {
    build: 'quarter',
    source: `${OF_YEAR}${QUARTER_ORDINAL} ceyre[a-z]{0,7}(?: ${YEAR})?`,
    groups: ['year', 'yearShift', 'quarter', 'year'],
    // "son çeyrek" alone is the last quarter (relative), read below.
    when: (w) => !(w.quarter === 'son' && !w.year && !w.yearShift),
  },
  {
    build: 'quarter',
    source: `(?:${YEAR}${YEAR_WORD} )?q([1-4])(?: ${YEAR})?`,
    groups: ['year', 'quarter', 'year'],
  },
];

/** Days, months, this/last unit, years, then the words of change. */
const PERIODS: TDateRule[] = [
  // Days: "15 Mart 2025", "15/03/2025" (day first), "2025-03-15".
  { build: 'day', source: `(\\d{1,2}) ${MONTH}(?: ${YEAR})?`, groups: ['day', 'month', 'year'] },
  {
    build: 'day',
    source: '(\\d{1,2})/(\\d{1,2})/(\\d{4})|(\\d{4})-(\\d{1,2})-(\\d{1,2})',
    groups: ['day', 'month', 'year', 'year', 'month', 'day'],
  },
  // Months: "Mart 2025", "2025 Mart", "geçen yılın Mart ayı", "Martta", "mart ayında".
  {
    build: 'month',
    source: `${OF_YEAR}${MONTH}${MONTH_WORD}(?: ${YEAR})?${YEAR_WORD}`,
    groups: ['year', 'yearShift', 'month', 'year'],
  },
  // "bu ay", "geçen hafta", "geçen yıl", "son çeyrek", "bu sene".
  { build: 'thisOrLast', source: `(?:(${THIS})|${LAST}) ${UNIT}`, groups: ['this', 'unit'] },
  // "3 ay önce": that whole month; "2 gün önce": that day.
  { build: 'ago', source: `(\\d{1,3}) ${UNIT} (?:once|evvel)`, groups: ['n', 'unit'] },
  { build: 'year', source: `${YEAR}${YEAR_WORD}`, groups: ['year'] },
  {
    build: 'allTime',
    source:
      '(?:tum zamanlar[a-z]*|butun zamanlar[a-z]*|baslangictan (?:beri|bu yana)|tum donem[a-z]*|tum tarihler[a-z]*)',
  },
  // "karşılaştırmalı": with the comparison; "karşılaştır" alone compares the values named.
  { build: 'compare', source: '(?:karsilastirmali|kiyaslamali)', preset: { compare: 'previous_period' } },
  // Change without a named comparison: compared with the previous period.
  {
    build: 'change',
    source: '(?:degisim[a-z]*|degisiklik[a-z]*|artis[a-z]*|buyume[a-z]*|dusus[a-z]*|azalis[a-z]*)',
  },
];

export const TR_DATES: TDateGrammar = {
  rules: [...COMPARISONS, ...SPANS, ...RELATIVE, ...PERIODS],
  unit: (stem) => TR_UNITS[stem] ?? 'month',
  month: (stem) => MONTH_STEMS[stem],
  ordinal: (word) => ORDINAL[word],
  yearShift: (word) => (word === 'bu' ? 0 : -1),
};
