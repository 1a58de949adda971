import { ZPostgresConfig } from '@parley/contract';
import { z } from 'zod';
import type { TConnectorDescriptor, TPublicConfig } from '../connector';
import { PostgresConnector, type TPostgresSourceConfig } from './postgres.connector';

/** Fields encrypted at rest and never returned. */
const POSTGRES_SECRET_FIELDS = ['password'] as const;

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
  secretFields: POSTGRES_SECRET_FIELDS,
  capabilities: { sql: true, accounts: true, timeout: true },
  create: (config, context) => new PostgresConnector(config, context),
};

/** What may leave the server about a PostgreSQL source: its config without the password. */
export type TPostgresPublicConfig = TPublicConfig<
  TPostgresSourceConfig,
  (typeof POSTGRES_SECRET_FIELDS)[number]
>;
