import type { TLinkedAssistant, TLinkedAssistantUpdateBody } from '@parley/contract';
import type { Config } from '../../../config';
import type { AccessPolicy, Actor } from '../../../lib/access';
import { Conflict, Invalid, NotFound } from '../../../lib/errors';
import type { GrantRow, OAuthRepository } from './oauth.repository';
import { clientKind } from './oauth-clients';
import type { OAuthServer } from './oauth-server';

export interface LinkedAssistantsDeps {
  repo: OAuthRepository;
  server: OAuthServer;
  access: AccessPolicy;
  config: Config;
  clock: () => Date;
}

const NOT_FOUND = 'This linked assistant does not exist.';

/** Settings → Linked assistants: the user's live grants, a Teams link's digests, revoking one. */
export class LinkedAssistantsService {
  constructor(private readonly deps: LinkedAssistantsDeps) {}

  /** GET /api/v1/assistants. */
  async list(actor: Actor): Promise<TLinkedAssistant[]> {
    await this.deps.access.requireAccess(actor, { feature: 'SETTINGS' });
    const grants = await this.deps.repo.liveGrants(actor.userId, this.deps.clock());
    const digests = await this.deps.repo.chatDigests(grants.map((g) => g.grantId));
    return Promise.all(grants.map((g) => this.view(g, digests.get(g.grantId) ?? false)));
  }

  /** PUT /api/v1/assistants/:id: digests to the linked Teams chat. */
  async update(actor: Actor, id: string, body: TLinkedAssistantUpdateBody): Promise<TLinkedAssistant> {
    await this.deps.access.requireAccess(actor, { feature: 'SETTINGS' });
    const grant = await this.own(actor, id);
    if (clientKind(this.deps.config, grant.clientId) !== 'msbot') {
      throw new Invalid('Only a Microsoft Teams link can deliver digests.');
    }
    const chats = await this.deps.repo.setChatDigests(id, actor.userId, body.digests, this.deps.clock());
    if (!chats)
      throw new Conflict('Send the Parley bot a message in Teams first: there is no chat to deliver to yet.');
    return this.view(grant, body.digests);
  }

  /** DELETE /api/v1/assistants/:id: the grant and every code and token of it, at once. */
  async revoke(actor: Actor, id: string): Promise<void> {
    await this.deps.access.requireAccess(actor, { feature: 'SETTINGS' });
    await this.own(actor, id);
    await this.deps.repo.revokeGrant(id);
  }

  /** How many assistants the user has linked (the Getting started guide's step 2). */
  async count(actor: Actor): Promise<number> {
    return this.deps.repo.countLiveGrants(actor.userId, this.deps.clock());
  }

  private async own(actor: Actor, id: string): Promise<GrantRow> {
    const grants = await this.deps.repo.liveGrants(actor.userId, this.deps.clock());
    const grant = grants.find((g) => g.grantId === id);
    if (!grant) throw new NotFound(NOT_FOUND);
    return grant;
  }

  private async view(grant: GrantRow, digests: boolean): Promise<TLinkedAssistant> {
    const kind = clientKind(this.deps.config, grant.clientId);
    const provider = await this.deps.server.provider();
    const client = await provider.Client.find(grant.clientId).catch(() => undefined);
    const resources = (grant.payload.resources ?? {}) as Record<string, string>;
    const scopes = new Set(
      Object.values(resources)
        .flatMap((s) => s.split(' '))
        .filter(Boolean),
    );
    return {
      id: grant.grantId,
      client: grant.clientId,
      kind,
      name: client?.clientName ?? grant.clientId,
      scopes: [...scopes],
      created_at: grant.createdAt.toISOString(),
      last_used_at: grant.lastUsedAt?.toISOString() ?? null,
      digests: kind === 'msbot' ? digests : null,
    };
  }
}
