import { ZDatasourceTypes } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASOURCE_TYPES_RESPONSE } from '../../../../packages/contract/test/datasource-types.fixture';
import { buildTestApp, type Client, signIn, type TestApp } from '../helpers';
import { createUser } from '../peers/factories';

/** GET /api/v1/datasource/types: DESIGN §4's five fields, and with ?connect=true how each type is connected. */
describe('data-source types', () => {
  let t: TestApp;
  let user: Client;

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    const row = await createUser(t.app);
    user = await signIn(t.app, row.email, row.password);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const types = async (query = '') => {
    const res = await user.inject({ method: 'GET', url: `/api/v1/datasource/types${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return ZDatasourceTypes.parse(res.json());
  };

  it('answers the five fields without connect=true, as outside clients have always had them', async () => {
    for (const query of ['', '?connect=false'])
      expect(await types(query)).toEqual(
        DATASOURCE_TYPES_RESPONSE.map(({ type, name, logo, auth_type, supports_accounts }) => ({
          type,
          name,
          logo,
          auth_type,
          supports_accounts,
        })),
      );
  });

  it('adds each type’s connect method, form and copy flag with connect=true', async () => {
    expect(await types('?connect=true')).toEqual(DATASOURCE_TYPES_RESPONSE);
  });

  it('refuses another value of connect', async () => {
    const res = await user.inject({ method: 'GET', url: '/api/v1/datasource/types?connect=yes' });
    expect(res.statusCode).toBe(400);
  });
});
