import { z } from 'zod';
import type { TConnectorDescriptor } from '../connector';
import { SQL_CAPABILITIES } from '../sql/sql-connector';
import { DuckDbConnector } from './duckdb.connector';

/** The built-in demo source: the generated DuckDB file (DATA_DIR/demo.duckdb). */
export interface TDemoConfig {
  type: 'DEMO';
  path: string;
}

export const DEMO_DESCRIPTOR: TConnectorDescriptor<TDemoConfig> = {
  type: 'DEMO',
  name: 'Demo data',
  logo: '/logos/demo.svg',
  auth_type: 'builtin',
  supports_accounts: false,
  accounts: null,
  listed: false,
  connect: 'none',
  form: [],
  ZConfig: z.object({ type: z.literal('DEMO').default('DEMO'), path: z.string().min(1) }),
  secretFields: [],
  capabilities: SQL_CAPABILITIES,
  create: (config) => new DuckDbConnector({ path: config.path }, 'DEMO'),
};
