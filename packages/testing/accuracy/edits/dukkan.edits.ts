/**
 * The Turkish shop (dukkan): in this shop "price" is a product's list price (urunler.fiyat); an
 * order line's birim_fiyat is its "unit price". The owner moves the bare words accordingly.
 */
import type { TSetEdits } from './set-edits';

export const DUKKAN_EDITS: TSetEdits = {
  overlay: {
    fields: {
      // Fixes "average price by category" (a confident wrong card) and "kategoriye göre ortalama fiyat" (asked back):
      // the order lines' average keeps only its "unit price" names…
      'siparis_kalemleri.birim_fiyat.avg': {
        synonyms: [
          'Average Order Item Unit Price',
          'avg unit price',
          'mean unit price',
          'unit price',
          'avg order item unit price',
          'mean order item unit price',
          'average order item unit price',
          'order item unit price',
        ],
      },
      // …and the products' average takes the bare "price" words.
      'urunler.fiyat.avg': {
        synonyms: [
          'avg product price',
          'mean product price',
          'product price',
          'average cost',
          'avg cost',
          'mean cost',
          'cost',
          'average price',
          'avg price',
          'mean price',
          'price',
        ],
      },
    },
  },
  fixes: ['kategoriye göre ortalama fiyat', 'average price by category'],
  unfixable: {},
};
