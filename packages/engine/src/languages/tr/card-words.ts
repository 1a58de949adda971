/**
 * The card's Turkish words (see card/words.ts; names, periods and titles come from
 * describe.ts). Values and dates are never given a case suffix (its form depends on
 * how the value is read aloud): sentences put them before a colon or a postposition instead.
 */
import type { TTimeGrain } from '@parley/contract';
import { escapeHtml } from '@parley/presenter';
import type { TAgainst, TCalendarSpan, TCardWords } from '../card-types';
import {
  describeComparisonTr,
  describeQueryTr,
  describeRangeTr,
  describeTitleTr,
  turkishName,
  UNIT_TR,
} from './describe';
import { capitaliseTr, trLower } from './text';

const unit = (grain: TTimeGrain): string => UNIT_TR[grain];
/** "2027 1. çeyrek", as tr-describe names a quarter. */
const spanTr = (span: TCalendarSpan): string =>
  span.kind === 'quarter' ? `${span.year} ${span.quarter}. çeyrek` : String(span.year);

/** "önceki aya göre" / "Oca 2026 ile karşılaştırıldığında" (escaped). */
function against(a: TAgainst): string {
  return escapeHtml(
    a.kind === 'bucket'
      ? `${a.text} ile karşılaştırıldığında`
      : describeComparisonTr(a.compare, a.range).against,
  );
}
/** The comparison period's name ("önceki ay", escaped). */
function againstName(a: TAgainst): string {
  return escapeHtml(a.kind === 'bucket' ? a.text : describeComparisonTr(a.compare, a.range).name);
}

/** The total a share is of: the measure's whole, or only the rows shown ("bu 5 satırdaki toplam Ciro"). */
const totalOf = (label: string, shown: number | null | undefined): string =>
  shown == null ? `toplam ${label}` : `bu ${shown} satırdaki toplam ${label}`;

export const TR_WORDS: TCardWords = {
  code: 'tr',
  field: turkishName,
  columns: {
    previous: (m) => `Önceki ${m}`,
    change: (m) => `${m} Değişim %`,
    share: (m, shown) =>
      shown == null ? `Toplam ${m} içindeki pay %` : `Bu ${shown} satırdaki toplam ${m} içindeki pay %`,
    contribution: (m) => `${m} Katkı %`,
    forecast: (m) => `${m} Tahmini`,
    forecastLow: (m) => `${m} Tahmini (alt)`,
    forecastHigh: (m) => `${m} Tahmini (üst)`,
    dimension: 'Boyut',
    value: 'Değer',
  },
  other: (n) => `Diğer (${n})`,
  range: describeRangeTr,
  comparison: (compare, range) => describeComparisonTr(compare, range).name,
  title: describeTitleTr,
  describe: describeQueryTr,
  titleVs: (title, vs) => `${title} ile ${vs}`,
  units: (grain) => unit(grain),

  text: {
    noData: 'Bu soruya uyan veri bulunamadı.',
    change: (dir, amount, a) =>
      dir === 'unchanged'
        ? `${against(a)} değişmedi`
        : `${against(a)} ${amount} ${dir === 'up' ? 'artış' : 'düşüş'}`,
    when: (period) => ` (${period})`,
    valueIs: (label, value) => `${label}: ${value}`,
    againstValue: (prev, a) => `; ${againstName(a)}: ${prev}`,
    single: (name, label, value, when) => `${name}: ${label} ${value}${when}`,
    lead: (name, lowest, label, value, when) =>
      `En ${lowest ? 'düşük' : 'yüksek'} ${label}: ${name}, ${value}${when}`,
    movedMost: (count, name, value, prev, change) =>
      `${count} sonuç; en çok değişen ${name}: ${value}, önceki ${prev}${change ? `, ${change}` : ''}`,
    shareOfTotal: (share, label, shown) => `, ${totalOf(label, shown)} içindeki payı ${share}`,
    extreme: (highest, name, value) => `; en ${highest ? 'yüksek' : 'düşük'}: ${name}, ${value}`,
    latest: (label, value, bucket, soFar) =>
      `${bucket}${soFar ? ' (şu ana kadar)' : ''} döneminde ${label}: ${value}`,
    inTotal: (total, when) => `; toplam ${total}${when}`,
    understood: (describe, dates, vs) => {
      if (dates === null) return `Anlaşılan: ${describe} · tüm veriler.`;
      const compared = vs ? ` · karşılaştırma: ${againstName(vs.against)} (${vs.datesEsc})` : '';
      return `Anlaşılan: ${describe} · ${dates}${compared}.`;
    },
    validOn: (day, previous, periodEnd, series) =>
      series
        ? `Her dönem kendi son gününde okundu (sonuncusu ${day}): tüm sürümler değil, o gün geçerli satırlar.`
        : periodEnd
          ? `Dönemin son günü olan ${day} itibarıyla okundu${previous ? ` (karşılaştırma için ${previous})` : ''}: tüm sürümler değil, o gün geçerli satırlar.`
          : `Bugün, ${day} itibarıyla okundu: tüm sürümler değil, o gün geçerli satırlar.`,
  },

  insights: {
    total: (label, total, change, shown) =>
      `${shown === null ? 'Toplam' : `Bu ${shown} satırda toplam`} ${label}: ${total}${change ? ` (${change.against ? against(change.against) : 'önceki döneme göre'} ${change.changeEsc}; önceki değer ${change.prevEsc})` : ''}.`,
    partOfWhole: (shown, share, label, whole) =>
      `Bu ${shown} satır, toplam ${label} (${whole}) içinde ${share} pay alıyor.`,
    single: (label, change, changeHtml, prev, value) =>
      change === null
        ? `${label}: ${prev} → ${value}.`
        : `${label} ${prev} → ${value}: ${changeHtml} ${change >= 0 ? 'artış' : 'düşüş'}.`,
    highest: (name, label, value, share, shown) =>
      `En yüksek ${label}: ${name}, ${value}${share ? ` (${totalOf(label, shown)} içindeki payı ${share})` : ''}.`,
    lowest: (name, value, share, label, shown) =>
      `En düşük: ${name}, ${value}${share ? ` (${totalOf(label, shown)} içindeki payı ${share})` : ''}.`,
    top3: (share, label, shown) => `İlk 3, ${totalOf(label, shown)} içinde ${share} pay alıyor.`,
    biggestMove: (up, name, change, diff) =>
      `En büyük ${up ? 'artış' : 'düşüş'}: ${name}, ${change} (${diff}).`,
    flat: (label) => `${label} bu dönemde <b>yatay</b> seyrediyor.`,
    trend: (label, up, slope, grain, relative) =>
      `${label} <b>${up ? 'yükseliş' : 'düşüş'}</b> eğiliminde: ${grain ? unit(grain) : 'dönem'} başına yaklaşık ${slope} (${relative}).`,
    peak: (peakWhen, peak, lowWhen, low) => `Zirve: ${peakWhen}, ${peak}; en düşük: ${lowWhen}, ${low}.`,
    unusual: (name, value, above, mean) =>
      `Olağan dışı değer: ${name}, ${value}; ortalamanın (${mean}) ${above ? 'çok üstünde' : 'çok altında'}.`,
  },

  drivers: {
    title: (label, when, a) =>
      `${label} neden değişti: ${when} ile ${a.kind === 'bucket' ? a.text : describeComparisonTr(a.compare).name}`,
    headline: (p) => {
      const verb = p.dir === 'up' ? 'arttı' : p.dir === 'down' ? 'azaldı' : 'değişmedi';
      const amount = [p.deltaHtml, p.changeHtml ? `(${p.changeHtml})` : null].filter(Boolean).join(' ');
      return `${p.labelEsc} ${p.whenEsc} ${against(p.against)}${amount ? ` ${amount}` : ''} ${verb}: ${p.previousHtml} → ${p.currentHtml}.`;
    },
    empty: (label, when, a) => `${capitaliseTr(when)} ve ${againstName(a)} için ${label} verisi yok.`,
    movers: (dim, names, explained) =>
      ` ${dim} bazında değişimin ${explained} kadarını ${names.join(' ve ')} açıklıyor`,
    offset: (name, delta) => `; ${name} (${delta}) ters yönde etkiledi.`,
    second: (dim, name, share) => ` ${dim} bazında ${name} değişimin ${share} kadarını açıklıyor.`,
    understood: (describe, dates, a, comparisonDates) =>
      `Anlaşılan: ${describe} değişiminin nedenleri · ${dates} · karşılaştırma: ${againstName(a)} (${comparisonDates}).`,
    insight: (dim, name, delta, share) => `${dim} bazında: ${name} ${delta}, değişimin ${share} kadarı.`,
    noPeriod: (label) =>
      `${label} değişimini açıklamak için bir dönem belirtin, örneğin “geçen ay ${trLower(label)} neden düştü”.`,
    notSplittable: (label) => `${label} bir toplam ya da toplamların oranı olmadığı için değişimi bölünemez.`,
    noEarlier: (label) => `${label} için karşılaştırılacak önceki bir dönem yok.`,
    noDimension: (label) => `${label} hiçbir boyuta göre bölünemiyor.`,
  },

  forecast: {
    title: (label, horizon, grain) => `${label} tahmini, önümüzdeki ${horizon} ${unit(grain)}`,
    period: (horizon, grain) => `önümüzdeki ${horizon} ${unit(grain)}`,
    calendarTitle: (label, span) => `${label} tahmini, ${spanTr(span)}`,
    calendarPeriod: (span) => spanTr(span),
    tooLittle: (label, have, grain, need, seasonal) =>
      `${label} tahmini için geçmiş veri çok az: ${have} tam ${unit(grain)} var; tahmin için en az ${need}${seasonal ? ` (mevsimsel model için ${seasonal})` : ''} gerekir. ` +
      `Daha uzun bir geçmişle sorun, örneğin “son 24 aya göre önümüzdeki 3 ay ${trLower(label)} tahmini”.`,
    headline: (p) => {
      let s = `<b>${p.firstBucketHtml}</b> için ${p.labelEsc} tahmini <b>${p.firstHtml}</b> (%95 aralık ${p.lowEsc} – ${p.highEsc})`;
      if (p.last) s += `, <b>${p.last.bucketHtml}</b> için <b>${p.last.valueHtml}</b>`;
      if (p.sum) s += `; ${p.sum.n} ${unit(p.sum.grain)} toplamı <b>${p.sum.valueHtml}</b>`;
      return `${s}.`;
    },
    method: (season, wanted) =>
      season
        ? `Holt-Winters toplamsal, mevsim uzunluğu ${season}`
        : `Holt doğrusal trend (mevsimsellik yok${wanted ? ': iki mevsimden az geçmiş' : ''})`,
    notes: (method, n, grain, span) =>
      `Yöntem: ${method}; ${n} ${unit(grain)} üzerinde kuruldu (${span}); sınırlar %95 tahmin aralığıdır.`,
    running: (grain, bucket) =>
      ` İçinde bulunulan ${unit(grain)} (${bucket}) henüz bitmediği için geçmişe dahil edilmedi.`,
    startsAfter: (grain, bucket) =>
      ` Tahmin, içinde bulunulan ${unit(grain)} (${bucket}) sonrasından başlar.`,
    cut: (_count, grain, buckets) =>
      ` Aralığın kenarındaki eksik ${unit(grain)} (${buckets}) dışarıda bırakıldı.`,
    partialStart: (grain, bucket, firstDay) =>
      ` Veri ${firstDay} tarihinde başladığı için ilk ${unit(grain)} (${bucket}) eksik ve geçmişe dahil edilmedi.`,
    understood: (describe, horizon, grain) =>
      `Anlaşılan: ${describe} tahmini, önümüzdeki ${horizon} ${unit(grain)}.`,
    insight: (label, trend, slope, grain, level, at) =>
      `${label} ${trend > 0 ? 'yükseliş eğiliminde' : trend < 0 ? 'düşüş eğiliminde' : 'yatay'}: ${unit(grain)} başına yaklaşık ${slope} (${at} itibarıyla seviye ${level}).`,
    noDate: (label) => `${label} için tahmin yapılacak bir tarih yok.`,
  },
  failures: {
    refused: (describe, reason) =>
      `Veri kaynağı “${describe}” sorusunu bu haliyle yanıtlayamıyor: ${reason} Başka ölçüler veya kırılımlar deneyin.`,
    timeout: (describe) =>
      `“${describe}” sorusunun yanıtı çok uzun sürdü. Daha kısa bir tarih aralığı veya daha az kırılım deneyin.`,
  },
};
