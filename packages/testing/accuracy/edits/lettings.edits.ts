/** Lettings: its one miss needs the compiler to join a link table twice, which no model edit gives. */
import type { TSetEdits } from './set-edits';

export const LETTINGS_EDITS: TSetEdits = {
  overlay: {},
  fixes: [],
  unfixable: {
    'rent by tenant and agent':
      'two roles of one link table in one question: the compiler joins each table once; the overlay adds or removes joins between tables, never a second copy of one, so editing cannot fix it',
  },
};
