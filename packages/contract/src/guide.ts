/**
 * The dashboard's Getting started guide (spec 2 "Other named screen areas"): three steps, each
 * read from real state on the server, and the user's own choices (skip the assistant step,
 * dismiss the guide), stored per user and project so another device shows the same.
 */
import { z } from './zod';

/** GET /features/guide, and the answer of PUT. */
export const ZGuideState = z.object({
  /** Step 1: an active data source of the user's own (the built-in demo does not count). */
  data_source: z.object({ done: z.boolean(), count: z.number().int() }),
  /** Step 2: done when an assistant is linked; the user may skip it for now. */
  assistant: z.object({ done: z.boolean(), skipped: z.boolean(), linked: z.number().int() }),
  /** Step 3: step 1 done and step 2 done or skipped. */
  all_set: z.boolean(),
  dismissed: z.boolean(),
});
export type TGuideState = z.infer<typeof ZGuideState>;

/** PUT /features/guide: only the fields given change; `false` undoes a skip or shows the guide again. */
export const ZGuideUpdateBody = z
  .object({
    assistant_skipped: z.boolean({ message: 'assistant_skipped must be true or false' }).optional(),
    dismissed: z.boolean({ message: 'dismissed must be true or false' }).optional(),
  })
  // A body that changes nothing is a caller's mistake, not a silent success.
  .refine((b) => b.assistant_skipped !== undefined || b.dismissed !== undefined, {
    message: 'Send assistant_skipped or dismissed.',
  });
export type TGuideUpdateBody = z.infer<typeof ZGuideUpdateBody>;
