/**
 * What an owner's few minutes in the model editor change on one accuracy set (issue 30): the
 * overlay they would save, and for each of the set's known misses whether it fixes it or why no
 * edit can. edits.accuracy.test.ts applies the overlay and re-runs the whole set.
 */
import type { TModelOverlayInput } from '@parley/contract';

export interface TSetEdits {
  /** The overlay as the editor saves it: synonyms, hidden fields, defined measures, joins. */
  overlay: TModelOverlayInput;
  /** The misses (by phrase) the overlay turns into correct answers. */
  fixes: string[];
  /** The misses no model edit can fix, by phrase, with the reason (an engine limit, not vocabulary). */
  unfixable: Record<string, string>;
}
