import type { TProfileBody, TTenant } from '@parley/contract';
import { unauthorized } from '../../lib/errors';
import { profileColumns } from '../../lib/images';
import { limitKeys } from '../../lib/rate-limit';
import type { SessionUser } from '../auth/auth.repository';
import { toTenant } from '../auth/auth.service';
import type { ProfileRepository } from './profile.repository';

/** The profile screen (spec 1 §2.7) and account deletion. Feature checks happen per route. */
export class ProfileService {
  constructor(private readonly repo: ProfileRepository) {}

  /** Saves the profile; the photo is checked by its bytes. Answers the updated tenant. */
  async update(user: SessionUser, body: TProfileBody): Promise<TTenant> {
    const row = await this.repo.update(user.id, profileColumns(body));
    if (!row) throw unauthorized();
    return toTenant(row, await this.repo.projectsOf(user.id));
  }

  /** Erases the account and all its data for real; its sessions go with it. */
  async deleteAccount(user: SessionUser): Promise<void> {
    await this.repo.deleteAccount(user.id, user.email, [
      limitKeys.loginEmail(user.email),
      limitKeys.sendEmail(user.email),
    ]);
  }
}
