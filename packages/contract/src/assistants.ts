/**
 * Assistants (DESIGN §12): Parley is the OAuth 2.1 authorisation server of its assistant clients
 * (Alexa, the Bot Framework token service for Teams, MCP clients). These are the calls of the
 * consent view and of Settings → Linked assistants; the OAuth endpoints themselves are form-encoded
 * and answered by the protocol library, outside this contract.
 */
import { ZEmpty } from './errors';
import { z } from './zod';

/** What an assistant may do once linked; `email` is the legacy scope Alexa and MSBot ask for (spec 1 §2.4). */
export const ASSISTANT_SCOPES = ['email', 'ask', 'collections:read'] as const;
export type AssistantScope = (typeof ASSISTANT_SCOPES)[number];

/** The kinds of assistant client: registered from configuration (alexa, msbot) or an MCP client. */
export const ASSISTANT_KINDS = ['alexa', 'msbot', 'mcp'] as const;
export type AssistantKind = (typeof ASSISTANT_KINDS)[number];

/** An authorisation request waiting for the signed-in user's consent (GET /api/v1/oauth/interaction/:uid). */
export const ZOAuthInteraction = z.object({
  uid: z.string(),
  client: z.object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(ASSISTANT_KINDS),
    /** The client's home page (MCP clients' metadata document), shown beside its name. */
    uri: z.string().nullable(),
    logo_uri: z.string().nullable(),
  }),
  /** The scopes asked for, each one the consent view explains. */
  scopes: z.array(z.string()),
  /** The RFC 8707 resource the token will be bound to, or null for the client's default. */
  resource: z.string().nullable(),
  /** The host the browser goes back to: the consent view names it. */
  redirect_host: z.string(),
});
export type TOAuthInteraction = z.infer<typeof ZOAuthInteraction>;

export const ZOAuthInteractionParams = z.object({ uid: z.string().min(1).max(200) });

/** POST …/consent and …/deny: where the browser goes next (the authorisation endpoint, then the client). */
export const ZOAuthRedirect = z.object({ redirect: z.string() });
export type TOAuthRedirect = z.infer<typeof ZOAuthRedirect>;

/** One linked assistant on Settings → Linked assistants (DESIGN §12). */
export const ZLinkedAssistant = z.object({
  id: z.string(),
  client: z.string(),
  kind: z.enum(ASSISTANT_KINDS),
  name: z.string(),
  scopes: z.array(z.string()),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Teams only: whether the user's digests are also delivered to the linked chat; null elsewhere. */
  digests: z.boolean().nullable(),
});
export type TLinkedAssistant = z.infer<typeof ZLinkedAssistant>;

export const ZLinkedAssistants = z.array(ZLinkedAssistant);
export const ZLinkedAssistantParams = z.object({ id: z.string().min(1).max(200) });

/** PUT /api/v1/assistants/:id — a linked Teams chat's digest delivery. */
export const ZLinkedAssistantUpdateBody = z.object({
  digests: z.boolean({ message: 'digests must be true or false' }),
});
export type TLinkedAssistantUpdateBody = z.infer<typeof ZLinkedAssistantUpdateBody>;

/** The consent view's two answers (allow, deny): the same request, the next address. */
const interactionAnswer = {
  tag: 'assistants',
  params: ZOAuthInteractionParams,
  body: ZEmpty,
  response: ZOAuthRedirect,
} as const;

/** The assistants' calls (DESIGN §12), gathered into endpoints.ts. */
export const assistantEndpoints = {
  'GET /api/v1/oauth/interaction/:uid': {
    tag: 'assistants',
    params: ZOAuthInteractionParams,
    response: ZOAuthInteraction,
  },
  'POST /api/v1/oauth/interaction/:uid/consent': interactionAnswer,
  'POST /api/v1/oauth/interaction/:uid/deny': interactionAnswer,
  'GET /api/v1/assistants': { tag: 'assistants', response: ZLinkedAssistants },
  'PUT /api/v1/assistants/:id': {
    tag: 'assistants',
    params: ZLinkedAssistantParams,
    body: ZLinkedAssistantUpdateBody,
    response: ZLinkedAssistant,
  },
  'DELETE /api/v1/assistants/:id': { tag: 'assistants', params: ZLinkedAssistantParams, response: ZEmpty },
} as const;
