/** Public API of the connectors package: the interface, the registry and the demo dataset. */
export * from './connector';
export * from './duckdb/demo-dataset';
export * from './duckdb/duckdb.connector';
export * from './registry';
export * from './sql-guard';
