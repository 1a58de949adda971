import { LIMITS } from './limits';
import { z } from './zod';

/** Source types users can connect (spec 2 §3), plus FILE (uploads) and the built-in DEMO. */
export const DATASOURCE_TYPES = [
  'POSTGRESQL',
  'FILE',
  'CLOUDFLARE_D1',
  'GOOGLE_ANALYTICS',
  'FORMBRICKS',
  'DEMO',
] as const;
export const ZDatasourceType = z.enum(DATASOURCE_TYPES);
export type TDatasourceType = z.infer<typeof ZDatasourceType>;

export const AUTH_TYPES = ['oauth2', 'basic', 'apikey', 'builtin'] as const;

/** The built-in demo source's id in requests and in `tenant.credentials`. */
export const DEMO_DATASOURCE_ID = 'demo';

/** The fixed messages of spec 2 §5/§8 the server answers with. */
export const DATASOURCE_MESSAGES = {
  invalidConfig: 'Invalid configuration provided.',
  invalidAccount: 'Invalid Account!',
  notFound: 'Data source not found!',
} as const;

/** The input a connection form shows for one config field. */
export const CONFIG_FIELD_KINDS = ['text', 'number', 'password', 'switch'] as const;

/**
 * One field of a source's connection form, as its descriptor gives it: `key` is both the config
 * field and its label's message key (`form.<key>`); the other keys name messages of the web's
 * `datasources` catalogue; `rules` are the contract's validation rules (validation.ts).
 */
export const ZConfigFormField = z.object({
  key: z.string(),
  kind: z.enum(CONFIG_FIELD_KINDS),
  rules: z.string().optional(),
  initial: z.union([z.string(), z.boolean()]).optional(),
  placeholderKey: z.string().optional(),
  /** A help line under the field (where to find a token, what an optional field defaults to). */
  hintKey: z.string().optional(),
  autoComplete: z.string().optional(),
  /** Shares a row with the field before it (host and port, user and password). */
  beside: z.boolean().optional(),
});
export type TConfigFormField = z.infer<typeof ZConfigFormField>;

/**
 * How a source is connected: a typed config tested live before it is stored (`form`), an
 * uploaded file (`upload`), the provider's consent screen (`oauth`), or not at all (`none`: built in).
 */
export const CONNECT_METHODS = ['form', 'upload', 'oauth', 'none'] as const;
export type TConnectMethod = (typeof CONNECT_METHODS)[number];

/**
 * GET /api/v1/datasource/types[?connect=true]: with connect=true each type also says how it is
 * connected (`connect`, `form`, `copied`, from its descriptor) — what the web draws the add dialog
 * from; without it the answer is DESIGN §4's five fields.
 */
export const ZDatasourceTypesQuery = z.object({ connect: z.enum(['true', 'false']).optional() });
export type TDatasourceTypesQuery = z.infer<typeof ZDatasourceTypesQuery>;

/**
 * What a source type's accounts are called (DESIGN §4): PostgreSQL schemas, D1 databases, GA4
 * properties, Formbricks surveys. From the type's descriptor; the web words its account list by it.
 */
export const ACCOUNT_KINDS = ['schemas', 'databases', 'properties', 'surveys'] as const;
export type TAccountKind = (typeof ACCOUNT_KINDS)[number];
export const ZAccountKind = z.enum(ACCOUNT_KINDS);

/** GET /api/v1/datasource/types (DESIGN §4), with the optional fields `?connect=true` adds. */
export const ZDatasourceTypes = z.array(
  z.object({
    type: ZDatasourceType,
    name: z.string(),
    logo: z.string(),
    auth_type: z.enum(AUTH_TYPES),
    supports_accounts: z.boolean(),
    connect: z.enum(CONNECT_METHODS).optional(),
    /** The connection form's fields in order ([] unless `connect` is 'form'). */
    form: z.array(ZConfigFormField).optional(),
    /** Questions read a copy the server syncs every few minutes (Formbricks), not the live source. */
    copied: z.boolean().optional(),
    /** What its accounts are called (schemas, databases…); null when it has none. */
    accounts: ZAccountKind.nullable().optional(),
  }),
);
export type TDatasourceTypes = z.infer<typeof ZDatasourceTypes>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A data source's id as a client sends it: a stored source's UUID, or 'demo' for the built-in
 * one. Anything else is refused here rather than reaching the database as a UUID.
 */
export const ZSourceId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(LIMITS.ID)
  .refine((id) => id === DEMO_DATASOURCE_ID || UUID.test(id), 'must be a data source id');
const ZSourceName = z.string().trim().min(1, 'is required').max(LIMITS.NAME);

/**
 * PostgreSQL connection fields (DESIGN §4): never a raw connection string (Metabase
 * CVE-2023-38646 came in through one). A host starting with `/` (a socket path) is refused.
 */
export const ZPostgresConfig = z.object({
  host: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(LIMITS.HOST_NAME)
    .refine((h) => !h.startsWith('/'), 'must be a host name or address, not a socket path')
    .refine((h) => !/[\s/?#@]/.test(h), 'must be a host name or address'),
  port: z.coerce.number().int().min(1).max(65535).default(5432),
  database: z.string().trim().min(1, 'is required').max(LIMITS.PG_IDENTIFIER),
  user: z.string().trim().min(1, 'is required').max(LIMITS.PG_IDENTIFIER),
  password: z.string().max(LIMITS.PASSWORD).default(''),
  ssl: z.boolean().default(false),
});
export type TPostgresConfig = z.infer<typeof ZPostgresConfig>;

/** An https:// (or, for local stand-ins with ALLOW_PRIVATE_HOSTS, http://) API address. */
const ZApiUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (u) => /^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/i.test(u),
    'must be an http(s) address without credentials',
  );

/** Cloudflare D1 (DESIGN §4): the account, an API token with D1 read access, an optional API base. */
export const ZCloudflareD1Config = z.object({
  account_id: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a Cloudflare account ID'),
  api_token: z.string().trim().min(1, 'is required').max(1000),
  base_url: ZApiUrl.optional(),
});
export type TCloudflareD1Config = z.infer<typeof ZCloudflareD1Config>;

/** Formbricks (DESIGN §4): the instance's address and a management API key (`x-api-key`). */
export const ZFormbricksConfig = z.object({
  api_host: ZApiUrl.default('https://app.formbricks.com'),
  api_key: z.string().trim().min(1, 'is required').max(1000),
});
export type TFormbricksConfig = z.infer<typeof ZFormbricksConfig>;

/** POST /api/v1/datasource: `{ type, name, config }`; config is checked by the type's own schema. */
export const ZCreateDatasourceBody = z.object({
  type: ZDatasourceType,
  name: ZSourceName,
  config: z.record(z.string(), z.unknown()),
});
export type TCreateDatasourceBody = z.infer<typeof ZCreateDatasourceBody>;

export const ZDatasourceIdResponse = z.object({ datasource_id: z.string() });

/** Bodies naming one source: activate, deactivate, revoke (DESIGN §11). */
export const ZDatasourceRef = z.object({ datasource_id: ZSourceId, type: ZDatasourceType });
export type TDatasourceRef = z.infer<typeof ZDatasourceRef>;
export const ZDefaultDatasourceBody = z.object({ datasource_id: ZSourceId });

/**
 * GET /api/v1/datasourceredirect?type=GOOGLE_ANALYTICS[&local=true][&datasource_id=]: to the
 * provider's consent screen; `datasource_id` reconnects a revoked source instead of adding one.
 */
export const ZDatasourceRedirectQuery = z.object({
  type: ZDatasourceType,
  local: z.enum(['true', 'false']).optional(),
  // Only a stored OAuth source is reconnected: never 'demo'.
  datasource_id: z.string().regex(UUID, 'must be the id of a data source to reconnect').optional(),
});
export type TDatasourceRedirectQuery = z.infer<typeof ZDatasourceRedirectQuery>;

/** GET /api/v1/datasource/accounts?type=&datasource_id= */
export const ZAccountsQuery = z.object({ type: ZDatasourceType, datasource_id: ZSourceId });
export const ZAccounts = z.array(z.object({ id: z.string(), name: z.string() }));
export type TAccounts = z.infer<typeof ZAccounts>;

/** POST /api/v1/datasource/account: adds the account and selects it. */
export const ZAddAccountBody = z.object({
  type: ZDatasourceType,
  datasource_id: ZSourceId,
  account: z.object({
    id: z.string().trim().min(1, 'is required').max(200),
    name: z.string().max(200).default(''),
    type: z.string().max(50).optional(),
    datasource_id: ZSourceId.optional(),
  }),
});
export type TAddAccountBody = z.infer<typeof ZAddAccountBody>;

/** POST /api/v1/datasource/account/remove */
export const ZRemoveAccountBody = z.object({
  type: ZDatasourceType,
  datasource_id: ZSourceId,
  account_id: z.string().trim().min(1, 'is required').max(200),
});

/** DELETE /api/v1/datasource?id= */
export const ZDeleteDatasourceQuery = z.object({ id: ZSourceId });

/**
 * One entry of `tenant.credentials` (DESIGN §11), keyed by datasource id. It never carries a
 * secret: no config at all, only what the data-sources screen shows.
 */
export const ZCredential = z.object({
  type: ZDatasourceType,
  name: z.string(),
  logo: z.string(),
  auth_type: z.enum(AUTH_TYPES),
  active: z.boolean(),
  revoked: z.boolean(),
  selected_account: z.string().nullable(),
  accounts: z.record(
    z.string(),
    z.object({ id: z.string(), account_id: z.string(), name: z.string(), active: z.boolean() }),
  ),
  user: z.string(),
  /** The user's default source for conversations. */
  default: z.boolean(),
  created: z.string(),
});
export type TCredential = z.infer<typeof ZCredential>;
export const ZCredentials = z.record(z.string(), ZCredential);
export type TCredentials = z.infer<typeof ZCredentials>;

/**
 * Why a connection test failed (spec 2 §8), one sentence per reason. The connector fills it only
 * with what the user typed (host, port, database, user) or the source type's name — never the
 * password, an address the host resolved to, or the server's own text. The server answers
 * `{ message: DATASOURCE_MESSAGES.invalidConfig, reason }` (ZConnectionRefusal); the web translates the reason.
 */
export const CONNECTION_FAILURES = {
  database_missing: 'The database “{{database}}” does not exist.',
  auth_failed: 'Authentication failed: the server refused the user name or password of “{{user}}”.',
  not_allowed: 'Access denied: the server does not let “{{user}}” connect to “{{database}}” from here.',
  host_not_found: 'Host unreachable: no host named “{{host}}” could be found.',
  connection_refused: 'Host unreachable: {{host}} refused the connection on port {{port}}.',
  timeout: 'Host unreachable: {{host}} did not answer on port {{port}} in time.',
  unreachable: 'Host unreachable: the connection to {{host}} on port {{port}} failed.',
  tls_required: 'TLS required: the server only accepts encrypted connections. Turn on “Use SSL”.',
  tls_unsupported: 'TLS not supported: the server does not accept encrypted connections. Turn off “Use SSL”.',
  tls_certificate: 'TLS failed: the certificate of {{host}} could not be verified.',
  key_refused:
    'Authentication failed: {{source}} refused the API key or token. Check that it is valid and may read this data.',
  address_unknown: '{{source}} does not know this account ID or API address.',
} as const;
export type TConnectionFailure = keyof typeof CONNECTION_FAILURES;
/** What a connection failure's sentence is filled with: text the user typed, or the source's name. */
export type TConnectionFailureParams = Partial<
  Record<'host' | 'port' | 'database' | 'user' | 'source', string | number>
>;

/** A connection failure's sentence with its blanks filled. */
export function connectionFailureText(reason: TConnectionFailure, params: TConnectionFailureParams): string {
  return CONNECTION_FAILURES[reason].replace(/\{\{(\w+)\}\}/g, (_, key: string) =>
    String(params[key as keyof TConnectionFailureParams] ?? ''),
  );
}

/**
 * The 400 of a refused connection: the contract's fixed message, and beside it the reason with the
 * blanks it was filled with (what the user typed) and its English sentence, for a client to translate.
 */
export const ZConnectionRefusal = z.object({
  message: z.string(),
  reason: z.object({
    reason: z.enum(Object.keys(CONNECTION_FAILURES) as [TConnectionFailure, ...TConnectionFailure[]]),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    text: z.string(),
  }),
});
export type TConnectionRefusal = z.infer<typeof ZConnectionRefusal>;

/** POST /api/v1/datasource/rename: a new name for one of the user's sources. */
export const ZRenameDatasourceBody = z.object({ datasource_id: ZSourceId, name: ZSourceName });
export type TRenameDatasourceBody = z.infer<typeof ZRenameDatasourceBody>;

/** GET /api/v1/datasource/usage?datasource_id=: which of the user's collection cards read the source. */
export const ZDatasourceUsageQuery = z.object({ datasource_id: ZSourceId });
export const ZDatasourceUsage = z.object({
  /** Cards naming the source, and cards on the default that were answered from it. */
  cards: z.number().int(),
  collections: z.array(z.object({ id: z.string(), name: z.string(), cards: z.number().int() })),
});
export type TDatasourceUsage = z.infer<typeof ZDatasourceUsage>;

/**
 * What an upload was understood as: rows, columns with their kinds, the dates the data spans (the
 * model's first time dimension) and the measures the model found.
 */
export const ZUploadSummary = z.object({
  table: z.string(),
  rows: z.number().int(),
  columns: z.array(z.object({ name: z.string(), type: z.string(), kind: z.string() })),
  dates: z.object({ column: z.string(), from: z.string(), to: z.string() }).nullable(),
  measures: z.array(z.object({ name: z.string(), label: z.string() })),
});
export type TUploadSummary = z.infer<typeof ZUploadSummary>;

/** POST /api/v1/datasource/upload: the new source's id and what was understood of the file. */
export const ZUploadResponse = ZDatasourceIdResponse.extend({ summary: ZUploadSummary.nullable() });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;
