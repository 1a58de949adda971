import { describe, expect, it } from 'vitest';
import { composedPhrases, ownColumnPhrase } from './schema-phrases';
import { readTurkishSchemaWord } from './schema-words';

describe('Turkish schema words', () => {
  it('reads a word with or without Turkish letters', () => {
    expect(readTurkishSchemaWord('müşteri')).toEqual({ word: 'customer', plural: false });
    expect(readTurkishSchemaWord('musteri')).toEqual({ word: 'customer', plural: false });
    expect(readTurkishSchemaWord('şehir')).toEqual({ word: 'city', plural: false });
  });
  it('reads the plural -ler/-lar and the possessive of a compound', () => {
    expect(readTurkishSchemaWord('siparisler')).toEqual({ word: 'order', plural: true });
    expect(readTurkishSchemaWord('ödemeler')).toEqual({ word: 'payment', plural: true });
    expect(readTurkishSchemaWord('ürünler')).toEqual({ word: 'product', plural: true });
    expect(readTurkishSchemaWord('tarihi')).toEqual({ word: 'date', plural: false });
    expect(readTurkishSchemaWord('firmasi')).toEqual({ word: 'company', plural: false });
    expect(readTurkishSchemaWord('kalemleri')).toEqual({ word: 'item', plural: true });
    expect(readTurkishSchemaWord('satışlar')).toEqual({ word: 'sale', plural: true });
    expect(readTurkishSchemaWord('ismi')).toEqual({ word: 'name', plural: false });
  });
  it('leaves other words alone', () => {
    for (const w of ['segment', 'customer', 'amount', 'ad', 'tip', 'id'])
      expect(readTurkishSchemaWord(w)).toBeUndefined();
  });
});

describe('Turkish phrases of English field names', () => {
  it('says a label in Turkish stems when every word has one', () => {
    expect(composedPhrases(['Payment Method'])).toEqual(['odeme yontem']);
    expect(composedPhrases(['Number of Products', 'Average Product Price'])).toEqual([
      'urun sayisi',
      'ortalama urun fiyat',
    ]);
    expect(composedPhrases(['Payment Currency'])).toEqual([]);
  });
});

describe('a Turkish column said by its own name', () => {
  it('keeps the Turkish words an English reading only partly covers', () => {
    expect(ownColumnPhrase('aylik_ucret', 'avg')).toBe('ortalama aylik ucret');
    expect(ownColumnPhrase('aylik_ucret', 'sum')).toBe('aylik ucret');
    expect(ownColumnPhrase('aylik_ucret', 'max')).toBeUndefined();
    expect(ownColumnPhrase('monthly_fee', 'sum')).toBeUndefined();
  });
});
