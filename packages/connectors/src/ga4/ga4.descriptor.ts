import { z } from 'zod';
import type { TConnectorDescriptor } from '../connector';
import { GA4_CAPABILITIES, Ga4Connector, type TGa4SourceConfig } from './ga4.connector';

/** The scope Google asks consent for: read-only Analytics (DESIGN §3). */
export const GA4_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';

/** The OAuth tokens: sealed at rest, never returned. */
const GA4_SECRET_FIELDS = ['access_token', 'refresh_token'] as const;

/**
 * Google Analytics 4: connected through Google's consent screen (GET /api/v1/datasourceredirect),
 * never through a typed config; accounts are properties.
 */
export const GOOGLE_ANALYTICS_DESCRIPTOR: TConnectorDescriptor<TGa4SourceConfig> = {
  type: 'GOOGLE_ANALYTICS',
  name: 'Google Analytics',
  logo: '/logos/google_analytics.svg',
  auth_type: 'oauth2',
  supports_accounts: true,
  accounts: 'properties',
  listed: true,
  connect: 'oauth',
  form: [],
  oauth: { scope: GA4_SCOPE },
  ZConfig: z.object({
    type: z.literal('GOOGLE_ANALYTICS').default('GOOGLE_ANALYTICS'),
    access_token: z.string().min(1),
    // Google leaves the refresh token out when consent was not given again; '' means none.
    refresh_token: z.string(),
    expires_at: z.string().datetime({ offset: true }),
  }),
  secretFields: GA4_SECRET_FIELDS,
  capabilities: GA4_CAPABILITIES,
  create: (config, context) => new Ga4Connector(config, context),
};
