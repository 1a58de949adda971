import { runConformanceSuite } from '../conformance/conformance';
import { getTestDemoPath } from '../testing/demo-fixture';
import { DuckDbConnector } from './duckdb.connector';

runConformanceSuite({
  name: 'DuckDB',
  create: async () => new DuckDbConnector({ type: 'DUCKDB', path: await getTestDemoPath() }),
  skip: {
    'the source itself refuses writes the guard lets through':
      'no SELECT can write in DuckDB (no sequences or functions in the demo file); the file is opened READ_ONLY',
  },
});
