/**
 * The Connector interface every data source implements (STYLE §7): test, introspect, execute,
 * listAccounts, close, plus declared capabilities and SQL dialect; abilities only some sources
 * have are grouped in TConnectorAbilities. Only connectors talk to sources.
 */
import type {
  TAccountKind,
  TConfigFormField,
  TConnectionFailure,
  TConnectionFailureParams,
  TConnectMethod,
  TSemanticQuery,
} from '@parley/contract';
import type { TCompiledQuery, TIntrospection, TSemanticModel, TSqlDialect, TWeekStart } from '@parley/engine';
import type { z } from 'zod';

export interface TConnectorCapabilities {
  /** Accepts SQL from the compiler (false for API sources such as GA4). */
  sql: boolean;
  /** The source has accounts to pick (schemas, databases, properties). */
  accounts: boolean;
  /** Queries can be cancelled after `timeoutMs`. */
  timeout: boolean;
  /** Questions read a local copy that the server's sync job refreshes (`sync`). */
  copy?: boolean;
  /** The source describes its own semantic model (`semanticModel`) instead of being introspected. */
  model?: boolean;
  /** Its data never changes once stored (an uploaded file): answers are kept until the source goes. */
  immutable?: boolean;
}

export interface TQueryOptions {
  /** Cancel the query after this long (DESIGN §8: 30 s for data sources). */
  timeoutMs: number;
  /** Return at most this many rows; `truncated` says when more existed. */
  maxRows: number;
}

export interface TQueryColumn {
  name: string;
  type: string;
}

/** Rows are plain JSON values: numbers for numeric types, ISO strings for dates and times. */
export type TQueryValue = string | number | boolean | null;

export interface TQueryResult {
  columns: TQueryColumn[];
  rows: Record<string, TQueryValue>[];
  truncated: boolean;
  /** Sources answered from a local copy (Formbricks): when that copy was read from the source (ISO). */
  asOf?: string;
}

export interface TConnectorAccount {
  id: string;
  name: string;
}

/**
 * What a connector runs: SQL compiled for its dialect, or an API source's own request compiled by
 * its `compileApi` (GA4: a runReport request as JSON). `semantic` plans are refused by every
 * source today (the conformance suite checks it).
 */
export type TQueryPlan =
  | { kind: 'sql'; sql: string; params: (string | number)[] }
  | { kind: 'semantic'; query: TSemanticQuery }
  | { kind: 'api'; request: string };

/** A question compiled for a SQL source (the engine's compileQuery), with the card's columns. */
export type TSqlCompiledQuery = TCompiledQuery & { kind: 'sql' };
/** A question compiled for an API source by its `compileApi`: the source's own request, with the card's columns. */
export type TApiCompiledQuery = Omit<TCompiledQuery, 'sql' | 'params'> & { kind: 'api'; request: string };
/** A question compiled for its source, saying which kind it is. */
export type TSourceCompiledQuery = TSqlCompiledQuery | TApiCompiledQuery;

/** A plan a compiled query runs as: SQL and its values, or an API source's request. */
export type TCompiledPlan = Extract<TQueryPlan, { kind: 'sql' | 'api' }>;

/** The plan that runs a compiled query: its SQL and values, or its API request. */
export function planOf(compiled: TSourceCompiledQuery): TCompiledPlan {
  return compiled.kind === 'sql'
    ? { kind: 'sql', sql: compiled.sql, params: compiled.params }
    : { kind: 'api', request: compiled.request };
}

/**
 * A compiled query as the card builder reads it: the card's `query.sql` shows the source's own
 * query text, its SQL or an API source's request.
 */
export function cardCompiled(compiled: TSourceCompiledQuery): TCompiledQuery {
  return compiled.kind === 'sql' ? compiled : { ...compiled, sql: compiled.request, params: [] };
}

/**
 * What every source does. `query` is `execute` of a `sql` plan for callers holding SQL (tools,
 * tests); API sources refuse it, as they refuse `sql` plans.
 */
export interface Connector extends Partial<TConnectorAbilities> {
  readonly type: string;
  /** The SQL dialect the compiler writes for, or null for API sources. */
  readonly dialect: TSqlDialect | null;
  readonly capabilities: TConnectorCapabilities;
  /** Throws ConnectorError when the source cannot be reached or read. */
  test(): Promise<void>;
  /** Tables, columns, keys and low-cardinality values of the selected account (schema). */
  introspect(): Promise<TIntrospection>;
  /** Runs one read-only SELECT/WITH statement with bound parameters (SQL sources). */
  query(sql: string, params: (string | number)[], options: TQueryOptions): Promise<TQueryResult>;
  /** Runs a plan: SQL sources take `sql` plans, API sources `api` plans; others are refused ('unsupported'). */
  execute(plan: TQueryPlan, options: TQueryOptions): Promise<TQueryResult>;
  /** The accounts the source offers (schemas, databases, properties, surveys); [] when none. */
  listAccounts(): Promise<TConnectorAccount[]>;
  close(): Promise<void>;
}

/**
 * Abilities only some sources have, each announced by a capability of the source's descriptor
 * (test/abilities.test.ts holds every registered connector to what its descriptor says).
 */
export interface TConnectorAbilities {
  /**
   * `capabilities.copy` (Formbricks): reads what changed at the source into the local copy
   * questions read. Run by the server's sync job, never on a question's path.
   */
  sync(): Promise<void>;
  /** `capabilities.model` (GA4, Formbricks): the semantic model read from the source itself, not introspected. */
  semanticModel(name: string): Promise<TSemanticModel>;
  /** API sources (`capabilities.sql` false, GA4): a SemanticQuery as the source's own request. */
  compileApi(
    query: TSemanticQuery,
    model: TSemanticModel,
    options: { today: string; weekStart: TWeekStart },
  ): TApiCompiledQuery;
}

export type TConnectorErrorCode =
  | 'invalid_sql'
  | 'timeout'
  | 'unreachable'
  | 'query_failed'
  /** Credentials or configuration the source refuses (wrong password, unknown database). */
  | 'invalid_config'
  /** A host the server may not connect to (private or loopback without ALLOW_PRIVATE_HOSTS). */
  | 'forbidden_host'
  /** A plan of a kind this connector does not run. */
  | 'unsupported'
  /** The source refused the request as asked (GA4: dimensions and metrics it cannot combine). */
  | 'refused'
  /** The OAuth grant was refused or expired (invalid_grant): the source needs connecting again. */
  | 'revoked'
  /** A source answered from a local copy has none yet: its first sync has not finished. */
  | 'pending';

/** A typed failure the server maps to an answer without leaking source details. */
export class ConnectorError extends Error {
  constructor(
    readonly code: TConnectorErrorCode,
    message: string,
    /**
     * Set when the message is a connection failure's sentence (connection-errors.ts): safe to show
     * the user, as it holds only what they typed.
     */
    readonly failure?: { reason: TConnectionFailure; params: TConnectionFailureParams },
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}

export const DEFAULT_QUERY_OPTIONS: TQueryOptions = { timeoutMs: 30_000, maxRows: 10_000 };

/** How a source signs in, as GET /api/v1/datasource/types says (DESIGN §4). */
export type TAuthType = 'oauth2' | 'basic' | 'apikey' | 'builtin';

/** What a connector is built with beside its stored config. */
export interface TConnectorContext {
  /** The selected account (PostgreSQL schema, D1 database, …), or null. */
  account: string | null;
  /** Whether loopback and private addresses may be reached (DESIGN §3 ALLOW_PRIVATE_HOSTS). */
  allowPrivateHosts: boolean;
  /** A folder this source may keep local files in (FILE sources' DuckDB file, API caches). */
  dataDir: string;
  /** OAuth sources: valid access tokens, refreshed by the server (which holds the refresh token). */
  oauth?: TOAuthAccess;
  /** API base URLs from the server's configuration (GA4_DATA_API_URL, GA4_ADMIN_API_URL). */
  apiUrls?: Record<string, string | undefined>;
}

/** How an OAuth source gets its Bearer token; the server refreshes it and stores it sealed. */
export interface TOAuthAccess {
  /** A token valid for at least another minute (refreshed ahead of expiry). */
  token(): Promise<string>;
  /** The API answered 401: refresh now; ConnectorError('revoked') when the grant is refused. */
  refresh(): Promise<string>;
}

/**
 * One entry of the registry (STYLE §7): everything the app knows about a source type. `ZConfig`
 * validates the stored config with its secrets; `secretFields` are encrypted at rest and never
 * leave the server (the public config is the config without them).
 */
export interface TConnectorDescriptor<C extends { type: string } = { type: string }> {
  type: C['type'];
  name: string;
  /** Path of the logo served with the web app. */
  logo: string;
  auth_type: TAuthType;
  supports_accounts: boolean;
  /** What its accounts are called, which the account list is named by; null when it has none. */
  accounts: TAccountKind | null;
  /** Users add it from the data-sources screen (false for the built-in demo source). */
  listed: boolean;
  /**
   * How users connect it: a typed config tested live before it is stored (`form`), an uploaded
   * file kept as DATA_DIR/sources/<id>.duckdb (`upload`), the provider's consent screen
   * (`oauth`, with `auth_type` 'oauth2'), or not at all (`none`: built in).
   */
  connect: TConnectMethod;
  /** The connection form (`connect: 'form'`), made by `configForm` from its config schema; else []. */
  form: readonly TConfigFormField[];
  /** OAuth sources: what the consent screen asks for. */
  oauth?: { scope: string };
  ZConfig: z.ZodType<C>;
  secretFields: readonly Exclude<keyof C, 'type'>[];
  capabilities: TConnectorCapabilities;
  create(config: C, context: TConnectorContext): Connector;
}

/** The config a client may see: the stored config without its secret fields (Lightdash's `Omit<…, Sensitive…>`). */
export type TPublicConfig<C, S extends keyof C> = Omit<C, S>;
