import type { AssistantKind } from '@parley/contract';
import type { Actor } from '../../lib/access';

/**
 * Who an assistant acts for: read from a bearer access token Parley's authorisation server
 * issued. Every channel (alexa/, teams/, mcp/) starts from one of these and never sees the token's
 * storage.
 */
export interface AssistantPrincipal {
  userId: string;
  /** The OAuth client the token was issued to. */
  clientId: string;
  kind: AssistantKind;
  /** The link (grant) the token belongs to: what Settings → Linked assistants revokes. */
  grantId: string;
  scopes: readonly string[];
  /** The RFC 8707 resource the token is bound to (its audience). */
  resource: string;
}

/** Why a bearer token was refused: the channel answers 401 (or its own sign-in prompt) or 403. */
export type AccessRefusal =
  | { refused: 'missing' | 'invalid' }
  /** A valid token without the scope a call needs: 403 naming it. */
  | { refused: 'insufficient_scope'; scope: string };

/**
 * Checks assistant access tokens (implemented by the OAuth module). A revoked link, an expired
 * token or a token bound to another resource is `invalid`; a successful check records the link's
 * last use.
 */
export interface AssistantAccess {
  verify(
    token: string | undefined,
    need: { resource: string; scope?: string },
  ): Promise<AssistantPrincipal | AccessRefusal>;
  /** The user the principal acts for, as a request of theirs in their default project would be; null when the account is gone. */
  actor(principal: AssistantPrincipal): Promise<Actor | null>;
}

/** The resources assistants' tokens are bound to; the channels each check theirs. */
export function assistantResources(publicUrl: string): { assistants: string; mcp: string } {
  const base = publicUrl.replace(/\/+$/, '');
  return { assistants: `${base}/assistants`, mcp: `${base}/mcp` };
}
