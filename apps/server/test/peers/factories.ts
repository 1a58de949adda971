import { randomBytes } from 'node:crypto';
import type { FeatureKey } from '@parley/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { memberships, projects, users } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import { NEW_USER_FEATURES } from '../../src/modules/auth/auth.service';

export const STRONG_PASSWORD = 'Str0ng-pass!';

let counter = 0;
/** A fresh e-mail per call, so tests sharing an app never see each other's mail or limits. */
export const uniqueEmail = (label = 'user') => `${label}-${Date.now().toString(36)}-${++counter}@example.com`;
/** A fresh client address per call (sign-in and send limits count per address). */
export const uniqueIp = () => `10.${(counter >> 8) & 255}.${++counter & 255}.7`;

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/** Inserts a finished user straight into the database, member of the given projects. */
export async function createUser(
  app: FastifyInstance,
  opts: {
    email?: string;
    password?: string;
    features?: FeatureKey[];
    projects?: string[];
    name?: string;
  } = {},
): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? STRONG_PASSWORD;
  const { db } = app.database;
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      name: opts.name ?? 'Test User',
      country: 'GB',
      timezone: 'Europe/London',
      features: opts.features ?? NEW_USER_FEATURES,
      registrationComplete: true,
      onboardingComplete: true,
    })
    .returning({ id: users.id });
  for (const p of opts.projects ?? ['default']) {
    await db.insert(memberships).values({ userId: row!.id, projectId: p }).onConflictDoNothing();
  }
  return { id: row!.id, email, password };
}

export async function createProject(
  app: FastifyInstance,
  id: string,
  name: string,
  favicon: string | null = null,
): Promise<void> {
  await app.database.db.insert(projects).values({ id, name, favicon }).onConflictDoNothing();
}

export async function userExists(app: FastifyInstance, email: string): Promise<boolean> {
  const rows = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return rows.length > 0;
}

/** POSTs a send (magic link, sign-up, recovery) from a fresh client address. */
export const send = (app: FastifyInstance, url: string, payload: object, ip = uniqueIp()) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: ip });

/** The raw session cookie a response set, as a Cookie header value. */
export function sessionCookieOf(res: LightMyRequestResponse): string | null {
  const c = res.cookies.find((x) => x.name === 'parley_session' && x.value);
  return c ? `parley_session=${c.value}` : null;
}

/** A client for a session that came from a link or a redirect rather than the password helper. */
export function clientOf(app: FastifyInstance, cookie: string, xsrf: string, host?: string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { cookie, 'x-xsrf-token': xsrf, ...(host ? { host } : {}) },
    });
}

/** Password sign-in from a chosen address and host; answers the raw response. */
export function passwordLogin(
  app: FastifyInstance,
  email: string,
  password: string,
  opts: { ip?: string; host?: string; token?: string; cookie?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/auth/loginwithpassword',
    payload: { email, password, ...(opts.token ? { token: opts.token } : {}) },
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { ...(opts.host ? { host: opts.host } : {}), ...(opts.cookie ? { cookie: opts.cookie } : {}) },
  });
}

/** Signs in with a password and answers a client bound to the new session. */
export async function login(
  app: FastifyInstance,
  user: { email: string; password: string },
  opts: { ip?: string; host?: string } = {},
) {
  const res = await passwordLogin(app, user.email, user.password, opts);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookieOf(res)!;
  const xsrf = res.json().xsrfToken as string;
  return { cookie, xsrf, call: clientOf(app, cookie, xsrf, opts.host) };
}

/** A multipart body carrying one file in the field `file`, as the upload route reads it. */
export function fileUpload(filename: string, content: string | Buffer, type = 'text/csv') {
  const boundary = `----parley${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
