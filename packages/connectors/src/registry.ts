/**
 * The connector registry: every source type's descriptor, and the one place that switches over
 * source types (STYLE §7). Adding a source = its folder + one descriptor + one case below.
 */
import { ZPostgresConfig } from '@parley/contract';
import { z } from 'zod';
import {
  type Connector,
  ConnectorError,
  type TConnectorContext,
  type TConnectorDescriptor,
} from './connector';
import { DuckDbConnector, type TDuckDbConfig } from './duckdb/duckdb.connector';
import { FileConnector, type TFileSourceConfig, ZFileConfig } from './file/file.connector';
import { PostgresConnector, type TPostgresSourceConfig } from './postgres/postgres.connector';

/** The built-in demo source: the generated DuckDB file (DATA_DIR/demo.duckdb). */
export interface TDemoConfig {
  type: 'DEMO';
  path: string;
}

const SQL_CAPABILITIES = { sql: true, accounts: false, timeout: true };

export const DEMO_DESCRIPTOR: TConnectorDescriptor<TDemoConfig> = {
  type: 'DEMO',
  name: 'Demo data',
  logo: '/logos/demo.svg',
  auth_type: 'builtin',
  supports_accounts: false,
  listed: false,
  ZConfig: z.object({ type: z.literal('DEMO').default('DEMO'), path: z.string().min(1) }),
  secretFields: [],
  capabilities: SQL_CAPABILITIES,
  create: (config) => new DuckDbConnector({ path: config.path }, 'DEMO'),
};

export const POSTGRESQL_DESCRIPTOR: TConnectorDescriptor<TPostgresSourceConfig> = {
  type: 'POSTGRESQL',
  name: 'PostgreSQL',
  logo: '/logos/postgresql.svg',
  auth_type: 'basic',
  supports_accounts: true,
  listed: true,
  // The stored config carries its type; a request's config without one is accepted.
  ZConfig: ZPostgresConfig.extend({ type: z.literal('POSTGRESQL').default('POSTGRESQL') }),
  secretFields: ['password'],
  capabilities: { sql: true, accounts: true, timeout: true },
  create: (config, context) => new PostgresConnector(config, context),
};

export const FILE_DESCRIPTOR: TConnectorDescriptor<TFileSourceConfig> = {
  type: 'FILE',
  name: 'File upload',
  logo: '/logos/file.svg',
  auth_type: 'builtin',
  supports_accounts: false,
  listed: true,
  ZConfig: ZFileConfig,
  secretFields: [],
  capabilities: SQL_CAPABILITIES,
  create: (config, context) => new FileConnector(config, context),
};

/** Every stored source config, discriminated by `type`. */
export type TConnectorConfig = TDemoConfig | TPostgresSourceConfig | TFileSourceConfig | TDuckDbConfig;
export type TConnectorType = TConnectorConfig['type'];

/** The source types with a descriptor (DUCKDB is only the demo's legacy alias). */
export type TRegisteredType = Exclude<TConnectorType, 'DUCKDB'>;
type TDescriptorOf<T extends TRegisteredType> = TConnectorDescriptor<Extract<TConnectorConfig, { type: T }>>;
export type TAnyConnectorDescriptor = { [T in TRegisteredType]: TDescriptorOf<T> }[TRegisteredType];

const BY_TYPE: { [T in TRegisteredType]: TDescriptorOf<T> } = {
  DEMO: DEMO_DESCRIPTOR,
  POSTGRESQL: POSTGRESQL_DESCRIPTOR,
  FILE: FILE_DESCRIPTOR,
};

/** Every registered source type, in the order GET /api/v1/datasource/types lists them. */
export const DESCRIPTORS: readonly TAnyConnectorDescriptor[] = [
  POSTGRESQL_DESCRIPTOR,
  FILE_DESCRIPTOR,
  DEMO_DESCRIPTOR,
];

export const CONNECTOR_TYPES: TRegisteredType[] = DESCRIPTORS.map((d) => d.type);

/** The descriptor of a source type, or null when no connector exists for it (yet). */
export function findDescriptor(type: string): TAnyConnectorDescriptor | null {
  return Object.hasOwn(BY_TYPE, type) ? BY_TYPE[type as TRegisteredType] : null;
}

/** The descriptor of a registered type; ConnectorError('unsupported') for any other. */
export function getDescriptor(type: string): TAnyConnectorDescriptor {
  const descriptor = findDescriptor(type);
  if (!descriptor) throw new ConnectorError('unsupported', `No connector for data sources of type ${type}`);
  return descriptor;
}

/**
 * Validates a request's or a stored config for `type` with the descriptor's schema (its `type`
 * is added), throwing ConnectorError('invalid_config') naming the first bad field.
 */
export function parseConnectorConfig(type: string, raw: unknown): Exclude<TConnectorConfig, TDuckDbConfig> {
  const descriptor = getDescriptor(type);
  const input = raw && typeof raw === 'object' ? { ...raw, type } : raw;
  const parsed = descriptor.ZConfig.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConnectorError('invalid_config', `${issue.path.join('.') || 'config'} ${issue.message}`);
  }
  return parsed.data;
}

/** No account, private hosts refused, no data folder: what createConnector uses unless told. */
const DEFAULT_CONTEXT: TConnectorContext = { account: null, allowPrivateHosts: false, dataDir: '' };

/** Builds the connector for a stored data-source configuration. */
export function createConnector(
  config: TConnectorConfig,
  context: TConnectorContext = DEFAULT_CONTEXT,
): Connector {
  switch (config.type) {
    case 'DEMO':
      return DEMO_DESCRIPTOR.create(config, context);
    case 'POSTGRESQL':
      return POSTGRESQL_DESCRIPTOR.create(config, context);
    case 'FILE':
      return FILE_DESCRIPTOR.create(config, context);
    case 'DUCKDB':
      // The demo's earlier type name, kept for callers that still build it directly.
      return new DuckDbConnector(config);
    default:
      return assertNever(config);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unknown connector type: ${JSON.stringify(value)}`);
}
