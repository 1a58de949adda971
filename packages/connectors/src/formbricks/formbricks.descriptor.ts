import { ZFormbricksConfig } from '@parley/contract';
import { z } from 'zod';
import { configForm } from '../config-form';
import type { TConnectorDescriptor, TPublicConfig } from '../connector';
import {
  FORMBRICKS_CAPABILITIES,
  FormbricksConnector,
  type TFormbricksSourceConfig,
} from './formbricks.connector';

/** Fields encrypted at rest and never returned. */
const FORMBRICKS_SECRET_FIELDS = ['api_key'] as const;

/** Formbricks: the instance address and a management API key; accounts are surveys. */
export const FORMBRICKS_DESCRIPTOR: TConnectorDescriptor<TFormbricksSourceConfig> = {
  type: 'FORMBRICKS',
  name: 'Formbricks',
  logo: '/logos/formbricks.svg',
  auth_type: 'apikey',
  supports_accounts: true,
  accounts: 'surveys',
  listed: true,
  connect: 'form',
  form: configForm(ZFormbricksConfig, {
    api_host: {
      kind: 'text',
      rules: 'required|maxLength:500',
      initial: 'https://app.formbricks.com',
      hintKey: 'form.api_host_hint',
    },
    api_key: {
      kind: 'password',
      rules: 'required|maxLength:1000',
      autoComplete: 'off',
      hintKey: 'form.api_key_hint',
    },
  }),
  // The stored config carries its type; a request's config without one is accepted.
  ZConfig: ZFormbricksConfig.extend({ type: z.literal('FORMBRICKS').default('FORMBRICKS') }),
  secretFields: FORMBRICKS_SECRET_FIELDS,
  capabilities: FORMBRICKS_CAPABILITIES,
  create: (config, context) => new FormbricksConnector(config, context),
};

/** What may leave the server about a Formbricks source: its config without the key. */
export type TFormbricksPublicConfig = TPublicConfig<
  TFormbricksSourceConfig,
  (typeof FORMBRICKS_SECRET_FIELDS)[number]
>;
