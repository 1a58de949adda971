/** The parser's messages and choice phrases in Turkish (see message-types.ts). */
import type { TMessages } from '../message-types';
import { turkishName } from './describe';
import { capitaliseTr } from './text';
import { inTurkish } from './words';

const LIST = (items: string[], conjunction: 'and' | 'or'): string =>
  items.length > 1
    ? `${items.slice(0, -1).join(', ')} ${conjunction === 'and' ? 've' : 'veya'} ${items[items.length - 1]}`
    : (items[0] ?? '');

const quote = (w: string): string => `“${w}”`;

/** A model label in a Turkish sentence: the Turkish word, capitalised like a label ("Gelir"). */
const named = (label: string): string => {
  const word = inTurkish(label);
  return word === label ? label : capitaliseTr(word);
};

export const MESSAGES: TMessages = {
  text: {
    failed: () => 'Üzgünüm, bu soruyu anlayamadım.',
    empty: () => 'Verilerinizle ilgili bir soru sorun, örneğin:',
    tooLong: (m) => `Bu soru çok uzun (${m.max} karakterden fazla). Daha kısa bir soru deneyin:`,
    ambiguousWord: (m) => `${quote(m.words)} ${m.options.join(' ya da ')} anlamına gelebilir. Hangisi?`,
    noRatio: (m) =>
      `${quote(m.words)}, ${m.numerator} bölü ${m.denominator} olurdu ve böyle bir ölçü yok. Bunlardan birini mi demek istediniz?`,
    ambiguousValue: (m) => `${quote(m.words)} birden çok alanın değeri: ${m.options.join(', ')}. Hangisi?`,
    unknownWords: (m) =>
      `${m.understood ? `${m.understood} anladım, ancak` : 'Üzgünüm,'} ${m.words.map(quote).join(', ')} ne demek bilmiyorum. Bunlardan birini mi demek istediniz?`,
    nothingKnown: () => 'Ne öğrenmek istediğinizi anlayamadım. Bir ölçü adı verin, örneğin:',
    whichMeasure: (m) =>
      `${m.understood ? `${m.understood} anladım, ancak neyin` : 'Neyin'} ölçüleceğini anlayamadım. Hangi ölçüyü istiyorsunuz?`,
    twoPeriods: () =>
      'Bu soruda birden fazla dönem buldum. Hangi dönemi kastediyorsunuz? Tek bir dönem sorun ya da “… ile … arası” deyin.',
    noDate: (m) => `${named(m.measure)} için tarih yok; zamana göre bölünemez ya da filtrelenemez.`,
    whatToRank: (m) => `${m.understood} anladım, ancak neyin sıralanacağını anlayamadım. Hangisi sıralansın?`,
    notAvailable: (m) =>
      `${LIST(m.measures.map(named), 'and')}, ${named(m.dimension)} kırılımında gösterilemez ya da buna göre filtrelenemez. Şunlardan birini deneyin:`,
    notAQuery: () => 'Üzgünüm, bunu verilerinizle ilgili bir soruya çeviremedim.',
    cutOff: (m) =>
      `${m.understood ? `${m.understood} anladım, ancak soru` : 'Soru'} ${quote(m.word)} sözcüğünden sonra bitiyor. Ardından ne gelmeli? Örneğin:`,
    measureFromMeasure: (m) =>
      `${named(m.measure)} ve ${named(m.source)} gösterebilirim, ancak ${named(m.measure)} değerini ${named(m.source)} kaynağına göre ayıramam. Hangisini istiyorsunuz?`,
    noAggregation: (m) =>
      `${quote(m.words)} bir değer sütunu üzerinden hesaplanır; ${named(m.measure)} ise bir sayım ya da oran. Hangi ölçüyü istiyorsunuz?`,
    perWhat: (m) =>
      `${quote(`${m.words} başına ${m.measure}`)}, her ${m.words} için ${m.measure} ya da ${m.words} başına ortalama olabilir. Hangisi?`,
    kindNotYet: (m) =>
      m.kind === 'drivers'
        ? `${m.understood ? `${m.understood} anladım, ancak bir` : 'Bir'} sayının neden değiştiğini henüz açıklayamıyorum. Nasıl ve neye göre değiştiğini gösterebilirim:`
        : `${m.understood ? `${m.understood} anladım, ancak henüz` : 'Henüz'} tahmin yapamıyorum. Tahminin dayanacağı geçmişi gösterebilirim:`,
  },
  titles: {
    youCouldAsk: 'Şunları sorabilirsiniz',
    whichOne: 'Hangisini kastettiniz?',
    whichMeasure: 'Hangi ölçü?',
    didYouMean: 'Bunu mu demek istediniz…',
    rankBy: 'Neye göre sıralansın…',
    breakdowns: 'Kullanılabilir kırılımlar',
  },
  phrases: {
    lastMonth: (m) => `geçen ay ${inTurkish(m)}`,
    byMonthThisYear: (m) => `bu yıl aylara göre ${inTurkish(m)}`,
    thisVsLastMonth: (m) => `bu ay ile geçen ay ${inTurkish(m)}`,
    thisVsLastQuarter: (m) => `bu çeyrek ile geçen çeyrek ${inTurkish(m)}`,
    rank: (dir, n, d, m) =>
      `${inTurkish(m)} bazında ${dir === 'desc' ? 'ilk' : 'en düşük'} ${n} ${inTurkish(d)}`,
    by: (ms, d) => `${inTurkish(d)} bazında ${LIST(ms.map(inTurkish), 'and')}`,
    both: (a, b) => `${inTurkish(a)} ve ${inTurkish(b)}`,
    divided: (a, b) => `${inTurkish(a)} bölü ${inTurkish(b)}`,
    fieldValue: (f, v) => `${inTurkish(f)} ${v}`,
    trendOf: (m) => `son 12 ayda aylık ${inTurkish(m)}`,
  },
  understood: {
    name: turkishName,
    by: (dimension) => `${turkishName(dimension)} bazında`,
    values: (dimension, values, excluded) =>
      `${turkishName(dimension)}: ${values.join(', ')}${excluded ? ' hariç' : ''}`,
  },
  list: LIST,
};
