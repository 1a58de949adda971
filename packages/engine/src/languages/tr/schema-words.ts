/**
 * Turkish schema words: a Turkish business names its tables and columns in Turkish
 * ("musteriler", "siparis_tarihi", "ödeme_yöntemi"), with or without Turkish letters. The model
 * generator reads such a word as the English schema word it stands for, so its rules (amounts,
 * prices, dates, entities) and the packs' field names apply to it.
 */
import type { TSchemaWord } from '../../model/introspect/schema-words';
import { foldTurkish } from './text';

/** Folded Turkish stems → the English schema word (singular). Words English also uses stay out. */
const STEMS: Record<string, string> = {
  musteri: 'customer',
  siparis: 'order',
  urun: 'product',
  odeme: 'payment',
  kalem: 'item',
  fatura: 'invoice',
  tedarikci: 'supplier',
  magaza: 'store',
  sube: 'branch',
  personel: 'employee',
  calisan: 'employee',
  departman: 'department',
  kategori: 'category',
  marka: 'brand',
  sehir: 'city',
  ulke: 'country',
  bolge: 'region',
  adres: 'address',
  telefon: 'phone',
  durum: 'status',
  yontem: 'method',
  tarih: 'date',
  tutar: 'amount',
  fiyat: 'price',
  adet: 'quantity',
  miktar: 'quantity',
  stok: 'stock',
  maas: 'salary',
  indirim: 'discount',
  maliyet: 'cost',
  gelir: 'revenue',
  kargo: 'shipping',
  firma: 'company',
  sirket: 'company',
  teslim: 'delivery',
  kayit: 'signup',
  iade: 'return',
  puan: 'score',
  isim: 'name',
  adi: 'name',
  soyadi: 'surname',
  numara: 'number',
  numarasi: 'number',
  kod: 'code',
  kodu: 'code',
  aciklama: 'description',
  birim: 'unit',
  toplam: 'total',
  yil: 'year',
  satis: 'sale',
  il: 'province',
  ilce: 'district',
  tur: 'type',
  cinsiyet: 'gender',
  yas: 'age',
  kullanici: 'user',
  uye: 'member',
  hesap: 'account',
  vergi: 'tax',
  ucret: 'fee',
  gider: 'expense',
  baslangic: 'start',
  bitis: 'end',
  olusturma: 'created',
  guncelleme: 'updated',
};

/** English schema words → the Turkish stem that says them (the first stem listed for each). */
export const TURKISH_STEMS: Record<string, string> = Object.fromEntries(
  Object.entries(STEMS)
    .reverse()
    .map(([tr, en]) => [en, tr]),
);

/** Possessive endings a compound's head takes ("siparis tarihi", "kargo firmasi", "maasi"). */
const POSSESSIVES = [/s[iu]$/, /[iu]$/];
const PLURAL = /l[ae]r$/;

/** Irregular stems: "ismi" is the possessive of "isim". */
const IRREGULAR: Record<string, string> = { ismi: 'isim' };

/**
 * The English schema word a Turkish one stands for, or undefined: the whole word first, then
 * without its possessive ending, then without its plural ending ("kalemleri" → "item", plural).
 */
export function readTurkishSchemaWord(word: string): TSchemaWord | undefined {
  const folded = foldTurkish(word);
  if (!/^[a-z]+$/.test(folded)) return undefined;
  const direct = IRREGULAR[folded] ?? folded;
  if (STEMS[direct]) return { word: STEMS[direct], plural: false };
  for (const bare of [...POSSESSIVES.map((p) => folded.replace(p, '')), folded]) {
    if (STEMS[bare]) return { word: STEMS[bare], plural: false };
    const single = bare.replace(PLURAL, '');
    if (single !== bare && STEMS[single]) return { word: STEMS[single], plural: true };
  }
  return undefined;
}
