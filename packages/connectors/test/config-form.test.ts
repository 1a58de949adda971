import { ZDatasourceTypes } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DATASOURCE_TYPES_RESPONSE } from '../../contract/test/datasource-types.fixture';
import { configForm } from '../src/config-form';
import { DESCRIPTORS, isUploadType, listedTypes, UPLOAD_DESCRIPTOR } from '../src/registry';

/** The config keys a user types: the schema's, without the stored `type`. */
function schemaKeys(schema: unknown): string[] {
  return Object.keys((schema as z.ZodObject).shape)
    .filter((k) => k !== 'type')
    .sort();
}

describe('connection forms from descriptors', () => {
  it('gives every config key of a form-connected source a field, and no other', () => {
    const forms = DESCRIPTORS.filter((d) => d.connect === 'form');
    expect(forms.map((d) => d.type)).toEqual(['POSTGRESQL', 'CLOUDFLARE_D1', 'FORMBRICKS']);
    for (const d of forms) {
      expect(d.form.map((f) => f.key).sort()).toEqual(schemaKeys(d.ZConfig));
      // Secrets are typed into password fields, and only secrets.
      const passwords = d.form.filter((f) => f.kind === 'password').map((f) => f.key);
      expect(passwords).toEqual([...d.secretFields]);
      // What the form starts with is a config the schema accepts field by field.
      const shape = (d.ZConfig as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
      for (const f of d.form)
        if (f.initial !== undefined)
          expect(shape[f.key]!.safeParse(f.initial).success, `${d.type}.${f.key}`).toBe(true);
    }
    for (const d of DESCRIPTORS.filter((x) => x.connect !== 'form')) expect(d.form).toEqual([]);
  });

  it('refuses a form whose keys differ from its schema', async () => {
    const { ZFormbricksConfig } = await import('@parley/contract');
    // Typed loosely on purpose: the compiler would refuse both.
    const loose = configForm as (s: unknown, f: Record<string, { kind: 'text' }>) => unknown;
    expect(() => loose(ZFormbricksConfig, { api_host: { kind: 'text' } })).toThrow(/api_key/);
    expect(() =>
      loose(ZFormbricksConfig, {
        api_host: { kind: 'text' },
        api_key: { kind: 'text' },
        x: { kind: 'text' },
      }),
    ).toThrow(/schema has api_host, api_key/);
  });

  it('says how each type connects: one upload type, OAuth through a consent scope, the demo built in', () => {
    expect(Object.fromEntries(DESCRIPTORS.map((d) => [d.type, d.connect]))).toEqual({
      POSTGRESQL: 'form',
      FILE: 'upload',
      CLOUDFLARE_D1: 'form',
      FORMBRICKS: 'form',
      GOOGLE_ANALYTICS: 'oauth',
      DEMO: 'none',
    });
    expect(UPLOAD_DESCRIPTOR.type).toBe('FILE');
    expect(isUploadType('FILE')).toBe(true);
    expect(isUploadType('POSTGRESQL')).toBe(false);
    expect(isUploadType('MYSQL')).toBe(false);
    for (const d of DESCRIPTORS) {
      expect(d.connect === 'oauth', d.type).toBe(d.auth_type === 'oauth2');
      expect(d.oauth?.scope !== undefined, d.type).toBe(d.connect === 'oauth');
      expect(d.connect === 'none', d.type).toBe(!d.listed);
    }
  });

  it('serves GET /api/v1/datasource/types with forms, connect methods and copies', () => {
    const types = listedTypes({ connect: true });
    expect(ZDatasourceTypes.parse(types)).toEqual(types);
    // Without ?connect=true: DESIGN §4's five fields, as outside clients have always had them.
    expect(Object.keys(listedTypes({ connect: false })[0]!)).toEqual([
      'type',
      'name',
      'logo',
      'auth_type',
      'supports_accounts',
    ]);
    expect(types.map((t) => [t.type, t.connect, t.copied, t.form?.map((f) => f.key)])).toEqual([
      ['POSTGRESQL', 'form', false, ['host', 'port', 'database', 'user', 'password', 'ssl']],
      ['FILE', 'upload', false, []],
      ['CLOUDFLARE_D1', 'form', false, ['account_id', 'api_token', 'base_url']],
      ['FORMBRICKS', 'form', true, ['api_host', 'api_key']],
      ['GOOGLE_ANALYTICS', 'oauth', false, []],
    ]);
    // What the web's connect-form tests draw from, field by field.
    expect(types).toEqual(DATASOURCE_TYPES_RESPONSE);
  });
});
