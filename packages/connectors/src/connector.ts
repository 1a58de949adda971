/**
 * The Connector interface every data source implements (STYLE §7): test, introspect, query,
 * listAccounts, plus declared capabilities and SQL dialect. Only connectors talk to sources.
 */
import type { TIntrospection, TSqlDialect } from '@parley/engine';

export interface TConnectorCapabilities {
  /** Accepts SQL from the compiler (false for API sources such as GA4). */
  sql: boolean;
  /** The source has accounts to pick (schemas, databases, properties). */
  accounts: boolean;
  /** Queries can be cancelled after `timeoutMs`. */
  timeout: boolean;
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
}

export interface TConnectorAccount {
  id: string;
  name: string;
}

export interface Connector {
  readonly type: string;
  readonly dialect: TSqlDialect | null;
  readonly capabilities: TConnectorCapabilities;
  /** Throws ConnectorError when the source cannot be reached or read. */
  test(): Promise<void>;
  introspect(): Promise<TIntrospection>;
  /** Runs one read-only SELECT/WITH statement with bound parameters. */
  query(sql: string, params: (string | number)[], options: TQueryOptions): Promise<TQueryResult>;
  listAccounts(): Promise<TConnectorAccount[]>;
  close(): Promise<void>;
}

export type TConnectorErrorCode = 'invalid_sql' | 'timeout' | 'unreachable' | 'query_failed';

/** A typed failure the server maps to an answer without leaking source details. */
export class ConnectorError extends Error {
  constructor(
    readonly code: TConnectorErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}

export const DEFAULT_QUERY_OPTIONS: TQueryOptions = { timeoutMs: 30_000, maxRows: 10_000 };
