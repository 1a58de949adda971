/**
 * The Turkish language pack (issue 13): tr-TR case folding plus an ASCII-folded key (tr-text.ts),
 * the Snowball Turkish stemmer with prefix matching against the vocabulary, grouping and negation
 * that follow their noun ("bölgelere göre", "Almanya hariç"), its own date grammar (tr-dates.ts)
 * and number grammar, Turkish country names (i18n-iso-countries) and Turkish synonyms for the
 * model's English labels, kept here rather than in the model.
 */
import countries from 'i18n-iso-countries';
import countriesEn from 'i18n-iso-countries/langs/en.json';
import countriesTr from 'i18n-iso-countries/langs/tr.json';
import type { TSemanticModel } from '../../model/semantic-model';
import type { TMessages } from '../messages';
import type { TVocabularyTarget } from '../vocabulary';
import { findDatesTr } from './tr-dates';
import { capitaliseTr, foldTurkish, normaliseTurkish, StemSet, stemTurkish } from './tr-text';
import type { TLanguagePack } from './types';

countries.registerLocale(countriesEn);
countries.registerLocale(countriesTr);

const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** Words without analytic meaning in a Turkish question (folded; inflected forms included). */
const FILLERS = new StemSet(
  words(`bana bize beni benim bizim goster gosterir goruntule gorebilir gormek gorelim misin misiniz mi mu
  musun musunuz ver verir verebilir listele listeler getir nedir ne neydi nelerdir nasil nasildi kac kactir
  kadar toplam toplami tum butun hepsi her icin icinde ile ve veya ya da de ki bu su o olan olarak oldu
  olmus acaba lutfen rica ediyorum veri verisi verileri sayi sayisi sayilari miktar miktari tutar tutari
  deger degeri degerleri rakam rakamlari rapor raporu ozet ozeti analiz analizi dagilim dagilimi istiyorum
  isterim alabilir var yap yapar hesapla getiren getirdi elde edilen edilmis yapilan gelen
  bunun yerine sattigimiz sattik satilmis et etti ettik ettim etmis aldik aldim aldi yaptik kazandik karsilastir kiyasla hangi hangisi hangileri hangisinde grafik grafigi grafikte cizelge merhaba
  alan sahip yapan vs versus karsi dahil tut tutarak vardi vardir varmis selam tesekkurler sagol peki simdi sadece yalnizca ayrica ayni sekilde gibi genel toplamda olan donem
  donemde donemi sirasinda boyunca esnasinda arasinda itibariyle yaklasik ortalamasi kac tane tane kez
  en bir iki kisi performans performansi sonuc sonuclari nedir mevcut guncel son
  nerede kim kimler neler hesabi nasil gidiyor dolar usd`),
);

/** English labels and synonyms of a model, in Turkish (fields of the demo and common models). */
const TR_FIELDS: Record<string, string[]> = {
  revenue: [
    'gelir',
    'ciro',
    'satış',
    'satışlar',
    'hasılat',
    'satış geliri',
    'toplam satış',
    'satış tutarı',
    'kazanç',
    'kazandıran',
    'kazandırdı',
  ],
  sales: ['satış', 'satışlar'],
  orders: ['sipariş', 'siparişler', 'sipariş sayısı', 'sipariş adedi'],
  'average order value': [
    'ortalama sipariş değeri',
    'ortalama sipariş tutarı',
    'sepet ortalaması',
    'ortalama sepet',
    'ortalama sepet tutarı',
  ],
  'units sold': ['satılan adet', 'satış adedi', 'satılan ürün adedi', 'adet', 'satan', 'satılan', 'sattı'],
  customers: ['müşteri', 'müşteriler', 'müşteri sayısı'],
  'new customers': ['yeni müşteri', 'yeni müşteriler', 'kayıt', 'kayıtlar', 'yeni kayıt', 'yeni üye'],
  refunds: ['iade', 'iadeler', 'geri ödeme'],
  'gross margin': ['brüt kâr', 'brüt kar', 'kâr', 'kar', 'marj', 'brüt marj', 'kârlılık', 'karlılık'],
  sessions: ['oturum', 'oturumlar', 'ziyaret', 'ziyaretler', 'trafik', 'site ziyareti'],
  users: ['kullanıcı', 'kullanıcılar', 'ziyaretçi', 'ziyaretçiler', 'tekil ziyaretçi'],
  pageviews: ['sayfa görüntüleme', 'sayfa görüntülemesi', 'görüntüleme', 'sayfa gösterimi'],
  conversions: ['dönüşüm', 'dönüşümler'],
  bounces: ['hemen çıkma', 'hemen çıkmalar'],
  'bounce rate': ['hemen çıkma oranı', 'çıkma oranı'],
  'conversion rate': ['dönüşüm oranı'],
  region: ['bölge', 'bölgeler'],
  country: ['ülke', 'ülkeler', 'pazar'],
  channel: ['kanal', 'kanallar', 'trafik kaynağı', 'pazarlama kanalı', 'satış kanalı', 'edinme kanalı'],
  status: ['durum', 'sipariş durumu', 'statü'],
  segment: ['segment', 'müşteri segmenti', 'müşteri tipi', 'müşteri türü'],
  category: ['kategori', 'kategoriler', 'ürün kategorisi', 'departman'],
  brand: ['marka', 'markalar', 'üretici'],
  product: ['ürün', 'ürünler', 'ürün adı'],
  device: ['cihaz', 'cihazlar', 'cihaz türü', 'platform'],
  'order date': ['sipariş tarihi'],
  date: ['tarih', 'ziyaret tarihi'],
  'signup date': ['kayıt tarihi', 'üyelik tarihi'],
  signups: ['kayıt', 'kayıtlar'],
  profit: ['kâr', 'kar'],
  cost: ['maliyet'],
  price: ['fiyat'],
  city: ['şehir', 'il'],
  customer: ['müşteri'],
  quantity: ['adet', 'miktar'],
  amount: ['tutar'],
  invoices: ['fatura', 'faturalar'],
  tickets: ['talep', 'talepler', 'destek talebi'],
};

/** Dimension values in Turkish (the demo's values; countries come from i18n-iso-countries). */
const TR_VALUES: Record<string, string[]> = {
  americas: ['amerika kıtası', 'amerikalar', 'kuzey ve güney amerika'],
  emea: ['avrupa', 'avrupa orta doğu ve afrika'],
  apac: ['asya', 'asya pasifik'],
  'organic search': ['organik arama', 'organik'],
  'paid search': ['ücretli arama', 'ücretli', 'arama reklamları'],
  email: ['e-posta', 'eposta', 'e posta', 'mail'],
  social: ['sosyal medya', 'sosyal'],
  direct: ['doğrudan', 'direkt'],
  referral: ['yönlendirme', 'referans'],
  consumer: ['bireysel', 'tüketici'],
  smb: ['kobi', 'kobiler'],
  enterprise: ['kurumsal'],
  completed: ['tamamlanan', 'tamamlandı', 'tamamlanmış'],
  refunded: ['iade edilen', 'iade edildi', 'iade edilmiş'],
  cancelled: ['iptal', 'iptal edilen', 'iptal edildi', 'iptal edilmiş'],
  desktop: ['masaüstü'],
  mobile: ['mobil', 'cep telefonu'],
  tablet: ['tablet'],
  electronics: ['elektronik'],
  'home & kitchen': ['ev ve mutfak', 'ev mutfak'],
  clothing: ['giyim', 'kıyafet'],
  'sports & outdoors': ['spor ve outdoor', 'spor'],
  beauty: ['güzellik', 'kozmetik'],
  books: ['kitap', 'kitaplar'],
  'toys & games': ['oyuncak', 'oyuncaklar', 'oyuncak ve oyun'],
  garden: ['bahçe'],
};
/** Everyday Turkish country names i18n-iso-countries leaves out. */
const TR_COUNTRY_EXTRA: Record<string, string[]> = {
  GB: ['İngiltere', 'Birleşik Krallık'],
  AE: ['BAE', 'Emirlikler'],
  NL: ['Hollanda', 'Felemenk'],
  ZA: ['Güney Afrika'],
};

/** Turkish names of the model's fields and values, as vocabulary phrases. */
function turkishPhrases(model: TSemanticModel): [string, TVocabularyTarget][] {
  const out: [string, TVocabularyTarget][] = [];
  const namesOf = (label: string, name: string, synonyms: string[]): string[] => [
    ...new Set([label, name.replace(/_/g, ' '), ...synonyms].map((p) => p.toLowerCase())),
  ];
  for (const m of model.measures) {
    if (m.kind === 'aggregate' && m.hidden) continue;
    // A measure's own label decides: "Customers" is müşteri, not a synonym of another measure.
    const own = TR_FIELDS[m.label.toLowerCase()] ?? TR_FIELDS[m.name.replace(/_/g, ' ')];
    const all = own ?? namesOf(m.label, m.name, m.synonyms).flatMap((p) => TR_FIELDS[p] ?? []);
    for (const p of all) out.push([p, { type: 'measure', name: m.name }]);
  }
  for (const d of model.dimensions) {
    const own = TR_FIELDS[d.label.toLowerCase()] ?? TR_FIELDS[d.name.replace(/_/g, ' ')];
    const all = own ?? namesOf(d.label, d.name, d.synonyms).flatMap((p) => TR_FIELDS[p] ?? []);
    for (const p of all) out.push([p, { type: 'dimension', name: d.name }]);
    for (const v of d.values) {
      const target: TVocabularyTarget = { type: 'value', dimension: d.name, value: v };
      for (const p of TR_VALUES[v.toLowerCase()] ?? []) out.push([p, target]);
      const code = countries.getAlpha2Code(v, 'en');
      if (!code) continue;
      const names = countries.getName(code, 'tr', { select: 'all' }) ?? [];
      // "Amerika" alone is the continent as much as the country: it is asked about, never guessed.
      for (const p of [...names, ...(TR_COUNTRY_EXTRA[code] ?? [])]) out.push([p, target]);
    }
  }
  for (const t of model.timeDimensions) {
    const own = TR_FIELDS[t.label.toLowerCase()] ?? [];
    for (const p of own) out.push([p, { type: 'time', name: t.name }]);
  }
  return out;
}

/** Vocabulary key of a phrase: its folded words (tokens reach them by stems and prefixes). */
const phraseKey = (phrase: string): string => normaliseTurkish(phrase);

const AMOUNT =
  '(?:\\$ |€ |₺ )?(\\d+(?:\\.\\d+)?)(?: (k|m|bn|bin|milyon|milyar|%))?(?: (?:\\$|€|₺|dolar[a-z]*|usd|tl[a-z]*|lira[a-z]*|euro[a-z]*|avro[a-z]*))?';

const LIST = (items: string[], conjunction: 'and' | 'or'): string =>
  items.length > 1
    ? `${items.slice(0, -1).join(', ')} ${conjunction === 'and' ? 've' : 'veya'} ${items[items.length - 1]}`
    : (items[0] ?? '');

const quote = (w: string): string => `“${w}”`;

/** A model label in Turkish when the pack knows it ("Revenue" → "gelir"), else as it is. */
export function inTurkish(label: string): string {
  const l = label.toLowerCase();
  const singular = l.endsWith('ies') ? `${l.slice(0, -3)}y` : l.replace(/s$/, '');
  return (TR_FIELDS[l] ?? TR_FIELDS[singular])?.[0] ?? label;
}

/** A model label in a Turkish sentence: the Turkish word, capitalised like a label ("Gelir"). */
const named = (label: string): string => {
  const word = inTurkish(label);
  return word === label ? label : capitaliseTr(word);
};

const MESSAGES: TMessages = {
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
    fieldValue: (f, v) => `${inTurkish(f)} ${v}`,
    trendOf: (m) => `son 12 ayda aylık ${inTurkish(m)}`,
  },
  list: LIST,
};

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
  normalise,
  // Words are their own lemma until matched against the vocabulary (matchPrefixes).
  lemma: (word) => word,
  fillers: FILLERS,
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
  averageWords: new Set(['ortalama', 'ort']),
  whichWords: new Set(['hangi', 'hangisi', 'hangileri', 'ne', 'kim']),
  followUp:
    /^(?:peki|ya|ve|ayrica|bir de|simdi|sadece|yalnizca|ama|bunun yerine|ayni(?:si)?|ayni sey|o zaman|ek olarak)\b/,
  append: /^(?:ayrica|bir de|ek olarak|arti)\b|\b(?:de ekle|da ekle|ekle)$/,
  appendBreakdown: /^(?:ve|ayrica|bir de|ek olarak)\b/,
  instead: /\b(?:yerine)\b/,
  prefixMatch: true,
  isPlural: (norm, lemma) =>
    /l[ae]r/.test(norm.slice(norm === lemma ? Math.max(3, norm.length - 7) : lemma.length)),
  horizonUnits: {
    gun: 'day',
    hafta: 'week',
    ay: 'month',
    ceyre: 'quarter',
    yari: 'half',
    yil: 'year',
    sene: 'year',
  },
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
  ranking: {
    topN: '(en (?:cok|iyi|yuksek|buyuk)|ilk) (\\d{1,4})(?! (?:gun|hafta|ay|yil|sene|ceyre)[a-z]*(?: |$))',
    bottomN: '(en (?:az|dusuk|kotu|kucuk)) (\\d{1,4})',
    top: '(?:zirvedeki|lider)',
    bottom: '(?:en alttaki|en sondaki)',
    most: '(?:en|daha) (?:cok|fazla|yuksek|buyuk|iyi)(?: performans gosteren)?',
    least: '(?:en|daha) (?:az|dusuk|kucuk|kotu|zayif)(?: performans gosteren)?',
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
  findDates: findDatesTr,
  messages: MESSAGES,
  vocabulary: { key: phraseKey, exact: normaliseTurkish, extra: turkishPhrases },
};

/** Words Turkish shares with English questions: they say nothing about the language. */
const SHARED = new Set(
  words(
    'a o i on her son bin alan var ver tut segment platform tablet mobil mail outdoor email direkt kim vs versus',
  ),
);

/**
 * Words that say a question is Turkish (folded): function words, the fillers, the Turkish names
 * of fields and values, month names.
 */
const TURKISH_WORD_SET = new Set<string>(
  [
    ...words(`ve ile gore bazinda gecen bu ay yil hafta haric en cok az goster nedir kac mi mu icin ne hangi
  toplam dun bugun ceyrek yilbasindan beri basina disinda degil olarak grafik aylik haftalik yillik
  gunluk neden tahmin onumuzdeki gelecek kadar fazla arasi arasinda listele ilk tum sayisi ortalama
  ocak subat mart nisan mayis haziran temmuz agustos eylul ekim kasim aralik gun`),
    // Turkish country names that are not also the English ones ("Almanya", not "Peru").
    ...Object.entries(countries.getNames('tr'))
      .map(([code, name]) => [foldTurkish(name), foldTurkish(countries.getName(code, 'en') ?? '')])
      .filter(([tr, en]) => tr !== en && !tr.includes(' '))
      .map(([tr]) => tr),
    ...FILLERS,
    ...[...Object.values(TR_FIELDS), ...Object.values(TR_VALUES)].flatMap((list) =>
      list.flatMap((p) => foldTurkish(p).split(/[^a-z]+/)),
    ),
  ].filter((w) => w.length >= 2 && !SHARED.has(w)),
);
const TURKISH_SUFFIX =
  /^(?:l[ae]r[a-z]*|[dt][ae]n?|[dt][ae]ki|n?[iu]n|[yns]?[iu]|[yn]?[ae]|ki|l[iu]k|l[iu])$/;

/** A folded word is Turkish: a known word, its stem, or a known word with a Turkish suffix. */
export function isTurkishWord(word: string): boolean {
  if (SHARED.has(word)) return false;
  if (TURKISH_WORD_SET.has(word) || TURKISH_WORD_SET.has(stemTurkish(word))) return true;
  for (let n = word.length - 1; n >= 4; n--)
    if (TURKISH_WORD_SET.has(word.slice(0, n)) && TURKISH_SUFFIX.test(word.slice(n))) return true;
  return false;
}

/** The folded words of a phrase, for language detection. */
export const foldedWords = (phrase: string): string[] =>
  foldTurkish(phrase)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
