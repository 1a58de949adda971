import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    message: 'must be true or false',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const url = z.url({ message: 'must be a URL' });

/** Bytes of a size as DuckDB reads it: `256MB` in powers of 1000, `256MiB` in powers of 1024. */
function sizeInBytes(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([KMGT])(i?)B$/i.exec(text);
  if (!match) return Number.NaN;
  const power = 'KMGT'.indexOf(match[2]!.toUpperCase()) + 1;
  return Number(match[1]) * (match[3] ? 1024 : 1000) ** power;
}

/** A comma-separated list of absolute redirect URIs. */
const redirectUris = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ message: 'must be a comma-separated list of URLs' })).min(1));

/** An address, a CIDR range, or a range name Fastify's proxy-addr knows. */
function isProxyRange(v: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(v)) return true;
  const [address = '', bits, ...rest] = v.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** Every environment variable of DESIGN §3, parsed once. */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: url.optional(),
  SMTP_URL: url.optional(),
  MAIL_FROM: z.string().default('Parley <no-reply@parley.local>'),
  /** Where the help panel's contact form is mailed; unset: messages are only stored. */
  SUPPORT_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional(),
  SIGNUP_ENABLED: bool.default(true),
  LOGIN_PROVIDERS: z.string().default('password,magiclink'),
  GOOGLE_ISSUER: url.default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Analytics Data / Admin API bases (DESIGN §3); tests point them at the local stand-in. */
  GA4_DATA_API_URL: url.default('https://analyticsdata.googleapis.com'),
  GA4_ADMIN_API_URL: url.default('https://analyticsadmin.googleapis.com'),
  CAPTCHA_PROVIDER: z.enum(['none', 'turnstile', 'recaptcha', 'hcaptcha']).default('none'),
  CAPTCHA_SITE_KEY: z.string().default(''),
  CAPTCHA_SECRET: z.string().default(''),
  CAPTCHA_VERIFY_URL: url.optional(),
  LLM_BASE_URL: url.optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  DEMO: bool.optional(),
  DEMO_EMAIL: z.email({ message: 'must be an e-mail address' }).default('demo@parley.local'),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  DEMO_END_DATE: z.iso.date({ message: 'must be a date YYYY-MM-DD' }).optional(),
  DEMO_SCALE: z.coerce.number().positive().max(100).default(1),
  ALLOW_PRIVATE_HOSTS: bool.optional(),
  BRAND_NAME: z.string().default('Parley'),
  /** The Alexa skill's application id (amzn1.ask.skill.…): requests for any other skill are refused. */
  ALEXA_SKILL_ID: z.string().optional(),
  /** E-mails exempt from the 7-day report cooldown (DESIGN §3), compared case-insensitively. */
  REPORT_COOLDOWN_EXEMPT: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Which peers may name the client in X-Forwarded-For (the sign-in limits are per client): a
   * comma list of proxy addresses or CIDR ranges, or a hop count (only when nothing but the
   * proxies can reach the app), or `true`, which any client can spoof unless the proxy overwrites
   * the header.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): boolean | number | string[] => {
      if (v === 'true' || v === 'false') return v === 'true';
      if (/^\d+$/.test(v)) return Number(v) || false;
      const list = v.split(',').map((s) => s.trim());
      if (list.every(isProxyRange)) return list;
      ctx.addIssue({
        code: 'custom',
        message: 'must be false, true, a hop count, or a comma list of proxy addresses or CIDR ranges',
      });
      return z.NEVER;
    }),
  /** The Teams bot's Microsoft app id: the `aud` the Bot Connector's tokens must carry (unset: no Teams bot). */
  MSBOT_APP_ID: z.string().optional(),
  /** The bot's client secret, for its own tokens to the connector and the token service. */
  MSBOT_APP_PASSWORD: z.string().optional(),
  /** The bot's OAuth connection (Azure Bot → Parley's authorisation server) in the token service. */
  MSBOT_CONNECTION_NAME: z.string().default('parley'),
  UPLOAD_LIMIT_MB: z.coerce.number().positive().default(100),
  /**
   * How long a request may take to arrive, headers and body (a slow client is closed after it);
   * an upload instead may not stall for this long.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** The most an upload may take to arrive in all: 100 MB in an hour is about 230 kbit/s. */
  UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_600_000),
  /** Questions (and CSV exports) one user may send per minute; e-mailed cards a sixth of it; 0 = no limit. */
  ASK_RATE_LIMIT: z.coerce.number().int().min(0).default(120),
  /** Memory one DuckDB instance may use (DuckDB's memory_limit): the demo, each file and copied source. */
  DUCKDB_MEMORY_LIMIT: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i, 'must be a size such as 256MB or 1GiB')
    .refine((v) => sizeInBytes(v) >= 16 * 2 ** 20, 'must be at least 16MiB')
    .default('256MiB'),
  /** Threads one DuckDB instance may run a query on (DuckDB's threads). */
  DUCKDB_THREADS: z.coerce.number().int().min(1).max(256).default(2),
  /** Memory, in MiB, for answers kept for repeated questions: query results, their cards, parsed phrases. */
  ANSWER_CACHE_MB: z.coerce.number().min(0).default(64),
  /** How far, in percent, the JavaScript heap may grow past what a full collection kept; 0 = V8's own factor. */
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(400).default(20),
  /** Assistant clients (DESIGN §12): each is registered only when its id and secret are set. */
  ALEXA_CLIENT_ID: z.string().optional(),
  ALEXA_CLIENT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Comma-separated, matched exactly (Alexa's console lists the skill's redirect URLs). */
  ALEXA_REDIRECT_URIS: redirectUris.optional(),
  /** How the client authenticates at the token endpoint: HTTP Basic or body credentials. */
  ALEXA_CLIENT_AUTH: z.enum(['basic', 'post']).default('basic'),
  MSBOT_CLIENT_ID: z.string().optional(),
  MSBOT_CLIENT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  MSBOT_REDIRECT_URIS: redirectUris.default(['https://token.botframework.com/.auth/web/redirect']),
  MSBOT_CLIENT_AUTH: z.enum(['basic', 'post']).default('post'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** DESIGN §3: `none` (plans and quotas without payments) or `paddle` (Paddle Billing). */
  BILLING_PROVIDER: z.enum(['none', 'paddle']).default('none'),
  PADDLE_API_URL: url.default('https://api.paddle.com'),
  PADDLE_API_KEY: z.string().optional(),
  BILLING_WEBHOOK_SECRET: z.string().optional(),
  /** JSON `{"premium":{"monthly":"pri_…","annual":"pri_…"},"unlimited":{…}}`. */
  PADDLE_PRICE_IDS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      try {
        return JSON.parse(v) as Record<string, { monthly: string; annual: string }>;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    }),
});

export type Env = z.infer<typeof ZEnv>;

export interface Config
  extends Omit<Env, 'SESSION_SECRET' | 'ENCRYPTION_KEY' | 'DEMO' | 'ALLOW_PRIVATE_HOSTS'> {
  PUBLIC_URL: string;
  SESSION_SECRET: string;
  ENCRYPTION_KEY: string;
  DEMO: boolean;
  ALLOW_PRIVATE_HOSTS: boolean;
  embedded: boolean;
  secureCookies: boolean;
  loginProviders: ('password' | 'magiclink' | 'google')[];
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const embedded = !e.DATABASE_URL;
  // Server mode keeps nothing durable on a process's disk: generated secrets live in the database
  // (withSharedSecrets, once it is open), so every process of an install signs and seals alike.
  const secrets = (e.SESSION_SECRET && e.ENCRYPTION_KEY) || !embedded ? null : readOrCreateSecrets(dataDir);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const providers = new Set(
    e.LOGIN_PROVIDERS.split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  );
  for (const p of providers) {
    if (!['password', 'magiclink', 'google'].includes(p)) {
      throw new ConfigError(`Invalid configuration:\n  LOGIN_PROVIDERS: unknown provider "${p}"`);
    }
  }
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) providers.add('google');
  else providers.delete('google');
  if (e.BILLING_PROVIDER === 'paddle') {
    for (const key of ['PADDLE_API_KEY', 'BILLING_WEBHOOK_SECRET', 'PADDLE_PRICE_IDS'] as const) {
      if (!e[key])
        throw new ConfigError(`Invalid configuration:\n  ${key}: required when BILLING_PROVIDER is paddle`);
    }
  }
  if (e.CAPTCHA_PROVIDER !== 'none' && !e.CAPTCHA_SECRET) {
    throw new ConfigError('Invalid configuration:\n  CAPTCHA_SECRET: required when CAPTCHA_PROVIDER is set');
  }
  if (e.MSBOT_APP_ID && !e.MSBOT_APP_PASSWORD) {
    throw new ConfigError('Invalid configuration:\n  MSBOT_APP_PASSWORD: required when MSBOT_APP_ID is set');
  }
  if (e.UPLOAD_TIMEOUT_MS < e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration:\n  UPLOAD_TIMEOUT_MS: must be at least REQUEST_TIMEOUT_MS');
  }
  return {
    ...e,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    SESSION_SECRET: e.SESSION_SECRET ?? secrets?.sessionSecret ?? '',
    ENCRYPTION_KEY: e.ENCRYPTION_KEY ?? secrets?.encryptionKey ?? '',
    DEMO: e.DEMO ?? embedded,
    // Private and reserved addresses only by the operator's word, or while strangers cannot sign up:
    // an open sign-up would let anyone point a source at the server's own network.
    ALLOW_PRIVATE_HOSTS: e.ALLOW_PRIVATE_HOSTS ?? !e.SIGNUP_ENABLED,
    embedded,
    secureCookies: publicUrl.startsWith('https://'),
    loginProviders: [...providers] as Config['loginProviders'],
  };
}

/** Generated secrets: the session signing secret and the AES-256-GCM key (64 hex characters). */
export function generateSecrets(): { sessionSecret: string; encryptionKey: string } {
  return { sessionSecret: randomBytes(32).toString('hex'), encryptionKey: randomBytes(32).toString('hex') };
}

/** Secrets live in DATA_DIR/secrets.json, created with 0600 on first start: never a built-in default. */
function readOrCreateSecrets(dataDir: string): { sessionSecret: string; encryptionKey: string } {
  const file = join(dataDir, 'secrets.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secrets = generateSecrets();
    try {
      writeFileSync(file, JSON.stringify(secrets), { mode: 0o600, flag: 'wx' });
      return secrets;
    } catch {
      // Another process created it first: its secrets win.
      return JSON.parse(readFileSync(file, 'utf8'));
    }
  }
}

/** The configuration of a process entry point (server, worker): a bad one prints why and exits 78 (EX_CONFIG). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
}
