import { PASSWORD_RULE_MESSAGE, ZCountry, ZTimezone } from './auth';
import { LANGUAGES } from './features';
import { LIMITS } from './limits';
import { isValidPassword } from './validation';
import { z } from './zod';

const optionalText = z.string().trim().max(LIMITS.NAME).nullable().optional();

/** Size message of spec 1 §5 (settings.file_size_limit_error). */
export const PHOTO_SIZE_MESSAGE = 'File size exceeds the limit. Please select a file up to 256KB.';
/** Type message of spec 1 §5 (settings.file_type_error). */
export const PHOTO_TYPE_MESSAGE =
  'Please select or drop an image file with a valid extension (jpg, jpeg, png).';
export const PASSWORDS_DIFFER_MESSAGE = 'Your password and confirmation password do not match.';

/**
 * A profile photo as a data URL (data:image/png;base64,…), or null / '' to remove it. The
 * server checks the decoded size and the real type by its magic bytes.
 */
const picture = z.string().max(400_000, PHOTO_SIZE_MESSAGE).nullable().optional();

/** POST /auth/register — the onboarding form (spec 1 §2.5, §7). Password is optional. */
export const ZRegisterBody = z
  .object({
    name: z.string().trim().min(1, 'is required').max(LIMITS.NAME),
    country: ZCountry,
    timezone: ZTimezone,
    organisation: optionalText,
    position: optionalText,
    picture,
    language: z.enum(LANGUAGES).optional(),
    password: z.string().max(1024).nullable().optional(),
    /** The repeated password; when sent it must equal `password`. */
    repeat: z.string().max(1024).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    const password = body.password ?? '';
    const repeat = body.repeat ?? '';
    if (!password && !repeat) return;
    if (!isValidPassword(password)) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: PASSWORD_RULE_MESSAGE,
      });
    } else if (body.repeat != null && repeat !== password) {
      ctx.addIssue({ code: 'custom', path: ['repeat'], message: PASSWORDS_DIFFER_MESSAGE });
    }
  });
export type TRegisterBody = z.infer<typeof ZRegisterBody>;

/** PUT /features/profile — the profile screen (spec 1 §2.7, §7). */
export const ZProfileBody = z.object({
  name: z.string().trim().min(1, 'is required').max(LIMITS.NAME),
  country: ZCountry,
  timezone: ZTimezone,
  organisation: optionalText,
  position: optionalText,
  picture,
  language: z.enum(LANGUAGES),
});
export type TProfileBody = z.infer<typeof ZProfileBody>;

/** POST /auth/signup. */
export const ZSignupBody = z.object({
  email: z.string().trim().toLowerCase().email().max(LIMITS.EMAIL),
  token: z.string().max(4096).optional(),
});
export type TSignupBody = z.infer<typeof ZSignupBody>;
