import { runConformanceSuite } from '@parley/testing/conformance/conformance';
import { type Ga4StandIn, startGa4StandIn } from '@parley/testing/standins/ga4-standin';
import { Ga4Connector } from '../../src/ga4/ga4.connector';

let standIn: Ga4StandIn | null = null;
const NO_SQL = 'GA4 is an API source: it takes runReport requests, not SQL (see ga4.connector.test.ts)';

runConformanceSuite({
  name: 'Google Analytics 4 (stand-in)',
  create: async () => {
    standIn = await startGa4StandIn({ today: '2026-11-20', tokens: ['conformance-token'] });
    return new Ga4Connector(
      {
        type: 'GOOGLE_ANALYTICS',
        access_token: 'conformance-token',
        refresh_token: '',
        expires_at: '2030-01-01T00:00:00Z',
      },
      {
        account: '300000001',
        allowPrivateHosts: true,
        dataDir: '',
        apiUrls: { GA4_DATA_API_URL: standIn.url, GA4_ADMIN_API_URL: standIn.url },
      },
    );
  },
  dispose: async () => {
    await standIn?.close();
  },
  skip: {
    'introspect() reports tables, types, keys and low-cardinality values': `${NO_SQL}; its model comes from getMetadata`,
    'query() returns plain JSON values': NO_SQL,
    'query() binds parameters': NO_SQL,
    'query() caps rows': NO_SQL,
    'query() refuses anything but one SELECT/WITH': NO_SQL,
    'the source itself refuses writes the guard lets through':
      'the Data API is read-only (scope analytics.readonly)',
    'execute() runs SQL plans and refuses semantic ones': `${NO_SQL}; it refuses sql plans instead`,
    'query() times out': NO_SQL,
    'runs compiled questions in its dialect': `${NO_SQL}; compiled questions are tested against the stand-in`,
  },
});
