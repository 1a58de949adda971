import { ZSourceId } from './datasources';
import { LIMITS } from './limits';
import { z } from './zod';

const ZId = z.string().trim().min(1, 'is required').max(LIMITS.ID);

/** What a learned word means in a source's semantic model (the engine's TVocabularyTarget). */
export const ZSynonymTarget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('measure'), name: z.string() }),
  z.object({ type: z.literal('dimension'), name: z.string() }),
  z.object({ type: z.literal('value'), dimension: z.string(), value: z.string() }),
  z.object({ type: z.literal('time'), name: z.string() }),
]);
export type TSynonymTarget = z.infer<typeof ZSynonymTarget>;

/**
 * A word the project's users taught by picking a choice of a question back.
 * `meaning` is its target in the source's own labels ("Revenue", "Region: EMEA").
 */
export const ZLearnedSynonym = z.object({
  id: z.string(),
  word: z.string(),
  meaning: z.string(),
  target: ZSynonymTarget,
  /** The data source the word belongs to ('demo' for the built-in one). */
  datasource_id: z.string(),
  created_at: z.string(),
});
export type TLearnedSynonym = z.infer<typeof ZLearnedSynonym>;

/** GET /features/synonyms?datasource_id= — the project's learned words, of one source when named. */
export const ZSynonymsQuery = z.object({ datasource_id: ZSourceId.optional() });
export type TSynonymsQuery = z.infer<typeof ZSynonymsQuery>;
export const ZLearnedSynonyms = z.array(ZLearnedSynonym);
export type TLearnedSynonyms = z.infer<typeof ZLearnedSynonyms>;

/** DELETE /features/synonym?id= — forgets one learned word. */
export const ZDeleteSynonymQuery = z.object({ id: ZId });
