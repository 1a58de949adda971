import { ZCredentials } from './datasources';
import { FEATURE_KEYS, LANGUAGES } from './features';
import { LIMITS } from './limits';
import { isValidPassword } from './validation';
import { z } from './zod';

const email = z.string().trim().toLowerCase().email('Please provide a valid email address').max(LIMITS.EMAIL);

/** GET /auth/config (DESIGN §4). */
export const ZAuthConfig = z.object({
  brand_name: z.string(),
  name: z.string(),
  theme: z.string(),
  project_id: z.string(),
  features: z.object({
    collections: z.boolean(),
    conversations: z.boolean(),
    deep_research_reports: z.boolean(),
    profile: z.boolean(),
    data_sources: z.boolean(),
  }),
  captcha: z.object({ provider: z.string(), site_key: z.string() }),
  version: z.string(),
});
export type TAuthConfig = z.infer<typeof ZAuthConfig>;

export const LOGIN_PROVIDERS = ['password', 'magiclink', 'google'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

/** GET /auth/providers. */
export const ZAuthProviders = z.object({
  providers: z.array(z.enum(LOGIN_PROVIDERS)),
  signup: z.boolean(),
});
export type TAuthProviders = z.infer<typeof ZAuthProviders>;

/** GET /auth/tenant: the signed-in user (DESIGN §4). */
export const ZTenant = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  country: z.string().nullable(),
  timezone: z.string().nullable(),
  language: z.enum(LANGUAGES),
  organisation: z.string().nullable(),
  position: z.string().nullable(),
  picture: z.string().nullable(),
  features: z.array(z.enum(FEATURE_KEYS)),
  flags: z.object({ oc: z.boolean(), rc: z.boolean() }),
  projects: z.record(z.string(), z.object({ name: z.string() })),
  subscription: z.object({ plan: z.string(), status: z.string() }).nullable(),
  /** The user's data sources in this project, without any secret (DESIGN §11). */
  credentials: ZCredentials,
  quota: z.object({ conversations: z.number().nullable(), used: z.number() }).nullable(),
  updated: z.string(),
});
export type TTenant = z.infer<typeof ZTenant>;

/** Captcha token: optional unless a provider is configured (the server decides). */
const captchaToken = z.string().max(LIMITS.TOKEN).optional();

/**
 * OAuth parameters of an assistant client (spec 1 §3: Alexa or MSBot) passed on with a password
 * sign-in. Accepted and checked for shape; no assistant client is registered yet, so the server
 * answers without `redirect` until one is.
 */
export const ZAssistantOAuth = z.object({
  client_id: z.string().max(200),
  redirect_uri: z.string().max(2000),
  state: z.string().max(2000),
  scope: z.string().max(200),
  response_type: z.string().max(50),
});
export type TAssistantOAuth = z.infer<typeof ZAssistantOAuth>;

export const ZLoginWithPasswordBody = z.object({
  email,
  password: z.string().min(1, 'Password field is required!').max(LIMITS.PASSWORD),
  token: captchaToken,
  oauth: ZAssistantOAuth.optional(),
});
/** A new session's anti-forgery token; `redirect` where an assistant client's sign-in continues. */
export const ZXsrfResponse = z.object({ xsrfToken: z.string(), redirect: z.string().optional() });
export type TXsrfResponse = z.infer<typeof ZXsrfResponse>;

export const ZEmailLinkBody = z.object({ email, token: captchaToken, local: z.boolean().optional() });
export type TEmailLinkBody = z.infer<typeof ZEmailLinkBody>;

/** Server-side text of the password rule (spec 1 §5, key validation.password). */
export const PASSWORD_RULE_MESSAGE =
  'Password must be at least 8 characters long with at least one letter, one digit and one special character.';

/** A new password: the password rule of spec 1 §5. */
export const ZNewPassword = z.string().max(1024).refine(isValidPassword, PASSWORD_RULE_MESSAGE);

/** POST /auth/passwordreset: `token` is the recovery token (DESIGN §4); the captcha goes in `captcha`. */
export const ZPasswordResetBody = z.object({
  email,
  token: z.string().min(1).max(4096),
  password: ZNewPassword,
  captcha: captchaToken,
});
export type TPasswordResetBody = z.infer<typeof ZPasswordResetBody>;

/** POST /auth/changepassword (signed in); every session of the user ends. */
export const ZChangePasswordBody = z.object({ password: ZNewPassword });
export type TChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

/** GET /auth/loginredirect: starts sign-in with an external identity provider. */
export const ZLoginRedirectQuery = z.object({
  provider: z.enum(['GOOGLE']),
  client: z.enum(['WEB']).default('WEB'),
  local: z.enum(['true', 'false']).optional(),
});

/** GET /auth/link and /auth/recover: the single-use token from the e-mail. */
// No length bound here: a mangled link must still land on /login?error=link_expired, not a 400.
export const ZLinkQuery = z.object({ token: z.string().default('') });

/** GET /auth/callback: what the identity provider sends back (all checked by the OIDC client). */
export const ZOidcCallbackQuery = z.record(z.string(), z.string());

/** Where a failed link or external sign-in lands: `/login?error=<code>`. */
export const LOGIN_ERRORS = ['link_expired', 'oidc_failed', 'signup_disabled'] as const;
export type LoginError = (typeof LOGIN_ERRORS)[number];

/** An IANA time-zone name the runtime knows ("Europe/Istanbul"). */
export const ZTimezone = z
  .string()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time-zone name');

export const ZTimezoneBody = z.object({ timezone: ZTimezone });

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** An ISO 3166-1 alpha-2 country code ("GB"); lower case is accepted and upper-cased. */
export const ZCountry = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code')
  .refine((code) => {
    // The regex issue does not stop zod from running this; DisplayNames throws on bad shapes.
    if (!/^[A-Z]{2}$/.test(code)) return true;
    const name = regionNames.of(code);
    return !!name && name !== code && name !== 'Unknown Region';
  }, 'must be an ISO 3166-1 alpha-2 country code');

/** GET /features/projects: the projects the user belongs to (spec 1 §2.3 project dropdown). */
export const ZProjectsResponse = z.object({
  current: z.string(),
  projects: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** The project's own favicon, else the product icon. */
      favicon: z.string(),
      /** The project's address: the host with its first label replaced by the project id. */
      url: z.string(),
    }),
  ),
});
export type TProjectsResponse = z.infer<typeof ZProjectsResponse>;
