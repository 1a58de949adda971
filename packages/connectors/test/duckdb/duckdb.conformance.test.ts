import { runConformanceSuite } from '@parley/testing/conformance/conformance';
import { getTestDemoPath } from '@parley/testing/fixtures/demo-fixture';
import { DuckDbConnector } from '../../src/duckdb/duckdb.connector';

runConformanceSuite({
  name: 'DuckDB',
  create: async () => new DuckDbConnector({ type: 'DUCKDB', path: await getTestDemoPath() }),
  skip: {
    'the source itself refuses writes the guard lets through':
      'no SELECT can write in DuckDB (no sequences or functions in the demo file); the file is opened READ_ONLY',
  },
});
