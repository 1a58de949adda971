/**
 * The connector registry: the one place that switches over data-source types (STYLE §7).
 * Adding a source = its folder + one entry in TConnectorConfig and one case here.
 */
import type { Connector } from './connector';
import { DuckDbConnector, type TDuckDbConfig } from './duckdb/duckdb.connector';

export type TConnectorConfig = TDuckDbConfig;
export type TConnectorType = TConnectorConfig['type'];

export const CONNECTOR_TYPES: TConnectorType[] = ['DUCKDB'];

/** Builds the connector for a stored data-source configuration. */
export function createConnector(config: TConnectorConfig): Connector {
  switch (config.type) {
    case 'DUCKDB':
      return new DuckDbConnector(config);
    default:
      return assertNever(config.type);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unknown connector type: ${String(value)}`);
}
