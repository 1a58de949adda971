/**
 * The connector registry: every source type's descriptor, and the one place that maps source
 * types to connectors (STYLE §7). Adding a source = its folder (connector + descriptor) and one
 * line in REGISTRY; the config union, the types list and `createConnector` follow from it.
 */
import type { TDatasourceTypes } from '@parley/contract';
import {
  type Connector,
  ConnectorError,
  type TConnectorContext,
  type TConnectorDescriptor,
} from './connector';
import { CLOUDFLARE_D1_DESCRIPTOR } from './d1/d1.descriptor';
import { DEMO_DESCRIPTOR } from './duckdb/demo.descriptor';
import { DuckDbConnector, type TDuckDbConfig } from './duckdb/duckdb.connector';
import { FILE_DESCRIPTOR } from './file/file.descriptor';
import { FORMBRICKS_DESCRIPTOR } from './formbricks/formbricks.descriptor';
import { GOOGLE_ANALYTICS_DESCRIPTOR } from './ga4/ga4.descriptor';
import { POSTGRESQL_DESCRIPTOR } from './postgres/postgres.descriptor';

/** One line per source type, in the order GET /api/v1/datasource/types lists them. */
const REGISTRY = {
  POSTGRESQL: POSTGRESQL_DESCRIPTOR,
  FILE: FILE_DESCRIPTOR,
  CLOUDFLARE_D1: CLOUDFLARE_D1_DESCRIPTOR,
  FORMBRICKS: FORMBRICKS_DESCRIPTOR,
  GOOGLE_ANALYTICS: GOOGLE_ANALYTICS_DESCRIPTOR,
  DEMO: DEMO_DESCRIPTOR,
} as const;

type TConfigOf<D> = D extends TConnectorDescriptor<infer C> ? C : never;
/** The source types with a descriptor. */
export type TRegisteredType = keyof typeof REGISTRY;
/** Every stored source config, discriminated by `type` (DUCKDB is only the demo's legacy alias). */
export type TConnectorConfig =
  | { [T in TRegisteredType]: TConfigOf<(typeof REGISTRY)[T]> }[TRegisteredType]
  | TDuckDbConfig;
export type TConnectorType = TConnectorConfig['type'];
export type TAnyConnectorDescriptor = (typeof REGISTRY)[TRegisteredType];

export const DESCRIPTORS: readonly TAnyConnectorDescriptor[] = Object.values(REGISTRY);

export const CONNECTOR_TYPES: TRegisteredType[] = DESCRIPTORS.map((d) => d.type);

/** The descriptor of a source type, or null when no connector exists for it (yet). */
export function findDescriptor(type: string): TAnyConnectorDescriptor | null {
  return Object.hasOwn(REGISTRY, type) ? REGISTRY[type as TRegisteredType] : null;
}

/**
 * GET /api/v1/datasource/types: every listed type in REGISTRY's order; with `connect`, also what
 * the web needs to connect it (how, its form, whether questions read a synced copy).
 */
export function listedTypes(options: { connect: boolean }): TDatasourceTypes {
  return DESCRIPTORS.filter((d) => d.listed).map((d) => ({
    type: d.type,
    name: d.name,
    logo: d.logo,
    auth_type: d.auth_type,
    supports_accounts: d.supports_accounts,
    ...(options.connect
      ? { connect: d.connect, form: [...d.form], copied: d.capabilities.copy === true, accounts: d.accounts }
      : {}),
  }));
}

/** The type users add by uploading a file (POST /api/v1/datasource/upload makes sources of it). */
export const UPLOAD_DESCRIPTOR = onlyOne(DESCRIPTORS.filter((d) => d.connect === 'upload'));

/** Whether sources of `type` are uploaded files: one DuckDB file DATA_DIR/sources/<id>.duckdb each. */
export function isUploadType(type: string): boolean {
  return findDescriptor(type)?.connect === 'upload';
}

function onlyOne<T>(found: T[]): T {
  if (found.length !== 1) throw new Error(`Expected one upload type in the registry, found ${found.length}`);
  return found[0];
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
  // The demo's earlier type name, kept for callers that still build it directly.
  if (config.type === 'DUCKDB') return new DuckDbConnector(config);
  // TypeScript cannot correlate the union member with its descriptor; REGISTRY's keys do.
  const descriptor = REGISTRY[config.type] as TConnectorDescriptor<typeof config>;
  return descriptor.create(config, context);
}
