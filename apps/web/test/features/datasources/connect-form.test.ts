import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { DATASOURCE_TYPES_RESPONSE } from '../../../../../packages/contract/test/datasource-types.fixture';
import {
  addableTypes,
  type ConnectMethod,
  connectMethod,
} from '../../../src/features/datasources/datasources';
import { flatBundle } from '../../i18n/bundle-check';

/**
 * The connect forms the web drew from its own switch over source types before the server described
 * them, field by field, plus the two layout facts the form component used to work out
 * from field names: port and password share a row with the field before them, and the SSL switch
 * has its hint.
 */
const BEFORE: Record<string, ConnectMethod> = {
  POSTGRESQL: {
    kind: 'form',
    fields: [
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
  },
  FILE: { kind: 'upload' },
  CLOUDFLARE_D1: {
    kind: 'form',
    fields: [
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
  },
  FORMBRICKS: {
    kind: 'form',
    fields: [
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
  },
  GOOGLE_ANALYTICS: { kind: 'oauth' },
};

describe('connect forms from GET /api/v1/datasource/types?connect=true', () => {
  it('draws each type the way the old per-type switch did, in the order the server lists them', () => {
    const types = addableTypes(DATASOURCE_TYPES_RESPONSE);
    expect(types.map((t) => t.type)).toEqual([
      'POSTGRESQL',
      'FILE',
      'CLOUDFLARE_D1',
      'FORMBRICKS',
      'GOOGLE_ANALYTICS',
    ]);
    for (const type of types) expect(connectMethod(type), type.type).toEqual(BEFORE[type.type]);
  });

  it('offers nothing to connect for a type the server did not describe', () => {
    const bare = {
      type: 'POSTGRESQL',
      name: 'PostgreSQL',
      logo: '',
      auth_type: 'basic',
      supports_accounts: true,
    } as const;
    expect(connectMethod(bare)).toEqual({ kind: 'none' });
  });

  it('finds every label, hint and placeholder a descriptor names in the catalogues', async () => {
    await i18next.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
    await import('../../../src/features/datasources/i18n');
    for (const lng of ['en-US', 'tr']) {
      const bundle = flatBundle(lng, 'datasources');
      for (const type of DATASOURCE_TYPES_RESPONSE)
        for (const f of type.form ?? [])
          for (const key of [`form.${f.key}`, f.hintKey, f.placeholderKey])
            if (key) expect(bundle[key], `${lng} ${type.type} ${key}`).toMatch(/\S/);
    }
  });
});
