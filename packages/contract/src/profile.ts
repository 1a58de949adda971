import { z } from 'zod';
import { LANGUAGES } from './features';

const optionalText = z.string().trim().max(200).nullable().optional();

/** POST /auth/register — the onboarding form (spec 1 §2.5, §7). Password is optional. */
export const ZRegisterBody = z.object({
  name: z.string().trim().min(1).max(200),
  country: z.string().trim().length(2),
  timezone: z.string().trim().min(1).max(64),
  organisation: optionalText,
  position: optionalText,
  picture: z.string().max(400_000).nullable().optional(),
  language: z.enum(LANGUAGES).optional(),
  password: z.string().max(1024).optional(),
});
export type TRegisterBody = z.infer<typeof ZRegisterBody>;

/** PUT /features/profile — the profile screen (spec 1 §2.7, §7). */
export const ZProfileBody = z.object({
  name: z.string().trim().min(1).max(200),
  country: z.string().trim().length(2),
  timezone: z.string().trim().min(1).max(64),
  organisation: optionalText,
  position: optionalText,
  picture: z.string().max(400_000).nullable().optional(),
  language: z.enum(LANGUAGES),
});
export type TProfileBody = z.infer<typeof ZProfileBody>;

/** POST /auth/signup. */
export const ZSignupBody = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  token: z.string().max(4096).optional(),
});
export type TSignupBody = z.infer<typeof ZSignupBody>;
