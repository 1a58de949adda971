// Starts the data-source stand-ins of the API tests and points the app at them: imported by
// start-server.ts before the app, since the app reads its configuration when it is imported.
// - Cloudflare D1 (Northwind in SQLite) and Formbricks (two surveys and their responses), each
//   speaking its provider's REST API on 127.0.0.1;
// - a Google stand-in: an OpenID provider (oidc-provider) whose sign-in and consent pages a
//   browser clicks through ("Allow" / "Deny", as on Google's consent screen), and the GA4 Admin
//   and Data APIs, which accept only the access tokens that provider issued.
// What the tests need to check answers against the stand-ins' own data goes to
// DATA_DIR/sources-standins.json (the tests read it through E2E_DATA_DIR).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startD1StandIn } from '@parley/testing/standins/d1-standin';
import { startFormbricksStandIn } from '@parley/testing/standins/formbricks-standin';
import { startGa4StandIn } from '@parley/testing/standins/ga4-standin';
import { startOidcPeer } from '@parley/testing/standins/oidc-standin';

/** What a test reads back: addresses, keys and the fixtures' identities. */
export interface TSourcesStandIns {
  d1: { baseUrl: string; accountId: string; token: string; databases: { uuid: string; name: string }[] };
  formbricks: { apiHost: string; apiKey: string; surveys: { id: string; name: string }[] };
  ga4: { url: string; today: string };
  google: { issuer: string; email: string };
}

/** The file the stand-ins' details are written to, inside the run's DATA_DIR. */
export const STANDINS_FILE = 'sources-standins.json';

/** Google's read-only Analytics scope, as the app asks for it (datasource-oauth.service.ts). */
const GA4_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';
const EMAIL = 'analyst@parley.test';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 8080}`;

const today = new Date().toISOString().slice(0, 10);
const [d1, formbricks, google] = await Promise.all([
  startD1StandIn(),
  startFormbricksStandIn(),
  // The Google stand-in: the API tests' OpenID provider, with pages a browser clicks through.
  startOidcPeer(
    `${publicUrl}/api/v1/datasource/callback`,
    { analyst: { email: EMAIL, email_verified: true } },
    { extraRedirectUris: [`${publicUrl}/auth/callback`], extraScopes: [GA4_SCOPE], browserPages: true },
  ),
]);
const ga4 = await startGa4StandIn({ today, verifyToken: google.verifyAccessToken });

process.env.ALLOW_PRIVATE_HOSTS = 'true';
process.env.GOOGLE_ISSUER = google.issuer;
process.env.GOOGLE_CLIENT_ID = google.clientId;
process.env.GOOGLE_CLIENT_SECRET = google.clientSecret;
process.env.GA4_DATA_API_URL = ga4.url;
process.env.GA4_ADMIN_API_URL = ga4.url;

const details: TSourcesStandIns = {
  d1: { baseUrl: d1.baseUrl, accountId: d1.accountId, token: d1.token, databases: d1.databases },
  formbricks: {
    apiHost: formbricks.apiHost,
    apiKey: formbricks.apiKey,
    surveys: formbricks.surveys.map((s) => ({ id: s.id, name: s.name })),
  },
  ga4: { url: ga4.url, today },
  google: { issuer: google.issuer, email: EMAIL },
};
writeFileSync(join(process.env.DATA_DIR!, STANDINS_FILE), JSON.stringify(details, null, 2), { mode: 0o600 });
