/**
 * Turkish words of the pack: fillers, Turkish synonyms for the model's English labels
 * and values, Turkish country names (i18n-iso-countries) — kept here rather than in the model.
 */
import countries from 'i18n-iso-countries';
import countriesEn from 'i18n-iso-countries/langs/en.json';
import countriesTr from 'i18n-iso-countries/langs/tr.json';
import type { TSemanticModel } from '../../model/semantic-model';
import { flagWords } from '../flag-phrases';
import type { TVocabularyTarget } from '../vocabulary-target';
import { composedPhrases, ownColumnPhrase } from './schema-phrases';
import { StemSet } from './text';

countries.registerLocale(countriesEn);
countries.registerLocale(countriesTr);

export const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** Words without analytic meaning in a Turkish question (folded; inflected forms included). */
export const FILLERS = new StemSet(
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
  anki simdiki halihazirda suanki
  nerede kim kimler neler hesabi nasil gidiyor dolar usd`),
);

/** English labels and synonyms of a model, in Turkish (fields of the demo and common models). */
export const TR_FIELDS: Record<string, string[]> = {
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
  salary: ['maaş', 'maaşlar', 'toplam maaş', 'maaş toplamı', 'maaş bordrosu'],
  'average salary': ['ortalama maaş', 'ortalama ücret', 'maaş ortalaması'],
  staff: ['personel', 'personel sayısı', 'çalışan', 'çalışanlar', 'çalışan sayısı', 'kadro'],
  employees: ['personel', 'personel sayısı', 'çalışan', 'çalışanlar', 'çalışan sayısı', 'kadro'],
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
  category: ['kategori', 'kategoriler', 'ürün kategorisi'],
  department: ['departman', 'departmanlar', 'bölüm'],
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
  'units in stock': ['stok adedi', 'stoktaki adet', 'stok miktarı'],
  'lifetime value': ['yaşam boyu değer', 'müşteri yaşam boyu değeri'],
  amount: ['tutar'],
  invoices: ['fatura', 'faturalar'],
  tickets: ['talep', 'talepler', 'destek talebi'],
};

/** Dimension values in Turkish (the demo's values; countries come from i18n-iso-countries). */
export const TR_VALUES: Record<string, string[]> = {
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
export function turkishPhrases(model: TSemanticModel): [string, TVocabularyTarget][] {
  const out: [string, TVocabularyTarget][] = [];
  const namesOf = (label: string, name: string, synonyms: string[]): string[] => [
    ...new Set([label, name.replace(/_/g, ' '), ...synonyms].map((p) => p.toLowerCase())),
  ];
  const labels = new Set(model.measures.map((m) => m.label.toLowerCase()));
  for (const m of model.measures) {
    if (m.hidden) continue;
    // A measure's own label decides: "Customers" is müşteri, not a synonym of another measure;
    // a synonym no measure is labelled with still says it ("units sold" of a Quantity: "satılan").
    const own = TR_FIELDS[m.label.toLowerCase()] ?? TR_FIELDS[m.name.replace(/_/g, ' ')];
    const free = own ? m.synonyms.filter((p) => !labels.has(p.toLowerCase())) : [];
    const all = own
      ? [...own, ...free.flatMap((p) => TR_FIELDS[p.toLowerCase()] ?? [])]
      : namesOf(m.label, m.name, m.synonyms).flatMap((p) => TR_FIELDS[p] ?? []);
    const column = m.kind === 'aggregate' && m.expr && 'col' in m.expr ? m.expr.col : undefined;
    const ownName = m.kind === 'aggregate' ? ownColumnPhrase(column, m.agg) : undefined;
    for (const p of [...all, ...composedPhrases([m.label, ...m.synonyms]), ...(ownName ? [ownName] : [])])
      out.push([p, { type: 'measure', name: m.name }]);
  }
  for (const d of model.dimensions) {
    const own = TR_FIELDS[d.label.toLowerCase()] ?? TR_FIELDS[d.name.replace(/_/g, ' ')];
    const all = own ?? namesOf(d.label, d.name, d.synonyms).flatMap((p) => TR_FIELDS[p] ?? []);
    const ownName = ownColumnPhrase(d.sources[0]?.column);
    for (const p of [...all, ...composedPhrases([d.label, ...d.synonyms]), ...(ownName ? [ownName] : [])])
      out.push([p, { type: 'dimension', name: d.name }]);
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
  // A yes/no column's rate in Turkish: "churn oranı", "churn yüzdesi" (its own word, untranslated).
  for (const f of flagWords(model)) {
    if (!f.rate) continue;
    for (const s of ['oranı', 'oranı nedir', 'yüzdesi', 'payı'])
      out.push([`${f.word} ${s}`, { type: 'measure', name: f.rate }]);
  }
  for (const t of model.timeDimensions) {
    const own = TR_FIELDS[t.label.toLowerCase()] ?? [];
    const ownName = ownColumnPhrase(t.column);
    for (const p of [...own, ...(ownName ? [ownName] : [])]) out.push([p, { type: 'time', name: t.name }]);
  }
  return out;
}

/** A model label in Turkish when the pack knows it ("Revenue" → "gelir"), else as it is. */
export function inTurkish(label: string): string {
  const l = label.toLowerCase();
  const singular = l.endsWith('ies') ? `${l.slice(0, -3)}y` : l.replace(/s$/, '');
  return (TR_FIELDS[l] ?? TR_FIELDS[singular])?.[0] ?? label;
}
