import { z } from 'zod';
import { FEATURE_KEYS, LANGUAGES } from './features';

const email = z.string().trim().toLowerCase().email('Please provide a valid email address').max(254);

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
  credentials: z.record(z.string(), z.unknown()),
  quota: z.object({ conversations: z.number().nullable(), used: z.number() }).nullable(),
  updated: z.string(),
});
export type TTenant = z.infer<typeof ZTenant>;

/** Captcha token: optional unless a provider is configured (the server decides). */
const captchaToken = z.string().max(4096).optional();

export const ZLoginWithPasswordBody = z.object({
  email,
  password: z.string().min(1, 'Password field is required!').max(1024),
  token: captchaToken,
});
export const ZXsrfResponse = z.object({ xsrfToken: z.string() });
export type TXsrfResponse = z.infer<typeof ZXsrfResponse>;

export const ZEmailLinkBody = z.object({ email, token: captchaToken, local: z.boolean().optional() });
export type TEmailLinkBody = z.infer<typeof ZEmailLinkBody>;

export const ZPasswordResetBody = z.object({
  email,
  token: z.string().min(1).max(4096),
  password: z.string().max(1024),
  captcha: captchaToken,
});

export const ZChangePasswordBody = z.object({ password: z.string().max(1024) });

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
