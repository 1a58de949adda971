/**
 * The Turkish language pack: tr-TR case folding plus an ASCII-folded key (text.ts),
 * the Snowball Turkish stemmer with prefix matching against the vocabulary, grouping and negation
 * that follow their noun ("bölgelere göre", "Almanya hariç"), its own date rules
 * (dates.ts) and number grammar; its words in words.ts.
 */
import type { TLanguagePack } from '../types';
import { TR_WORDS } from './card-words';
import { TR_DATES, TR_UNITS } from './dates';
import { isCertainlyTurkish, turkishWords } from './detect';
import { MESSAGES } from './messages';
import { readTurkishSchemaWord } from './schema-words';
import { getCandidates, normaliseTurkish, StemSet } from './text';
import { FILLERS, turkishPhrases } from './words';

/** Vocabulary key of a phrase: its folded words (tokens reach them by stems and prefixes). */
const phraseKey = (phrase: string): string => normaliseTurkish(phrase);

const AMOUNT =
  '(?:\\$ |€ |₺ )?(\\d+(?:\\.\\d+)?)(?: (k|m|bn|bin|milyon|milyar|%))?(?: (?:\\$|€|₺|dolar[a-z]*|usd|tl[a-z]*|lira[a-z]*|euro[a-z]*|avro[a-z]*))?';

/** Turkish normalisation plus readings over whole words ("en çok satan 5 ürün"). */
function normalise(phrase: string): string {
  let s = normaliseTurkish(phrase);
  // "en çok satan 5 ürün": the count belongs to the ranking, "satan" names what is sold.
  s = s.replace(/\ben (cok|fazla|iyi) (satan|satilan) (\d{1,4})\b/g, 'en cok $3 $2');
  s = s.replace(/\ben (az|kotu) (satan|satilan) (\d{1,4})\b/g, 'en dusuk $3 $2');
  // "en yüksek gelirli 5 ülke": the count follows the ranking words.
  s = s.replace(
    /\ben (cok|yuksek|iyi|buyuk|dusuk|kotu|kucuk) ((?:[a-z]+ )?[a-z]+) (\d{1,4})\b/g,
    'en $1 $3 $2',
  );
  // "en az gelir getiren 5 ürün": a ranking ("en az 100 sipariş" is an amount, read elsewhere).
  s = s.replace(/\ben az ((?:[a-z]+ )?[a-z]+) (\d{1,4})\b/g, 'en dusuk $2 $1');
  s = s.replace(/\ben fazla ((?:[a-z]+ )?[a-z]+) (\d{1,4})\b/g, 'en cok $2 $1');
  // "iadelerin gelirdeki payı", "iadelerin gelir içindeki yüzdesi": A's share in B, said "A payi olarak B".
  s = s.replace(
    /(^| )(\S+) (\S+?(?:de|da|te|ta)(?:ki)?|\S+ icindeki) (?:payi|orani|yuzdesi)(?= |$)/g,
    (_, lead: string, a: string, b: string) => `${lead}${a} payi olarak ${b.replace(/ icindeki$/, '')}`,
  );
  // "Almanya dahil değil": not included.
  s = s.replace(/\bdahil (degil|olmadan)\b/g, '$1');
  // "250 siparişten fazla": the measure before its amount, as "siparis 250 fazla".
  s = s.replace(
    /(\d+(?:\.\d+)?(?: %)?) (?!(?:dolar|tl|lira|euro|avro|usd)[a-z]*\b)([a-z]+?)(?:d[ae]n|t[ae]n) (daha )?(fazla|az|cok|buyuk|kucuk|yuksek|dusuk)\b/g,
    '$2 $1 $3$4',
  );
  return s;
}

const GRAIN_STEM = '(gun|hafta|ay|ceyre|yil|sene)';

export const TR: TLanguagePack = {
  code: 'tr',
  detect: { certain: isCertainlyTurkish, words: turkishWords },
  locale: { name: 'tr', fixed: true },
  card: TR_WORDS,
  normalise,
  // Words are their own lemma until matched against the vocabulary (matchPrefixes).
  lemma: (word) => word,
  fillers: FILLERS,
  // "şey" (thing) and its forms: a question about "the thing" names no measure.
  vague: new Set(['sey', 'seyi', 'seyler', 'seyleri', 'seyin', 'seye', 'seyde']),
  negation: {
    words: new StemSet([
      'haric',
      'harici',
      'haricinde',
      'disinda',
      'disindaki',
      'olmadan',
      'degil',
      'haric tut',
    ]),
    phrases: [],
    position: 'after',
    reach: 1,
  },
  grouping: {
    words: new StemSet([
      'gore',
      'bazinda',
      'bazli',
      'basina',
      'kirilim',
      'kirilimi',
      'kirilimda',
      'kirilimli',
    ]),
    position: 'after',
  },
  ratioWord: 'basina',
  listWords: new Set(['ve', 'veya', 'ile', '&', ',']),
  shareOf: '(?:yuzde kaci|yuzdesi|payi|orani)(?: nedir| ne kadar)?',
  perHead: new Set('musteri hesap kullanici uye abone alici ziyaretci hasta misafir kisi kisi'.split(' ')),
  total: '(?:toplamda|toplam olarak|hepsi birden|tumu birden|genel toplamda)',
  averageWords: new Set(['ortalama', 'ort']),
  aggregations: [
    ['medyan(?:i|ini|dir)?|ortanca(?:si|sini)?', 'median'],
    [
      '(?:% )?(\\d{1,2})(?: %)? (?:yuzdelik(?: dilim)?|yuzdeligi|yuzdelik dilimi|persentil|persentili)',
      'percentile',
    ],
    ['p(\\d{1,2})', 'percentile'],
  ],
  arithmetic: [
    ['bolu|bolunmus', 'divide'],
    ['arti', 'add'],
    ['eksi', 'subtract'],
    ['payi olarak', 'share'],
  ],
  whichWords: new Set(['hangi', 'hangisi', 'hangileri', 'ne', 'kim']),
  followUp:
    /^(?:peki|ya|ve|ayrica|bir de|simdi|sadece|yalnizca|ama|bunun yerine|ayni(?:si)?|ayni sey|o zaman|ek olarak)\b/,
  append: /^(?:ayrica|bir de|ek olarak|arti)\b|\b(?:de ekle|da ekle|ekle)$/,
  appendBreakdown: /^(?:ve|ayrica|bir de|ek olarak)\b/,
  instead: /\b(?:yerine)\b/,
  prefixMatch: getCandidates,
  countCue: /(?:^| )(?:kac|kaç|sayisi|sayısı)(?: |$)/,
  amountCue: /(?:^| )(ne kadar)(?: |$)/,
  isPlural: (norm, lemma) =>
    /l[ae]r/.test(norm.slice(norm === lemma ? Math.max(3, norm.length - 7) : lemma.length)),
  schemaWord: readTurkishSchemaWord,
  horizonUnits: TR_UNITS,
  intents: {
    // "neden geçen ay gelir düştü", "gelirdeki düşüşün sebebi", "siparişleri ne etkiledi".
    drivers:
      'neden|niye|nicin|sebebi[a-z]*|nedeni[a-z]*|ne etkiledi|ne yol acti|etkileyen(?: faktorler| etkenler)?|ne sebep oldu',
    movement:
      '(?:dustu|dusmus|dustu mu|dususu?|dusmesi|azaldi|azalmis|azalmasi|artti|artmis|artmasi|artisi?|yukseldi|yukselmis|geriledi|gerilemis|degisti|degismis|boyle|bu kadar|dusuk|yuksek|dustu)',
    forecastCue: /\b(?:olacak|olur mu|olacagi|bekleniyor|beklenen)\b/,
    forecast: 'tahmin[a-z]*|ongoru[a-z]*|projeksiyon[a-z]*|ne olacak|olacak|ne kadar olur|beklenen',
    horizon: `(?:onumuzdeki|gelecek|sonraki|bir sonraki|onumuzde ki) (?:(\\d{1,3}) )?${GRAIN_STEM.replace(')', '|yari)')}[a-z]{0,6}`,
  },
  dangling: new Set(['ve', 'veya', 'ile', 'vs', 'ama', 'ya da']),
  sourceWords: new Set(),
  chart: {
    rules: [
      '(pasta|halka|cubuk|sutun|cizgi|alan) (?:grafi[a-z]*|diyagram[a-z]*|seklinde|olarak)(?: olarak| seklinde| ile)?',
      '(pasta|halka)(?: seklinde| olarak)?',
    ],
    table: '(?:tablo|liste)(?: olarak| halinde| seklinde)?',
    types: { pasta: 'pie', halka: 'donut', cubuk: 'bar', sutun: 'bar', cizgi: 'line', alan: 'area' },
  },
  numbers: {
    amount: AMOUNT,
    between: `${AMOUNT} (?:ile|-|ve) ${AMOUNT} (?:arasi[a-z]*)`,
    comparators: [
      ['en az|minimum|asgari|>=', 'gte'],
      ['en fazla|maksimum|azami|<=', 'lte'],
      ['>', 'gt'],
      ['<', 'lt'],
    ],
    orMore: `${AMOUNT} (?:ve uzeri|ve ustu|veya daha fazla|ya da daha fazla|ve daha fazla|veya uzeri)`,
    orLess: `${AMOUNT} (?:ve alti|ve alti|veya daha az|ya da daha az|ve daha az|veya alti)`,
    after: [
      ['(?:fazla|cok|buyuk|yuksek|uzerinde|ustunde|uzeri|ustu|asan)', 'gt'],
      ['(?:az|kucuk|dusuk|altinda|alti)', 'lt'],
    ],
    multipliers: { k: 1e3, bin: 1e3, m: 1e6, milyon: 1e6, bn: 1e9, milyar: 1e9 },
    percent: new Set(['%']),
  },
  // "geçen yıla göre daha az satan": a comparative counts only beside the comparison's "göre";
  // "artan/azalan sırada" is a sort order, never a change.
  change: {
    less: '(?<=\\bgore (?:\\S+ )*)daha (?:az|dusuk)|daha (?:az|dusuk)(?=(?: \\S+)* gore\\b)',
    more: '(?<=\\bgore (?:\\S+ )*)daha (?:fazla|cok|yuksek)|daha (?:fazla|cok|yuksek)(?=(?: \\S+)* gore\\b)',
    fell: '(?:azalan|dusen|gerileyen|azaldi|dustu|geriledi)(?! sira)',
    grew: '(?:buyuyen|artan|yukselen|buyudu|artti|yukseldi)(?! sira)',
  },
  salesVerbs: {
    words: new Set(['satan', 'satti', 'satilan', 'harcayan', 'harcadi']),
    measures: ['gelir', 'satis'],
  },
  ranking: {
    topN: '(en (?:cok|iyi|yuksek|buyuk)|ilk) (\\d{1,4})(?! (?:gun|hafta|ay|yil|sene|ceyre)[a-z]*(?: |$))',
    bottomN: '(en (?:az|dusuk|kotu|kucuk)) (\\d{1,4})',
    top: '(?:zirvedeki|lider)',
    bottom: '(?:en alttaki|en sondaki)',
    most: '(?:en|daha) (?:cok|fazla|yuksek|buyuk|iyi)(?: performans gosteren)?',
    least: '(?:en|daha) (?:az|dusuk|kucuk|kotu|zayif)(?: performans gosteren)?',
    extremes: [
      ['(?:en yuksek|maksimum|azami|en yasli)', 'max'],
      ['(?:en dusuk|minimum|asgari|en genc)', 'min'],
    ],
    ascending: '(?:artan sira[a-z]*|kucukten buyuge|azdan coga|dusukten yuksege)',
    descending: '(?:azalan sira[a-z]*|buyukten kucuge|coktan aza|yuksekten dusuge)',
    sort: '(?:sirala[a-z]*|sirali|siralama[a-z]*)',
  },
  grain: {
    rules: [
      '(gunluk|haftalik|aylik|ceyreklik|yillik|senelik)',
      `${GRAIN_STEM}[a-z]{0,6} (?:gore|bazinda|bazli|kirilim[a-z]*)|her ${GRAIN_STEM}[a-z]{0,6}`,
    ],
    joined: '(?!)',
    auto: '(?:zaman icinde|zamanla|zaman serisi|trend[a-z]*|seyri|gidisat[a-z]*|gelisim[a-z]*|egilim[a-z]*)',
    words: {
      gun: 'day',
      gunluk: 'day',
      hafta: 'week',
      haftalik: 'week',
      ay: 'month',
      aylik: 'month',
      ceyre: 'quarter',
      ceyreklik: 'quarter',
      yil: 'year',
      yillik: 'year',
      sene: 'year',
      senelik: 'year',
    },
  },
  dates: TR_DATES,
  messages: MESSAGES,
  vocabulary: { key: phraseKey, exact: normaliseTurkish, extra: turkishPhrases },
};
