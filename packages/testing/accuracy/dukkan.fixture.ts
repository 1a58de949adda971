/**
 * A schema named in Turkish for the accuracy set: a small online shop (customers, products,
 * orders, order lines, payments, staff) built deterministically in DuckDB, with foreign keys. Some names
 * are ASCII-folded ("musteriler", "siparis_tarihi"), some keep Turkish letters ("şehir", "ödemeler").
 */
import { createDuckDbFile } from '../fixtures/duckdb-file';

export const DUKKAN_TODAY = '2026-11-20';

const TABLES = [
  `CREATE TABLE musteriler (musteri_id INTEGER PRIMARY KEY, "müşteri_adı" VARCHAR NOT NULL,
     "şehir" VARCHAR NOT NULL, segment VARCHAR NOT NULL, kayit_tarihi DATE NOT NULL)`,
  `CREATE TABLE urunler (urun_id INTEGER PRIMARY KEY, urun_adi VARCHAR NOT NULL, kategori VARCHAR NOT NULL,
     fiyat DECIMAL(10,2) NOT NULL, stok INTEGER NOT NULL)`,
  `CREATE TABLE siparisler (siparis_no INTEGER PRIMARY KEY, musteri_id INTEGER NOT NULL REFERENCES musteriler(musteri_id),
     siparis_tarihi DATE NOT NULL, durum VARCHAR NOT NULL, kargo_firmasi VARCHAR NOT NULL)`,
  `CREATE TABLE siparis_kalemleri (kalem_id INTEGER PRIMARY KEY, siparis_no INTEGER NOT NULL REFERENCES siparisler(siparis_no),
     urun_id INTEGER NOT NULL REFERENCES urunler(urun_id), adet INTEGER NOT NULL, birim_fiyat DECIMAL(10,2) NOT NULL)`,
  `CREATE TABLE "ödemeler" ("ödeme_id" INTEGER PRIMARY KEY, siparis_no INTEGER NOT NULL REFERENCES siparisler(siparis_no),
     "ödeme_tarihi" DATE NOT NULL, tutar DECIMAL(10,2) NOT NULL, "ödeme_yöntemi" VARCHAR NOT NULL)`,
  `CREATE TABLE personel (personel_id INTEGER PRIMARY KEY, ad_soyad VARCHAR NOT NULL, departman VARCHAR NOT NULL,
     "maaş" DECIMAL(10,2) NOT NULL, ise_giris_tarihi DATE NOT NULL)`,
];

const ROWS = [
  `INSERT INTO musteriler SELECT i, 'Müşteri ' || i,
     (['İstanbul','Ankara','İzmir','Bursa','Antalya'])[1 + (hash(i, 1) % 5)::INTEGER],
     (['Bireysel','Kurumsal'])[1 + (hash(i, 2) % 2)::INTEGER],
     DATE '2024-01-01' + CAST(floor(u(i, 3) * 1050) AS INTEGER)
   FROM range(1, 1501) r(i)`,
  `INSERT INTO urunler SELECT i, 'Ürün ' || i,
     (['Elektronik','Giyim','Kitap','Ev','Kozmetik'])[1 + (hash(i, 4) % 5)::INTEGER],
     round(10 + u(i, 5) * 990, 2)::DECIMAL(10,2), (hash(i, 6) % 200)::INTEGER
   FROM range(1, 201) r(i)`,
  `INSERT INTO siparisler SELECT i, 1 + (hash(i, 7) % 1500)::INTEGER,
     DATE '2024-11-21' + CAST(floor(u(i, 8) * 730) AS INTEGER),
     CASE WHEN u(i, 9) < 0.8 THEN 'teslim edildi' WHEN u(i, 9) < 0.92 THEN 'kargoda' ELSE 'iptal' END,
     (['Yurtiçi','Aras','MNG'])[1 + (hash(i, 10) % 3)::INTEGER]
   FROM range(1, 12001) r(i)`,
  `INSERT INTO siparis_kalemleri SELECT i, 1 + (hash(i, 11) % 12000)::INTEGER, 1 + (hash(i, 12) % 200)::INTEGER,
     1 + (hash(i, 13) % 5)::INTEGER, round(10 + u(i, 14) * 990, 2)::DECIMAL(10,2)
   FROM range(1, 30001) r(i)`,
  `INSERT INTO "ödemeler" SELECT i, i, s.siparis_tarihi + CAST(floor(u(i, 15) * 3) AS INTEGER),
     round(20 + u(i, 16) * 1980, 2)::DECIMAL(10,2),
     (['kredi kartı','havale','kapıda ödeme'])[1 + (hash(i, 17) % 3)::INTEGER]
   FROM range(1, 12001) r(i) JOIN siparisler s ON s.siparis_no = i WHERE s.durum <> 'iptal'`,
  `INSERT INTO personel SELECT i, 'Personel ' || i,
     (['Satış','Depo','Muhasebe','Yazılım'])[1 + (hash(i, 18) % 4)::INTEGER],
     round(25000 + u(i, 19) * 75000, 2)::DECIMAL(10,2), DATE '2018-01-01' + CAST(floor(u(i, 20) * 3200) AS INTEGER)
   FROM range(1, 121) r(i)`,
];

export function createDukkanDatabase(): Promise<string> {
  return createDuckDbFile('dukkan', [...TABLES, ...ROWS]);
}
