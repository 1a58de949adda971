/**
 * Binds an authorisation request to the browser that started it, for the consent calls. The
 * provider's own interaction cookie is scoped to the sign-in page's path, so the API never sees
 * it; without a binding, a request started in an attacker's browser could be consented to by a
 * victim sent its /login link, and the attacker's browser would then resume with the victim's code.
 */
export const INTERACTION_COOKIE = 'parley_oauth_interaction';

/** The consent calls' common path: GET …/:uid, POST …/:uid/consent and …/:uid/deny all fall under it. */
export const interactionCookiePath = (uid: string) => `/api/v1/oauth/interaction/${encodeURIComponent(uid)}`;

/** The part of the provider's (Koa) context a cookie is set on. */
export interface CookieContext {
  secure: boolean;
  cookies: { set(name: string, value: string, options: Record<string, unknown>): unknown };
}

/** Sets the binding as the provider sends the browser to the sign-in screen. */
export function bindInteraction(ctx: CookieContext, uid: string, ttlSeconds: number): void {
  ctx.cookies.set(INTERACTION_COOKIE, uid, {
    path: interactionCookiePath(uid),
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    signed: false,
    overwrite: true,
    maxAge: ttlSeconds * 1000,
  });
}
