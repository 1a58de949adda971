// Starts the Alexa account-linking stand-in and registers it with the app as the Alexa client
// (DESIGN §12: registered clients come from configuration): imported by start-server.ts before
// the app, since the app reads its configuration when it is imported. The browser test opens the
// stand-in's "Link account" address; its redirect page has exchanged the code as Alexa would.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startAlexaLinkingPeer } from '@parley/testing/standins/alexa-linking-standin';

/** The file the stand-in's addresses are written to, inside the run's DATA_DIR. */
export const ALEXA_STANDIN_FILE = 'alexa-standin.json';

const port = Number(process.env.PORT ?? 8080);
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const clientId = 'alexa-e2e-skill';
const clientSecret = 'alexa-e2e-secret-0123456789abcdef0123456789';
const alexa = await startAlexaLinkingPeer({
  authorizeUrl: `${publicUrl}/oauth/authorize`,
  // Server to server, as Amazon's service calls the token endpoint.
  tokenUrl: `http://${process.env.HOST ?? '127.0.0.1'}:${port}/oauth/token`,
  clientId,
  clientSecret,
  auth: 'basic',
  scope: 'email',
});

process.env.ALEXA_CLIENT_ID = clientId;
process.env.ALEXA_CLIENT_SECRET = clientSecret;
process.env.ALEXA_REDIRECT_URIS = alexa.redirectUri;
process.env.ALEXA_CLIENT_AUTH = 'basic';

writeFileSync(
  join(process.env.DATA_DIR!, ALEXA_STANDIN_FILE),
  JSON.stringify({ url: alexa.url, startUrl: alexa.startUrl }, null, 2),
  { mode: 0o600 },
);
