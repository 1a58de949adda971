// oidc-provider ships no types and @types/oidc-provider lags v9: only what the test peer uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
    destroy(): Promise<void>;
  }
  interface Interaction {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
    /** The signed-in end user, once the login prompt is done. */
    session?: { accountId?: string };
  }
  interface ProviderClient {
    grantTypeAllowed(type: string): boolean;
  }
  interface ProviderContext {
    oidc: { params?: Record<string, unknown> };
  }
  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined>;
      },
    );
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
    ): Promise<void>;
    Grant: (new (opts: {
      accountId: string;
      clientId: string;
    }) => Grant) & { find(id: string): Promise<Grant | undefined> };
    AccessToken: { find(token: string): Promise<{ isExpired: boolean } | undefined> };
    on(event: 'grant.success', listener: (ctx: ProviderContext) => void): void;
  }
}
