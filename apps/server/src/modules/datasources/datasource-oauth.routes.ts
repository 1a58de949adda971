import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, route } from '../../lib/route';
import type { DatasourceOAuthPending } from './datasource-oauth.service';

const STATE_COOKIE = 'parley_ds_oauth';
const STATE_PATH = '/api/v1/datasource';
const STATE_TTL_MS = 10 * 60 * 1000;

/** OAuth data sources (DESIGN §11): the redirect to the consent screen and its callback. */
export async function datasourceOAuthRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.datasourceOAuth;
  const secure = app.config.secureCookies;

  route(app, 'GET /api/v1/datasourceredirect', async (request, reply) => {
    const { url, pending } = await service.start(actorOf(request), request.query);
    const value = Buffer.from(JSON.stringify({ ...pending, exp: Date.now() + STATE_TTL_MS })).toString(
      'base64url',
    );
    reply.setCookie(STATE_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: STATE_PATH,
      signed: true,
      maxAge: STATE_TTL_MS / 1000,
    });
    return reply.redirect(url);
  });

  route(app, 'GET /api/v1/datasource/callback', async (request, reply) => {
    const pending = readPending(request);
    reply.clearCookie(STATE_COOKIE, { path: STATE_PATH });
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const id = await service.finish(actorOf(request), query, pending);
    if (id) return reply.redirect('/user/datasources');
    // Declined at the consent screen, or another provider error: back to the screen, which says so.
    const declined = new URLSearchParams(query.slice(1)).get('error') === 'access_denied';
    return reply.redirect(`/user/datasources?error=${declined ? 'access_denied' : 'oauth_failed'}`);
  });
}

/** The signed state cookie, if present, intact and fresh. */
function readPending(request: FastifyRequest): DatasourceOAuthPending | null {
  const raw = request.cookies[STATE_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  if (!unsigned?.valid || !unsigned.value) return null;
  try {
    const parsed = JSON.parse(
      Buffer.from(unsigned.value, 'base64url').toString('utf8'),
    ) as DatasourceOAuthPending & {
      exp: number;
    };
    if (typeof parsed.exp !== 'number' || parsed.exp < Date.now()) return null;
    const strings = [parsed.state, parsed.codeVerifier, parsed.type, parsed.userId, parsed.projectId];
    if (!strings.every((v) => typeof v === 'string')) return null;
    return parsed;
  } catch {
    return null;
  }
}
