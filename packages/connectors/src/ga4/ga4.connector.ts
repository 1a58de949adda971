/**
 * Google Analytics 4 connector: an API source (no SQL). Accounts are the properties of the Admin
 * API's accountSummaries (paged by pageToken); the model comes from the Data API's getMetadata;
 * questions run as one runReport each, compiled by ga4-compile.ts, rows mapped straight into the
 * card's columns (GA4 aggregates itself, so nothing is copied into DuckDB).
 */
import type { TSemanticQuery } from '@parley/contract';
import type { TIntrospection, TSemanticModel, TWeekStart } from '@parley/engine';
import {
  type Connector,
  ConnectorError,
  DEFAULT_QUERY_OPTIONS,
  type TApiCompiledQuery,
  type TConnectorAccount,
  type TConnectorCapabilities,
  type TConnectorContext,
  type TOAuthAccess,
  type TQueryOptions,
  type TQueryPlan,
  type TQueryResult,
} from '../connector';
import { GA4_ADMIN_API_URL, GA4_DATA_API_URL, ga4Fetch } from './ga4-api';
import { compileGa4Query, type Ga4Plan, type Ga4RunReportResponse, ga4Rows } from './ga4-compile';
import {
  buildGa4Model,
  GA4_TABLE,
  GA4_TIME_DIMENSIONS,
  type Ga4Metadata,
  isAdditiveMetric,
} from './ga4-model';

/** The stored config of a GOOGLE_ANALYTICS source: the OAuth tokens (sealed) and their expiry. */
export interface TGa4SourceConfig {
  type: 'GOOGLE_ANALYTICS';
  access_token: string;
  refresh_token: string;
  /** ISO time the access token expires. */
  expires_at: string;
}

interface AccountSummaries {
  accountSummaries?: {
    account?: string;
    displayName?: string;
    propertySummaries?: { property?: string; displayName?: string }[];
  }[];
  nextPageToken?: string;
}

/** No SQL; properties as accounts; its model read from the property's metadata. */
export const GA4_CAPABILITIES: TConnectorCapabilities = {
  sql: false,
  accounts: true,
  timeout: true,
  model: true,
};

/** Dimensions whose values feed the value index ("in Germany", "on mobile"), read once per model. */
const VALUE_DIMENSIONS = ['country', 'deviceCategory', 'sessionDefaultChannelGroup', 'itemName'];
const VALUE_LIMIT = 250;

export class Ga4Connector implements Connector {
  readonly type = 'GOOGLE_ANALYTICS';
  readonly dialect = null;
  readonly capabilities: TConnectorCapabilities = GA4_CAPABILITIES;
  private readonly oauth: TOAuthAccess;
  private readonly dataUrl: string;
  private readonly adminUrl: string;
  private metadata: Promise<Ga4Metadata> | null = null;

  constructor(
    config: TGa4SourceConfig,
    private readonly context: TConnectorContext,
    /** First wait between 429 retries (tests shorten it). */
    private readonly backoffMs?: number,
  ) {
    // Without a server-side refresher (connector tests) the stored token is used as it is.
    this.oauth = context.oauth ?? {
      token: async () => config.access_token,
      refresh: async () => {
        throw new ConnectorError('revoked', 'The access token was refused and cannot be refreshed here.');
      },
    };
    this.dataUrl = (context.apiUrls?.GA4_DATA_API_URL ?? GA4_DATA_API_URL).replace(/\/$/, '');
    this.adminUrl = (context.apiUrls?.GA4_ADMIN_API_URL ?? GA4_ADMIN_API_URL).replace(/\/$/, '');
  }

  private call<T>(
    url: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
    timeoutMs: number,
  ): Promise<T> {
    return ga4Fetch<T>(url, init, { oauth: this.oauth, timeoutMs, backoffMs: this.backoffMs });
  }

  /** The selected property's numeric id; ConnectorError when none is chosen. */
  private property(): string {
    const id = this.context.account;
    if (!id || !/^\d+$/.test(id))
      throw new ConnectorError(
        'invalid_config',
        'Choose a Google Analytics property for this data source first.',
      );
    return id;
  }

  async test(): Promise<void> {
    await this.call<AccountSummaries>(
      `${this.adminUrl}/v1beta/accountSummaries?pageSize=1`,
      { method: 'GET' },
      DEFAULT_QUERY_OPTIONS.timeoutMs,
    );
  }

  /** Every property the grant can read, following nextPageToken; named "Property (Account)". */
  async listAccounts(): Promise<TConnectorAccount[]> {
    const out: TConnectorAccount[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < 100; page++) {
      const query = new URLSearchParams({ pageSize: '200' });
      if (pageToken) query.set('pageToken', pageToken);
      const answer = await this.call<AccountSummaries>(
        `${this.adminUrl}/v1beta/accountSummaries?${query}`,
        { method: 'GET' },
        DEFAULT_QUERY_OPTIONS.timeoutMs,
      );
      for (const account of answer.accountSummaries ?? [])
        for (const p of account.propertySummaries ?? []) {
          const id = p.property?.replace(/^properties\//, '');
          if (id)
            out.push({
              id,
              name: `${p.displayName ?? id} (${account.displayName ?? account.account ?? ''})`,
            });
        }
      pageToken = answer.nextPageToken;
      if (!pageToken) break;
    }
    return out;
  }

  private readMetadata(): Promise<Ga4Metadata> {
    if (!this.metadata) {
      this.metadata = this.call<Ga4Metadata>(
        `${this.dataUrl}/v1beta/properties/${this.property()}/metadata`,
        { method: 'GET' },
        DEFAULT_QUERY_OPTIONS.timeoutMs,
      );
      this.metadata.catch(() => {
        this.metadata = null;
      });
    }
    return this.metadata;
  }

  /** The property as one table `ga4`: metrics and dimensions as columns (for tools that read tables). */
  async introspect(): Promise<TIntrospection> {
    const metadata = await this.readMetadata();
    return {
      tables: [
        {
          name: GA4_TABLE,
          primaryKey: [],
          foreignKeys: [],
          rowCount: null,
          columns: [
            ...(metadata.dimensions ?? []).map((d) => ({
              name: d.apiName,
              type: GA4_TIME_DIMENSIONS.has(d.apiName) ? 'STRING' : 'STRING',
              kind: d.apiName === 'date' ? ('date' as const) : ('text' as const),
              nullable: false,
              values: null,
              distinctCount: null,
            })),
            ...(metadata.metrics ?? []).map((m) => ({
              name: m.apiName,
              type: m.type ?? 'TYPE_FLOAT',
              kind: m.type === 'TYPE_INTEGER' ? ('integer' as const) : ('float' as const),
              nullable: false,
              values: null,
              distinctCount: null,
            })),
          ],
        },
      ],
    };
  }

  /** The model of the selected property, with the values of a few dimensions over the last 90 days. */
  async semanticModel(name: string): Promise<TSemanticModel> {
    const metadata = await this.readMetadata();
    const known = new Set((metadata.dimensions ?? []).map((d) => d.apiName));
    const metric =
      (metadata.metrics ?? []).find((m) => m.apiName === 'sessions') ??
      (metadata.metrics ?? []).find((m) => isAdditiveMetric(m));
    const values: Record<string, string[]> = {};
    for (const api of VALUE_DIMENSIONS) {
      if (!known.has(api)) continue;
      try {
        const answer = await this.runReport({
          dimensions: [{ name: api }],
          ...(metric && api !== 'itemName' ? { metrics: [{ name: metric.apiName }] } : {}),
          dateRanges: [{ startDate: '90daysAgo', endDate: 'today' }],
          limit: String(VALUE_LIMIT),
        });
        values[api] = (answer.rows ?? [])
          .map((r) => r.dimensionValues?.[0]?.value ?? '')
          .filter((v) => v !== '' && v !== '(not set)');
      } catch (error) {
        // A dimension the property cannot list still works; it just has no value index.
        if (!(error instanceof ConnectorError && error.code === 'refused')) throw error;
      }
    }
    return buildGa4Model(metadata, name, values);
  }

  private runReport(body: Record<string, unknown>, timeoutMs = DEFAULT_QUERY_OPTIONS.timeoutMs) {
    return this.call<Ga4RunReportResponse>(
      `${this.dataUrl}/v1beta/properties/${this.property()}:runReport`,
      { method: 'POST', body },
      timeoutMs,
    );
  }

  compileApi(
    query: TSemanticQuery,
    model: TSemanticModel,
    options: { today: string; weekStart: TWeekStart },
  ): TApiCompiledQuery {
    return compileGa4Query(query, model, { ...options, property: this.context.account ?? '' });
  }

  async query(): Promise<TQueryResult> {
    throw new ConnectorError('unsupported', 'Google Analytics takes no SQL.');
  }

  async execute(plan: TQueryPlan, options: TQueryOptions): Promise<TQueryResult> {
    if (plan.kind !== 'api')
      throw new ConnectorError('unsupported', 'Google Analytics runs compiled report requests only.');
    const parsed = JSON.parse(plan.request) as Ga4Plan;
    const answer = await this.runReport(parsed.body, options.timeoutMs);
    const rows = ga4Rows(parsed, answer);
    const columns = [
      ...parsed.dimensions.map((d) => ({ name: d.key, type: 'STRING' })),
      ...(parsed.time ? [{ name: parsed.time.key, type: 'DATE' }] : []),
      ...parsed.measures.map((m) => ({ name: m.key, type: 'NUMBER' })),
    ];
    return { columns, rows: rows.slice(0, options.maxRows), truncated: rows.length > options.maxRows };
  }

  async close(): Promise<void> {
    this.metadata = null;
  }
}
