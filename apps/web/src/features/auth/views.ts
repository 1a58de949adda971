import type { AssistantKind, TAssistantOAuth } from '@parley/contract';

/** The views of the authentication card (spec 1 §2.4); shared by the page and its views. */
export type AuthView =
  | 'login'
  | 'login_with_link'
  | 'login_with_link_confirm'
  | 'register'
  | 'register_confirm'
  | 'forgot_password'
  | 'forgot_password_confirm'
  | 'reset_password';

// The contract's ASSISTANT_KINDS, spelled out: the sign-in bundle takes types only from the contract.
const ASSISTANT_CLIENTS: readonly AssistantKind[] = ['alexa', 'msbot', 'mcp'];
const OAUTH_FIELDS = ['client_id', 'redirect_uri', 'state', 'scope', 'response_type'] as const;
/** The query parameters of an assistant sign-in, carried through the sign-in to the consent view. */
const ASSISTANT_QUERY = ['client', 'assistant', ...OAUTH_FIELDS, 'interaction'] as const;

/** An assistant client's sign-in, read from the query (spec 1 §2.4, DESIGN §12). */
export interface AssistantSignIn {
  assistant: boolean;
  /** Which assistant is asking; absent outside assistant mode. */
  client?: AssistantKind;
  /** The authorisation server's request waiting for consent: sign-in ends on the consent view. */
  interaction?: string;
  /** Old-style parameters (no interaction), passed on with the password sign-in. */
  oauth?: TAssistantOAuth;
}

/** Reads assistant-client sign-in parameters (Alexa, MSBot or an MCP client) from the query. */
export function assistantParams(search: URLSearchParams): AssistantSignIn {
  const client = (search.get('client') ?? search.get('assistant') ?? '').toLowerCase();
  const kind = ASSISTANT_CLIENTS.find((k) => k === client);
  if (!kind || !search.has('client_id')) return { assistant: false };
  const interaction = search.get('interaction')?.trim();
  if (interaction) return { assistant: true, client: kind, interaction };
  const oauth = Object.fromEntries(OAUTH_FIELDS.map((k) => [k, search.get(k) ?? ''])) as TAssistantOAuth;
  const passOn = oauth.response_type === 'code' && oauth.scope === 'email';
  return { assistant: true, client: kind, oauth: passOn ? oauth : undefined };
}

/** The assistant parameters alone, as a query string: where the consent view is reached again. */
export function assistantQuery(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of ASSISTANT_QUERY) {
    const value = search.get(name);
    if (value !== null) kept.set(name, value);
  }
  return kept.toString();
}

/** The view a path opens with. */
export function initialView(pathname: string): AuthView {
  if (pathname === '/register') return 'register';
  if (pathname === '/passwordreset') return 'reset_password';
  return 'login';
}
