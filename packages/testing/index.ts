/**
 * Test support for every workspace (never imported by production code). The light helpers are here;
 * stand-ins, fixtures, the conformance suite and the accuracy sets are imported by path, e.g.
 * `@parley/testing/standins/d1-standin`, so a test loads only what it uses.
 */
export * from './datasets';
export * from './test-database';
