import { LIMITS } from './limits';
import { z } from './zod';

/** Messages one user may send from the contact form in an hour; the 6th is refused with 429. */
export const CONTACT_MESSAGES_PER_HOUR = 5;

/**
 * POST /api/v1/contact — the help panel's contact form (spec 1 §2.3, spec 2 §2): name, e-mail,
 * comment and the consent the form asks for. Stored and mailed to the support address.
 */
export const ZContactBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(LIMITS.NAME),
  email: z.string().trim().email('email must be an e-mail address').max(LIMITS.EMAIL),
  comment: z.string().trim().min(1, 'comment is required').max(LIMITS.HELP_COMMENT),
  consent: z.literal(true, { message: 'consent must be given' }),
});
export type TContactBody = z.infer<typeof ZContactBody>;

export const ZContactResponse = z.object({ id: z.string() });
export type TContactResponse = z.infer<typeof ZContactResponse>;
