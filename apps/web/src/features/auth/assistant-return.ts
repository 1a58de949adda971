/**
 * An assistant sign-in that leaves the site (Sign in with Google) comes back through /authcallback,
 * which knows nothing of the assistant: the consent view's address waits here for it, in this tab
 * only, and only as long as the authorisation request itself lives.
 */
const KEY = 'assistantSignIn';
/** Beyond this the request has expired on the server anyway; an old entry must not hijack a sign-in. */
export const ASSISTANT_RETURN_TTL_MS = 10 * 60_000;

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps the assistant parameters (a query string) for the sign-in's return. */
export function rememberAssistantSignIn(query: string, now = Date.now()): void {
  try {
    session()?.setItem(KEY, JSON.stringify({ query, at: now }));
  } catch {
    // Storage full or refused: the user lands on / and links again from the assistant.
  }
}

/** Forgets a kept assistant sign-in (a sign-in page opened without one). */
export function forgetAssistantSignIn(): void {
  session()?.removeItem(KEY);
}

/** The consent view's path for a kept, fresh assistant sign-in; else null. Reading keeps it. */
export function keptAssistantSignIn(now = Date.now()): string | null {
  const raw = session()?.getItem(KEY) ?? null;
  if (!raw) return null;
  try {
    const { query, at } = JSON.parse(raw) as { query?: unknown; at?: unknown };
    if (typeof query !== 'string' || typeof at !== 'number') return null;
    if (now - at > ASSISTANT_RETURN_TTL_MS || now < at) return null;
    return `/login?${query}`;
  } catch {
    return null;
  }
}
