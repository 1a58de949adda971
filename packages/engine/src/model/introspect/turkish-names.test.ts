/**
 * A schema named in Turkish, with and without Turkish letters, reads as its English schema words —
 * entities, amounts, prices, quantities and dates — and is asked in Turkish.
 */
import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../parser/parse';
import type { TIntrospectedColumn } from '../introspection';
import { generateModel } from './generate-model';
import { col as column, table as entity, fk } from './introspection.testkit';
import { title, words } from './text';

/** Columns not null; a table keyed by its first column, referencing the customers by `ref`. */
const col = (name: string, type: string, values: string[] | null = null) =>
  column(name, type, values, undefined, false);
const table = (name: string, columns: TIntrospectedColumn[], rowCount: number, ref?: string) =>
  entity(name, columns, rowCount, {
    primaryKey: [columns[0].name],
    foreignKeys: ref ? [fk(ref, 'musteriler')] : [],
  });

describe('Turkish schema names', () => {
  it('reads Turkish words as the English schema words, keeping English words', () => {
    expect(words('siparis_tarihi')).toBe('order date');
    expect(words('ödeme_yöntemi')).toBe('payment method');
    expect(words('musteriler')).toBe('customers');
    expect(words('order_date')).toBe('order date');
    expect(words('OLUSTURMA_TARIHI')).toBe('created date');
    expect(words('personel_maasi')).toBe('employee salary');
  });
  it('capitalises words with Turkish letters', () => {
    expect(title('müşteri adı')).toBe('Müşteri Adı');
  });

  const model = generateModel({
    tables: [
      table('musteriler', [col('musteri_id', 'INTEGER'), col('şehir', 'VARCHAR', ['Ankara', 'İzmir'])], 100),
      table(
        'siparisler',
        [
          col('siparis_no', 'INTEGER'),
          col('musteri_id', 'INTEGER'),
          col('siparis_tarihi', 'DATE'),
          col('tutar', 'DECIMAL(10,2)'),
          col('teslimat_bolgesi', 'VARCHAR', ['Marmara', 'Ege']),
        ],
        1000,
        'musteri_id',
      ),
    ],
  });
  const ask = (phrase: string) =>
    parseQuestion(phrase, { model, today: '2024-06-15', weekStart: 'monday', language: 'tr' });

  it('counts the entity of a Turkish table and sums its amount by a Turkish column', () => {
    expect(model.measures.map((m) => m.label)).toEqual(
      expect.arrayContaining(['Customers', 'Orders', 'Amount']),
    );
    expect(model.timeDimensions.map((t) => t.label)).toContain('Order Date');
    expect(ask('şehre göre toplam tutar')).toMatchObject({
      kind: 'query',
      query: { measures: ['siparisler.tutar.sum'], dimensions: ['musteriler.şehir'] },
    });
    // "teslimat" has no English reading: the column is still said by its own Turkish name.
    expect(ask('teslimat bölgesine göre toplam tutar')).toMatchObject({
      kind: 'query',
      query: { dimensions: ['siparisler.teslimat_bolgesi'] },
    });
    expect(ask('geçen ay kaç sipariş')).toMatchObject({
      kind: 'query',
      query: { measures: ['siparisler.count'] },
    });
  });
});
