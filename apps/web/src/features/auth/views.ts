import type { TAssistantOAuth } from '@parley/contract';

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

const ASSISTANT_CLIENTS = ['alexa', 'msbot'];
const OAUTH_FIELDS = ['client_id', 'redirect_uri', 'state', 'scope', 'response_type'] as const;

/** Reads assistant-client sign-in parameters (Alexa or MSBot) from the query. */
export function assistantParams(search: URLSearchParams): { assistant: boolean; oauth?: TAssistantOAuth } {
  const client = (search.get('client') ?? search.get('assistant') ?? '').toLowerCase();
  const assistant = ASSISTANT_CLIENTS.includes(client) && search.has('client_id');
  if (!assistant) return { assistant: false };
  const oauth = Object.fromEntries(OAUTH_FIELDS.map((k) => [k, search.get(k) ?? ''])) as TAssistantOAuth;
  const passOn = oauth.response_type === 'code' && oauth.scope === 'email';
  return { assistant, oauth: passOn ? oauth : undefined };
}

/** The view a path opens with. */
export function initialView(pathname: string): AuthView {
  if (pathname === '/register') return 'register';
  if (pathname === '/passwordreset') return 'reset_password';
  return 'login';
}
