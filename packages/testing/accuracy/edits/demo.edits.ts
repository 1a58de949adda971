/**
 * The demo shop (the demo set and the ask-back set are one source, so one overlay): each edit that
 * would fix a miss here also changes a right answer, so the owner saves none.
 */
import type { TSetEdits } from './set-edits';

export const DEMO_EDITS: TSetEdits = {
  overlay: {},
  fixes: [],
  unfixable: {
    'number of orders by category':
      'redefining Orders over order_items (distinct order_id, completed) reaches products and answers it, but 6 right answers change: "average units per order" answers instead of asking back, "which products sold less than last year" asks which measure, and questions back offer other choices',
  },
};

export const ASK_BACK_DEMO_EDITS: TSetEdits = {
  overlay: {},
  fixes: [],
  unfixable: {
    'paid orders last month':
      'teaching "paid" as completed orders makes it ask (Paid Search or completed), but "organic vs paid revenue last month" (demo set) then asks too instead of answering',
    'us revenue by month':
      'the pronoun "us" read as the country is a parser rule; the country\'s words are right for "orders from the US", so no edit makes this one ask back',
  },
};
