import { describe, expect, it } from 'vitest';
import type { TConnectorConfig } from '../src/registry';
import { createConnector, DESCRIPTORS, type TRegisteredType } from '../src/registry';

/** A config of each registered type; nothing is opened until a connector is used. */
const SAMPLES: Record<TRegisteredType, TConnectorConfig> = {
  POSTGRESQL: {
    type: 'POSTGRESQL',
    host: 'db.example.com',
    port: 5432,
    database: 'x',
    user: 'y',
    password: '',
    ssl: false,
  },
  FILE: { type: 'FILE', file: 'x.duckdb', table: 't' },
  CLOUDFLARE_D1: { type: 'CLOUDFLARE_D1', account_id: 'a', api_token: 't' },
  FORMBRICKS: { type: 'FORMBRICKS', api_host: 'https://app.formbricks.com', api_key: 'k' },
  GOOGLE_ANALYTICS: {
    type: 'GOOGLE_ANALYTICS',
    access_token: 'a',
    refresh_token: 'r',
    expires_at: '2030-01-01T00:00:00Z',
  },
  DEMO: { type: 'DEMO', path: '/nonexistent/demo.duckdb' },
};

describe('connector abilities', () => {
  it('are what each descriptor announces: sync for copies, semanticModel for models, compileApi without SQL', async () => {
    for (const d of DESCRIPTORS) {
      const connector = createConnector(SAMPLES[d.type], {
        account: null,
        allowPrivateHosts: false,
        dataDir: '/nonexistent',
      });
      try {
        const { sql, accounts, copy, model } = connector.capabilities;
        expect({ sql, accounts, copy, model }, d.type).toEqual({
          sql: d.capabilities.sql,
          accounts: d.capabilities.accounts,
          copy: d.capabilities.copy,
          model: d.capabilities.model,
        });
        expect(typeof connector.sync === 'function', `${d.type} sync`).toBe(d.capabilities.copy === true);
        expect(typeof connector.semanticModel === 'function', `${d.type} semanticModel`).toBe(
          d.capabilities.model === true,
        );
        expect(typeof connector.compileApi === 'function', `${d.type} compileApi`).toBe(!d.capabilities.sql);
        expect(connector.dialect === null, `${d.type} dialect`).toBe(!d.capabilities.sql);
        expect(d.supports_accounts, `${d.type} accounts`).toBe(d.capabilities.accounts);
      } finally {
        await connector.close();
      }
    }
  });
});
