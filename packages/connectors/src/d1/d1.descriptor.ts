import { ZCloudflareD1Config } from '@parley/contract';
import { z } from 'zod';
import { configForm } from '../config-form';
import type { TConnectorDescriptor, TPublicConfig } from '../connector';
import { D1Connector, type TD1SourceConfig } from './d1.connector';

/** Fields encrypted at rest and never returned. */
const D1_SECRET_FIELDS = ['api_token'] as const;

/** Cloudflare D1: an account ID and an API token; accounts are the account's databases. */
export const CLOUDFLARE_D1_DESCRIPTOR: TConnectorDescriptor<TD1SourceConfig> = {
  type: 'CLOUDFLARE_D1',
  name: 'Cloudflare D1',
  logo: '/logos/cloudflare_d1.svg',
  auth_type: 'apikey',
  supports_accounts: true,
  accounts: 'databases',
  listed: true,
  connect: 'form',
  form: configForm(ZCloudflareD1Config, {
    account_id: { kind: 'text', rules: 'required|maxLength:100', hintKey: 'form.account_id_hint' },
    api_token: {
      kind: 'password',
      rules: 'required|maxLength:1000',
      autoComplete: 'off',
      hintKey: 'form.api_token_hint',
    },
    base_url: { kind: 'text', rules: 'maxLength:500', hintKey: 'form.base_url_hint' },
  }),
  // The stored config carries its type; a request's config without one is accepted.
  ZConfig: ZCloudflareD1Config.extend({ type: z.literal('CLOUDFLARE_D1').default('CLOUDFLARE_D1') }),
  secretFields: D1_SECRET_FIELDS,
  capabilities: { sql: true, accounts: true, timeout: true },
  create: (config, context) => new D1Connector(config, context),
};

/** What may leave the server about a D1 source: its config without the token. */
export type TD1PublicConfig = TPublicConfig<TD1SourceConfig, (typeof D1_SECRET_FIELDS)[number]>;
