import {
  LANGUAGES,
  type Language,
  type TCredentials,
  type TRegisterBody,
  type TTenant,
} from '@parley/contract';
import type { Actor } from '../../lib/access';
import { Unauthenticated } from '../../lib/errors';
import { profileColumns } from '../../lib/images';
import { hashPassword } from '../../lib/passwords';
import type { QuotaService } from '../billing/quotas.service';
import type { DatasourcesService } from '../datasources/datasources.service';
import type { ProjectRow, ProjectsRepository } from '../projects/projects.repository';
import type { UserRow, UsersRepository } from '../users/users.repository';

export interface TenantDeps {
  users: UsersRepository;
  projects: ProjectsRepository;
  datasources: Pick<DatasourcesService, 'credentials'>;
  /** The plan and the month's conversations the tenant answer carries. */
  quotas: Pick<QuotaService, 'tenantSummary'>;
}

/**
 * The signed-in user as the app sees them (GET /auth/tenant), onboarding and the time zone. Each
 * method reads or writes only the actor's own row, so the actor is the access check.
 */
export class TenantService {
  constructor(private readonly deps: TenantDeps) {}

  async getTenant(actor: Actor): Promise<TTenant> {
    return this.tenantOf(actor, await this.deps.users.findById(actor.userId));
  }

  /** Saves the user's row and answers the tenant; the profile screen and onboarding share it. */
  async update(actor: Actor, values: Parameters<UsersRepository['update']>[1]): Promise<TTenant> {
    return this.tenantOf(actor, await this.deps.users.update(actor.userId, values));
  }

  async setTimezone(actor: Actor, timezone: string): Promise<void> {
    await this.deps.users.update(actor.userId, { timezone });
  }

  /** The onboarding form (spec 1 §2.5): completes registration and onboarding. */
  async register(actor: Actor, body: TRegisterBody): Promise<TTenant> {
    return this.update(actor, {
      ...profileColumns(body),
      ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
      registrationComplete: true,
      onboardingComplete: true,
    });
  }

  private async tenantOf(actor: Actor, row: UserRow | null): Promise<TTenant> {
    // The row is gone when the account was deleted in another tab: that session is over.
    if (!row) throw new Unauthenticated();
    const [projects, credentials, plan] = await Promise.all([
      this.deps.projects.listForUser(actor.userId),
      this.deps.datasources.credentials(actor),
      this.deps.quotas.tenantSummary(actor),
    ]);
    return toTenant(row, projects, credentials, plan);
  }
}

/** Builds the tenant answer of DESIGN §4 from a user row, their projects, data sources and plan. */
export function toTenant(
  row: UserRow,
  projects: ProjectRow[],
  credentials: TCredentials,
  plan: Pick<TTenant, 'subscription' | 'quota'>,
): TTenant {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    country: row.country,
    timezone: row.timezone,
    language: (LANGUAGES as readonly string[]).includes(row.language) ? (row.language as Language) : 'en-US',
    organisation: row.organisation,
    position: row.position,
    picture: row.picture,
    features: row.features as TTenant['features'],
    flags: { oc: row.onboardingComplete, rc: row.registrationComplete },
    projects: Object.fromEntries(projects.map((p) => [p.id, { name: p.name }])),
    subscription: plan.subscription,
    credentials,
    quota: plan.quota,
    updated: row.updatedAt.toISOString(),
  };
}
