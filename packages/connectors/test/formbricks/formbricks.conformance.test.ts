import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DUCKDB_CONFORMANCE_DIALECT, runConformanceSuite } from '@parley/testing/conformance/conformance';
import { type FormbricksStandIn, startFormbricksStandIn } from '@parley/testing/standins/formbricks-standin';
import { FormbricksConnector } from '../../src/formbricks/formbricks.connector';

let standIn: FormbricksStandIn | null = null;
let dir = '';
const NO_DEMO_TABLES =
  'a Formbricks copy holds survey responses, not the demo tables (formbricks.connector.test.ts checks its own)';

runConformanceSuite({
  name: 'Formbricks (stand-in, local DuckDB copy)',
  create: async () => {
    standIn = await startFormbricksStandIn();
    dir = mkdtempSync(join(tmpdir(), 'parley-formbricks-conf-'));
    const connector = new FormbricksConnector(
      { api_host: standIn.apiHost, api_key: standIn.apiKey },
      { account: standIn.surveys[0].id, allowPrivateHosts: true, dataDir: dir },
    );
    // Questions read the copy only; the server's sync job makes it (here, the suite's setup).
    await connector.sync();
    return connector;
  },
  dispose: async () => {
    await standIn?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  },
  dialect: {
    ...DUCKDB_CONFORMANCE_DIALECT,
    slow: 'SELECT COUNT(*) FROM range(100000) a, range(100000) b WHERE a.range + b.range = 7',
  },
  skip: {
    'introspect() reports tables, types, keys and low-cardinality values': NO_DEMO_TABLES,
    'query() binds parameters': NO_DEMO_TABLES,
    'query() caps rows': NO_DEMO_TABLES,
    'runs compiled questions in its dialect': `${NO_DEMO_TABLES}; its model comes from the survey's questions`,
    'the source itself refuses writes the guard lets through':
      'the copy is opened READ_ONLY by DuckDB and no SELECT can write in DuckDB (as for the DuckDB connector)',
  },
});
