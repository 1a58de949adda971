/** Pagila: the owner teaches a country the value sampler never saw. */
import type { TSetEdits } from './set-edits';

export const PAGILA_EDITS: TSetEdits = {
  overlay: {
    // Fixes "revenue in Canada": 109 countries are more than the 60 values sampled, so "Canada" was unknown.
    values: [{ dimension: 'country.country', value: 'Canada', synonyms: ['canada'] }],
  },
  fixes: ['revenue in Canada'],
  unfixable: {
    'top 10 cities by customers':
      '"by customers" is read as a breakdown by the parser\'s rule for "X by Y"; "customers" must stay both the count and the grouping ("top 10 customers by revenue"), so no synonym change makes it the measure here',
  },
};
