import type { TConnectorDescriptor } from '../connector';
import { SQL_CAPABILITIES } from '../sql/sql-connector';
import { FileConnector, type TFileSourceConfig, ZFileConfig } from './file.connector';

/** An uploaded CSV or Parquet file, loaded into its own DuckDB file. */
export const FILE_DESCRIPTOR: TConnectorDescriptor<TFileSourceConfig> = {
  type: 'FILE',
  name: 'File upload',
  logo: '/logos/file.svg',
  auth_type: 'builtin',
  supports_accounts: false,
  accounts: null,
  listed: true,
  connect: 'upload',
  form: [],
  ZConfig: ZFileConfig,
  secretFields: [],
  capabilities: { ...SQL_CAPABILITIES, immutable: true },
  create: (config, context) => new FileConnector(config, context),
};
