/**
 * GET /api/v1/datasource/types?connect=true as the registry answers it: the connectors' test
 * checks the registry against it, the web's tests draw their connect forms from it.
 */
import type { TDatasourceTypes } from '../src/datasources';

export const DATASOURCE_TYPES_RESPONSE: TDatasourceTypes = [
  {
    type: 'POSTGRESQL',
    name: 'PostgreSQL',
    logo: '/logos/postgresql.svg',
    auth_type: 'basic',
    supports_accounts: true,
    connect: 'form',
    form: [
      { key: 'host', kind: 'text', rules: 'required|maxLength:253', placeholderKey: 'form.host_placeholder' },
      {
        key: 'port',
        kind: 'number',
        rules: 'required|integer|minValue:1|maxValue:65535',
        initial: '5432',
        beside: true,
      },
      { key: 'database', kind: 'text', rules: 'required|maxLength:63' },
      { key: 'user', kind: 'text', rules: 'required|maxLength:63', autoComplete: 'off' },
      {
        key: 'password',
        kind: 'password',
        rules: 'maxLength:1024',
        autoComplete: 'new-password',
        beside: true,
      },
      { key: 'ssl', kind: 'switch', initial: false, hintKey: 'form.ssl_hint' },
    ],
    copied: false,
    accounts: 'schemas',
  },
  {
    type: 'FILE',
    name: 'File upload',
    logo: '/logos/file.svg',
    auth_type: 'builtin',
    supports_accounts: false,
    connect: 'upload',
    form: [],
    copied: false,
    accounts: null,
  },
  {
    type: 'CLOUDFLARE_D1',
    name: 'Cloudflare D1',
    logo: '/logos/cloudflare_d1.svg',
    auth_type: 'apikey',
    supports_accounts: true,
    connect: 'form',
    form: [
      { key: 'account_id', kind: 'text', rules: 'required|maxLength:100', hintKey: 'form.account_id_hint' },
      {
        key: 'api_token',
        kind: 'password',
        rules: 'required|maxLength:1000',
        autoComplete: 'off',
        hintKey: 'form.api_token_hint',
      },
      { key: 'base_url', kind: 'text', rules: 'maxLength:500', hintKey: 'form.base_url_hint' },
    ],
    copied: false,
    accounts: 'databases',
  },
  {
    type: 'FORMBRICKS',
    name: 'Formbricks',
    logo: '/logos/formbricks.svg',
    auth_type: 'apikey',
    supports_accounts: true,
    connect: 'form',
    form: [
      {
        key: 'api_host',
        kind: 'text',
        rules: 'required|maxLength:500',
        initial: 'https://app.formbricks.com',
        hintKey: 'form.api_host_hint',
      },
      {
        key: 'api_key',
        kind: 'password',
        rules: 'required|maxLength:1000',
        autoComplete: 'off',
        hintKey: 'form.api_key_hint',
      },
    ],
    copied: true,
    accounts: 'surveys',
  },
  {
    type: 'GOOGLE_ANALYTICS',
    name: 'Google Analytics',
    logo: '/logos/google_analytics.svg',
    auth_type: 'oauth2',
    supports_accounts: true,
    connect: 'oauth',
    form: [],
    copied: false,
    accounts: 'properties',
  },
];
