/**
 * The Turkish date grammar (issue 13; DESIGN §6 date contract, the same rules as the English
 * one): dün, bugün, geçen hafta/ay/yıl, bu ay, son 30 gün, yılbaşından beri, 2025'in ilk
 * çeyreği, 3. çeyrek, Mart 2025, Ocak–Aralık, "geçen aya göre" comparisons. Words arrive
 * lower-cased and ASCII-folded (tr-text.ts), suffixes after apostrophes already dropped; suffixes
 * written without an apostrophe ("ayda", "yılın", "çeyreği") are part of each rule.
 */
import type { TComparison, TDateRange, TDateUnit } from '@parley/contract';
import { addDays } from '../../dates/date-range';
import {
  compareForUnit,
  makeDate,
  readSpan,
  recentYearForMonth,
  relativeUnit,
  settleComparison,
  type TDateContext,
  type TDateFindings,
} from '../date-phrases';
import type { TokenScanner } from '../scanner';

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
const EN_MONTHS = [
  '',
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** A month with its suffixes ("martta", "aralığında"); group: the stem. */
const MONTH = `(${Object.keys(MONTH_STEMS).join('|')})[a-z]{0,6}`;
const MONTH_WORD = '(?: ay[a-z]{0,5})?';
const YEAR = '((?:19|20)\\d\\d)';
const YEAR_WORD = '(?: (?:yil|sene)[a-z]{0,8})?';
/** A unit with its suffixes ("ayda", "yılın", "haftaya", "çeyreği", "günde"); group: the stem. */
const UNIT = '(gun|hafta|ay|ceyre|yari|yil|sene)[a-z]{0,7}';
const UNITS: Record<string, TDateUnit> = {
  gun: 'day',
  hafta: 'week',
  ay: 'month',
  ceyre: 'quarter',
  yari: 'half',
  yil: 'year',
  sene: 'year',
};
const LAST = '(?:bir onceki|gecen|gectigimiz|onceki|evvelki|son)';
const PREVIOUS = '(?:bir onceki|gecen|gectigimiz|onceki|evvelki)';
const THIS = '(?:bu|icinde bulundugumuz|mevcut|su anki)';
const VS = '(?:ile|ve|vs|v|versus|karsi)';
const AGAINST = '(?:gore|kiyasla[a-z]*|karsilastir[a-z]*|ile karsilastir[a-z]*|nazaran|karsi[a-z]*)';
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
const QUARTER_ORDINAL = '(ilk|birinci|ikinci|ucuncu|dorduncu|son|1|2|3|4)';
/** "2025 yılının", "2025in", "bu yılın", "geçen yılın": the year a quarter, half or month is in. */
const OF_YEAR = `(?:${YEAR}${YEAR_WORD} |(bu|gecen|gectigimiz|onceki) (?:yil|sene)[a-z]{0,6} )?`;

const unitOf = (stem: string): TDateUnit => UNITS[stem] ?? 'month';

/** Finds and consumes every Turkish date range and comparison in the phrase. */
export function findDatesTr(scanner: TokenScanner, ctx: TDateContext): TDateFindings {
  const ranges: TDateRange[] = [];
  let compare: TComparison | null = null;
  let wantsChange = false;
  const currentYear = Number(ctx.today.slice(0, 4));
  const setCompare = (c: TComparison): void => {
    compare ??= c;
  };
  let compareUnit: TDateUnit | null = null;
  let previousSpan: { n: number; unit: TDateUnit } | null = null;
  const yearOf = (yearText: string | undefined, relative: string | undefined): number | undefined =>
    yearText ? +yearText : relative === 'bu' ? currentYear : relative ? currentYear - 1 : undefined;

  // "bu ay ile geçen ay", "bu yıl vs geçen yıl": a range and its comparison.
  scanner.scan(`${THIS} ${UNIT} ${VS} ${PREVIOUS} ${UNIT}(?: ${AGAINST})?`, (g) => {
    const unit = unitOf(g[0]);
    ranges.push({ kind: 'this', unit });
    setCompare(compareForUnit(unitOf(g[1]), unit));
    return true;
  });
  // "2025 ile 2024", "2025 2024'e göre": the later year, compared with the one before.
  scanner.scan(
    `${YEAR}${YEAR_WORD} (?:${VS} ${YEAR}${YEAR_WORD}(?: ${AGAINST})?|${YEAR}${YEAR_WORD} ${AGAINST})`,
    (g) => {
      const a = +g[0];
      const b = +(g[1] ?? g[2]);
      if (Math.abs(a - b) !== 1) return false;
      ranges.push({ kind: 'year', year: Math.max(a, b) });
      setCompare('previous_year');
      return true;
    },
  );
  // "Q3 ile Q2": the later quarter compared with the one just before it; other pairs ask.
  scanner.scan(`q([1-4])(?: ${YEAR})? ${VS} q([1-4])(?: ${YEAR})?(?: ${AGAINST})?`, (g) => {
    const a = { q: +g[0], y: g[1] ? +g[1] : currentYear };
    const b = { q: +g[2], y: g[3] ? +g[3] : g[1] ? +g[1] : currentYear };
    const index = (x: { q: number; y: number }) => x.y * 4 + x.q;
    const [later, earlier] = index(a) >= index(b) ? [a, b] : [b, a];
    if (index(later) - index(earlier) !== 1) return false;
    ranges.push({ kind: 'quarter', year: later.y, quarter: later.q });
    setCompare('previous_quarter');
    return true;
  });
  // "geçen yılın aynı dönemine göre": the same period a year before.
  scanner.scan(`${PREVIOUS} (?:yil|sene)[a-z]{0,6} ayni (?:donem|zaman)[a-z]{0,6}(?: ${AGAINST})?`, () => {
    setCompare('previous_year');
    return true;
  });
  const named: [string, TComparison][] = [
    ['yildan yila|yillik bazda|yillik degisim[a-z]*|yoy|yil bazinda', 'previous_year'],
    ['aydan aya|aylik bazda|aylik degisim[a-z]*|mom', 'previous_month'],
    ['haftadan haftaya|haftalik bazda|haftalik degisim[a-z]*|wow', 'previous_week'],
    ['ceyrekten ceyrege|ceyreklik bazda|ceyreklik degisim[a-z]*|qoq', 'previous_quarter'],
    ['gunden gune|gunluk bazda|gunluk degisim[a-z]*', 'previous_day'],
  ];
  for (const [words, c] of named) {
    scanner.scan(`(?:${words})`, () => {
      setCompare(c);
      return true;
    });
  }
  scanner.scan(`${PREVIOUS} donem[a-z]{0,6}(?: ${AGAINST})?`, () => {
    setCompare('previous_period');
    return true;
  });
  // "son 7 gün ile önceki 7 gün", "önceki 7 güne göre": the span of the same length before.
  scanner.scan(`(?:${VS} )?${PREVIOUS} (\\d{1,3}) ${UNIT}(?: ${AGAINST})?`, (g, at) => {
    const n = +g[0];
    if (n < 1 || n > 1000) return false;
    // "geçen 3 ay" alone is a range, not a comparison.
    const text = scanner.tokens
      .slice(at, at + 6)
      .map((t) => t.norm)
      .join(' ');
    if (!new RegExp(`^${VS} |${AGAINST}`).test(text)) return false;
    previousSpan ??= { n, unit: unitOf(g[1]) };
    return true;
  });
  // "geçen aya göre", "bir önceki yıla kıyasla", "geçen ay ile karşılaştır".
  scanner.scan(`(?:${VS} )?${PREVIOUS} ${UNIT} ${AGAINST}`, (g) => {
    compareUnit ??= unitOf(g[0]);
    return true;
  });
  scanner.scan(`(?:${VS} )?(?:dun|dune) ${AGAINST}`, () => {
    setCompare('previous_day');
    return true;
  });

  // "yılbaşından beri", "ay başından bu yana", "bu çeyreğin başından itibaren": to date.
  scanner.scan(
    `(?:${THIS} )?(?:(yil|sene|ay|hafta|ceyre)[a-z]{0,6} basi[a-z]{0,6}|(yil)basi[a-z]{0,6}) (?:beri|bu yana|itibaren|bugune kadar|bugune dek)`,
    (g) => {
      ranges.push({ kind: 'to_date', unit: unitOf(g[0] ?? g[1]) as Exclude<TDateUnit, 'day'> });
      return true;
    },
  );
  scanner.scan('(?:ytd|yil icinde bugune kadar)', () => {
    ranges.push({ kind: 'to_date', unit: 'year' });
    return true;
  });
  // Days of one month: "1-15 Mart", "1 ile 15 Mart 2025 arası".
  scanner.scan(
    `(\\d{1,2}) (?:- |ile |ve )?(\\d{1,2}) ${MONTH}(?: ${YEAR})?(?: (?:tarihleri )?arasi[a-z]*)?`,
    (g) => {
      const month = MONTH_STEMS[g[2]];
      const year = g[3] ? +g[3] : recentYearForMonth(month, ctx.today);
      const from = makeDate(year, month, Math.min(+g[0], +g[1]));
      const to = makeDate(year, month, Math.max(+g[0], +g[1]));
      if (!from || !to || +g[0] === +g[1]) return false;
      ranges.push({ kind: 'between', from, to });
      return true;
    },
  );
  // "Ocak–Aralık", "2025 Ocak–Mart", "Kasım 2025 - Ocak 2026", "Ocak'tan Mart'a kadar".
  scanner.scan(
    `(?:${YEAR}${YEAR_WORD} )?${MONTH}(?: ${YEAR})? (?:- |ile |ve )?${MONTH}(?: ${YEAR})?${YEAR_WORD}(?: (?:arasi[a-z]*|kadar|donem[a-z]*))?`,
    (g) => {
      const [front, m1, y1, m2, y2] = g;
      const a = `${EN_MONTHS[MONTH_STEMS[m1]]}${y1 || front ? ` ${y1 ?? front}` : ''}`;
      const b = `${EN_MONTHS[MONTH_STEMS[m2]]}${y2 || front ? ` ${y2 ?? front}` : ''}`;
      if (m1 === m2 && !y1 && !y2) return false;
      const span = readSpan(a, b, ctx);
      if (!span) return false;
      ranges.push({ kind: 'between', ...span });
      return true;
    },
  );
  // "Mart 2025'ten beri", "2024'ten bu yana": from then until today.
  scanner.scan(
    `(?:(\\d{1,2}) )?(?:${MONTH}(?: ${YEAR})?|${YEAR})${YEAR_WORD} (?:beri|bu yana|itibaren|sonra)`,
    (g) => {
      const [day, m, y, yOnly] = g;
      let from: string | null;
      if (m) {
        const month = MONTH_STEMS[m];
        const year = y ? +y : recentYearForMonth(month, ctx.today);
        from = makeDate(year, month, day ? +day : 1);
      } else from = `${yOnly}-01-01`;
      if (!from || from > ctx.today) return false;
      ranges.push({ kind: 'between', from, to: ctx.today });
      return true;
    },
  );

  // Relative ranges: "son 30 gün", "son 3 ayda", "geçen 2 hafta".
  scanner.scan(`(?:son|gecen|gectigimiz) (\\d{1,3}) ${UNIT}`, (g) => {
    const n = +g[0];
    if (n < 1 || n > 1000) return false;
    ranges.push({ kind: 'last', unit: unitOf(g[1]), n });
    return true;
  });
  scanner.scan('(?:evvelsi gun|dunden onceki gun|onceki gun)', () => {
    ranges.push({ kind: 'day', date: addDays(ctx.today, -2) });
    return true;
  });
  scanner.scan('(?:dun|dunku|dunun|dunde)', () => {
    ranges.push({ kind: 'last', unit: 'day', n: 1 });
    return true;
  });
  scanner.scan('(?:bugune|simdiye) (?:kadar|dek)', () => {
    ranges.push({ kind: 'all' });
    return true;
  });
  scanner.scan('(?:bugun|bugunku|bugunun)', () => {
    ranges.push({ kind: 'this', unit: 'day' });
    return true;
  });
  // Halves: "ilk yarı", "2025'in ikinci yarısı", "geçen yılın ilk yarısı", "H1 2025".
  scanner.scan(
    `${OF_YEAR}(ilk|birinci|ikinci|son|1|2) yari[a-z]{0,6}(?: ${YEAR})?|h([12])(?: ${YEAR})?|${YEAR} h([12])`,
    (g) => {
      const [y1, rel, word, y2, h, y3, y4, h2] = g;
      const half = (word ? (word === 'ilk' || word === 'birinci' || word === '1' ? 1 : 2) : +(h ?? h2)) as
        | 1
        | 2;
      const year = yearOf(y1 ?? y2 ?? y3 ?? y4, rel);
      ranges.push(year === undefined ? { kind: 'half', half } : { kind: 'half', half, year });
      return true;
    },
  );
  // Quarters: "2025'in ilk çeyreği", "3. çeyrek", "geçen yılın son çeyreği", "Q3 2025".
  scanner.scan(`${OF_YEAR}${QUARTER_ORDINAL} ceyre[a-z]{0,7}(?: ${YEAR})?`, (g) => {
    const [y1, rel, word, y2] = g;
    const year = yearOf(y1 ?? y2, rel);
    // "son çeyrek" alone is the last quarter (relative), read below.
    if (word === 'son' && year === undefined) return false;
    ranges.push({ kind: 'quarter', year: year ?? currentYear, quarter: ORDINAL[word] });
    return true;
  });
  scanner.scan(`(?:${YEAR}${YEAR_WORD} )?q([1-4])(?: ${YEAR})?`, (g) => {
    ranges.push({ kind: 'quarter', year: g[0] ? +g[0] : g[2] ? +g[2] : currentYear, quarter: +g[1] });
    return true;
  });
  // Days: "15 Mart 2025", "15/03/2025" (day first), "2025-03-15".
  scanner.scan(`(\\d{1,2}) ${MONTH}(?: ${YEAR})?`, (g) => {
    const month = MONTH_STEMS[g[1]];
    const d = makeDate(g[2] ? +g[2] : recentYearForMonth(month, ctx.today), month, +g[0]);
    if (!d) return false;
    ranges.push({ kind: 'day', date: d });
    return true;
  });
  scanner.scan('(\\d{1,2})/(\\d{1,2})/(\\d{4})|(\\d{4})-(\\d{1,2})-(\\d{1,2})', (g) => {
    const d = g[0] ? makeDate(+g[2], +g[1], +g[0]) : makeDate(+g[3], +g[4], +g[5]);
    if (!d) return false;
    ranges.push({ kind: 'day', date: d });
    return true;
  });
  // Months: "Mart 2025", "2025 Mart", "geçen yılın Mart ayı", "Martta", "mart ayında".
  scanner.scan(`${OF_YEAR}${MONTH}${MONTH_WORD}(?: ${YEAR})?${YEAR_WORD}`, (g) => {
    const [y1, rel, m, y2] = g;
    const month = MONTH_STEMS[m];
    const year = yearOf(y1 ?? y2, rel) ?? recentYearForMonth(month, ctx.today);
    ranges.push({ kind: 'month', year, month });
    return true;
  });
  // "bu ay", "geçen hafta", "geçen yıl", "son çeyrek", "bu sene".
  scanner.scan(`(?:(${THIS})|${LAST}) ${UNIT}`, (g) => {
    const unit = unitOf(g[1]);
    ranges.push(g[0] ? { kind: 'this', unit } : { kind: 'last', unit, n: 1 });
    return true;
  });
  // "3 ay önce": that whole month; "2 gün önce": that day.
  scanner.scan(`(\\d{1,3}) ${UNIT} (?:once|evvel)`, (g) => {
    const n = +g[0];
    const unit = unitOf(g[1]);
    if (n < 1 || n > 100 || unit === 'half') return false;
    if (unit === 'day') ranges.push({ kind: 'day', date: addDays(ctx.today, -n) });
    else ranges.push({ kind: 'between', ...relativeUnit(unit, n, ctx) });
    return true;
  });
  scanner.scan(`${YEAR}${YEAR_WORD}`, (g) => {
    ranges.push({ kind: 'year', year: +g[0] });
    return true;
  });
  scanner.scan(
    '(?:tum zamanlar[a-z]*|butun zamanlar[a-z]*|baslangictan (?:beri|bu yana)|tum donem[a-z]*|tum tarihler[a-z]*)',
    () => {
      ranges.push({ kind: 'all' });
      return true;
    },
  );
  // Change without a named comparison: compared with the previous period.
  scanner.scan(
    '(?:karsilastirmali|kiyaslamali|degisim[a-z]*|degisiklik[a-z]*|artis[a-z]*|buyume[a-z]*|dusus[a-z]*|azalis[a-z]*)',
    (_g, at) => {
      // "karşılaştırmalı": with the comparison; "karşılaştır" alone compares the values named.
      if (/^(?:karsilastirmali|kiyaslamali)$/.test(scanner.tokens[at]?.norm ?? ''))
        setCompare('previous_period');
      else wantsChange = true;
      return true;
    },
  );
  settleComparison(ranges, previousSpan, compareUnit, setCompare);
  return { ranges, compare, wantsChange };
}
