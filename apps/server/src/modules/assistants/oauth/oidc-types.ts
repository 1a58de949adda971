import type { IncomingMessage, ServerResponse } from 'node:http';

// oidc-provider ships no types (and @types/oidc-provider lags v9): only what this module uses.

export interface OidcGrant {
  jti: string;
  accountId: string;
  clientId: string;
  exp: number;
  addOIDCScope(scope: string): void;
  addResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
}

export interface OidcInteraction {
  uid: string;
  exp: number;
  returnTo: string;
  params: Record<string, string | undefined>;
  prompt: { name: string; details: Record<string, unknown> };
  result?: Record<string, unknown>;
  lastSubmission?: Record<string, unknown>;
  save(ttl: number): Promise<string>;
}

export interface OidcAccessToken {
  accountId: string;
  clientId: string;
  grantId: string;
  scope?: string;
  aud?: string | string[];
  isExpired: boolean;
}

export interface OidcClient {
  clientId: string;
  clientName?: string;
  clientUri?: string;
  logoUri?: string;
  redirectUris: string[];
}

export interface OidcProvider {
  proxy: boolean;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  Grant: (new (opts: {
    accountId: string;
    clientId: string;
  }) => OidcGrant) & {
    find(id: string): Promise<OidcGrant | undefined>;
  };
  Interaction: { find(uid: string): Promise<OidcInteraction | undefined> };
  AccessToken: { find(token: string): Promise<OidcAccessToken | undefined> };
  Client: { find(id: string): Promise<OidcClient | undefined> };
  on(event: string, listener: (...args: unknown[]) => void): void;
}

export type OidcProviderClass = new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;
