import type { TProfileBody, TTenant } from '@parley/contract';
import type { AccessPolicy, Actor } from '../../lib/access';
import { profileColumns } from '../../lib/images';
import { limitKeys } from '../auth/attempts.repository';
import type { SessionsService } from '../auth/sessions.service';
import type { SubscriptionsService } from '../billing/subscriptions.service';
import type { DatasourcesService } from '../datasources/datasources.service';
import type { TenantService } from '../tenant/tenant.service';
import type { UsersRepository } from '../users/users.repository';

/** The profile screen (spec 1 §2.7) and account deletion. */
export class ProfileService {
  constructor(
    private readonly users: UsersRepository,
    private readonly tenant: TenantService,
    private readonly access: AccessPolicy,
    private readonly datasources: Pick<DatasourcesService, 'sourceIdsOf' | 'discardSources'>,
    private readonly sessions: Pick<SessionsService, 'userChanged'>,
    private readonly subscriptions: Pick<SubscriptionsService, 'cancelForDeletion'>,
  ) {}

  /** Saves the profile; the photo is checked by its bytes. Answers the updated tenant. */
  async update(actor: Actor, body: TProfileBody): Promise<TTenant> {
    await this.access.requireAccess(actor, { feature: 'SETTINGS_PROFILE' });
    return this.tenant.update(actor, profileColumns(body));
  }

  /**
   * Erases the account and all its data for real; its sessions go with it (foreign keys), and
   * every process drops its copies of them before this answers. A subscription the provider
   * bills is cancelled there first; if that fails, nothing is deleted (502).
   */
  async deleteAccount(actor: Actor): Promise<void> {
    await this.access.requireAccess(actor, { feature: 'SETTINGS_DELETE_ACCOUNT' });
    await this.subscriptions.cancelForDeletion(actor);
    const sources = await this.datasources.sourceIdsOf(actor.userId);
    await this.users.deleteAccount(actor.userId, actor.email, {
      keys: [limitKeys.loginEmail(actor.email), limitKeys.sendEmail(actor.email)],
      prefixes: [limitKeys.loginPairsOf(actor.email), limitKeys.knownAddressesOf(actor.email)],
    });
    await this.sessions.userChanged(actor.userId);
    // The rows went with the user (foreign keys); their uploaded files go now.
    await this.datasources.discardSources(sources);
  }
}
