/** Public API of the connectors package: the interface, the registry, the connectors and the demo dataset. */
export * from './connector';
export * from './duckdb/demo.descriptor';
export * from './duckdb/demo-dataset';
export * from './duckdb/duckdb.connector';
export * from './file/file.connector';
export * from './file/file.descriptor';
export * from './file/file-loader';
export * from './net/host-guard';
export * from './postgres/postgres.connector';
export * from './postgres/postgres.descriptor';
export * from './registry';
export * from './sql/sql-connector';
export * from './sql-guard';
