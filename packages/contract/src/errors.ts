import { z } from './zod';

/** Every non-200 answer of the API: `{ message }` (DESIGN §4). */
export const ZErrorResponse = z.object({ message: z.string() });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** Empty success answer. */
export const ZEmpty = z.object({});
