import type { TProfileBody, TTenant } from '@parley/contract';
import type { AccessPolicy, Actor } from '../../lib/access';
import { profileColumns } from '../../lib/images';
import { limitKeys } from '../auth/attempts.repository';
import type { SessionsService } from '../auth/sessions.service';
import type { SubscriptionsService } from '../billing/subscriptions.service';
import type { DatasourcesService } from '../datasources/datasources.service';
import type { TenantService } from '../tenant/tenant.service';
import type { UsersRepository } from '../users/users.repository';

export interface ProfileDeps {
  users: UsersRepository;
  tenant: TenantService;
  access: AccessPolicy;
  datasources: Pick<DatasourcesService, 'sourceIdsOf' | 'discardSources'>;
  sessions: Pick<SessionsService, 'userChanged'>;
  /** Ends a subscription the provider bills before the account goes. */
  subscriptions: Pick<SubscriptionsService, 'cancelForDeletion'>;
}

/** The profile screen (spec 1 §2.7) and account deletion. */
export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  /** Saves the profile; the photo is checked by its bytes. Answers the updated tenant. */
  async update(actor: Actor, body: TProfileBody): Promise<TTenant> {
    await this.deps.access.requireAccess(actor, { feature: 'SETTINGS_PROFILE' });
    return this.deps.tenant.update(actor, profileColumns(body));
  }

  /**
   * Erases the account and all its data for real; its sessions go with it (foreign keys), and
   * every process drops its copies of them before this answers. A subscription the provider
   * bills is cancelled there first; if that fails, nothing is deleted (502).
   */
  async deleteAccount(actor: Actor): Promise<void> {
    const { access, subscriptions, datasources, users, sessions } = this.deps;
    await access.requireAccess(actor, { feature: 'SETTINGS_DELETE_ACCOUNT' });
    await subscriptions.cancelForDeletion(actor);
    const sources = await datasources.sourceIdsOf(actor.userId);
    await users.deleteAccount(actor.userId, actor.email, {
      keys: [limitKeys.loginEmail(actor.email), limitKeys.sendEmail(actor.email)],
      prefixes: [limitKeys.loginPairsOf(actor.email), limitKeys.knownAddressesOf(actor.email)],
    });
    await sessions.userChanged(actor.userId);
    // The rows went with the user (foreign keys); their uploaded files go now.
    await datasources.discardSources(sources);
  }
}
