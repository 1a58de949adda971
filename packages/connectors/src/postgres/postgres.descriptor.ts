import { LIMITS, ZPostgresConfig } from '@parley/contract';
import { z } from 'zod';
import { configForm } from '../config-form';
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
  accounts: 'schemas',
  listed: true,
  connect: 'form',
  form: configForm(ZPostgresConfig, {
    host: {
      kind: 'text',
      rules: `required|maxLength:${LIMITS.HOST_NAME}`,
      placeholderKey: 'form.host_placeholder',
    },
    port: {
      kind: 'number',
      rules: 'required|integer|minValue:1|maxValue:65535',
      initial: '5432',
      beside: true,
    },
    database: { kind: 'text', rules: `required|maxLength:${LIMITS.PG_IDENTIFIER}` },
    user: { kind: 'text', rules: `required|maxLength:${LIMITS.PG_IDENTIFIER}`, autoComplete: 'off' },
    password: {
      kind: 'password',
      rules: `maxLength:${LIMITS.PASSWORD}`,
      autoComplete: 'new-password',
      beside: true,
    },
    ssl: { kind: 'switch', initial: false, hintKey: 'form.ssl_hint' },
  }),
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
