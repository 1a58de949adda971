import { runConformanceSuite } from '../conformance/conformance';
import { getTestDemoPath } from '../testing/demo-fixture';
import { DuckDbConnector } from './duckdb.connector';

runConformanceSuite({
  name: 'DuckDB',
  create: async () => new DuckDbConnector({ type: 'DUCKDB', path: await getTestDemoPath() }),
});
