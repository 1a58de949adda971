import { ZPostgresConfig } from '@parley/contract';
import { z } from 'zod';
import type { TConnectorDescriptor } from '../connector';
import { PostgresConnector, type TPostgresSourceConfig } from './postgres.connector';

/** PostgreSQL: connection fields, never a connection string; accounts are schemas. */
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
