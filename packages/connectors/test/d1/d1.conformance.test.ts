import { DUCKDB_CONFORMANCE_DIALECT, runConformanceSuite } from '@parley/testing/conformance/conformance';
import { type D1StandIn, startD1StandIn } from '@parley/testing/standins/d1-standin';
import { afterAll } from 'vitest';
import { D1Connector } from '../../src/d1/d1.connector';

let standIn: Promise<D1StandIn> | null = null;
afterAll(async () => (await standIn)?.close());

runConformanceSuite({
  name: 'Cloudflare D1 (stand-in)',
  create: async () => {
    standIn ??= startD1StandIn();
    const s = await standIn;
    return new D1Connector(
      { account_id: s.accountId, api_token: s.token, base_url: s.baseUrl },
      { account: s.uuid('demo'), allowPrivateHosts: true },
    );
  },
  dialect: {
    ...DUCKDB_CONFORMANCE_DIALECT,
    param: () => '?',
    // SQLite has no DATE or DECIMAL values: a date is its ISO text, a decimal a REAL.
    plainValues: "SELECT 12.5 AS d, 9007199254740 AS b, '2025-03-01' AS day, 'x' AS s, NULL AS n",
    // Far more work than the 200 ms timeout allows, even on a quick machine (D1 itself cannot cancel
    // a statement, so the stand-in's SQLite runs it to the end); a million rows proved too few.
    slow: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5000000) SELECT COUNT(*) FROM c',
    types: { date: 'DATE', decimal: 'DECIMAL(10,2)', text: 'TEXT' },
  },
  skip: {
    'the source itself refuses writes the guard lets through':
      'SQLite has no SELECT that writes (no user functions over D1’s REST API) and D1 has no read-only mode; the guard and one statement per call are the defence (d1.connector.test.ts)',
  },
});
