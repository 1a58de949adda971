import { MODEL_FEATURES, NON_ADMIN_FEATURES } from '@parley/contract';
import type { Config } from '../../config';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { randomToken } from '../../lib/tokens';
import { DEFAULT_PROJECT } from '../projects/project-url';
import type { ProjectsRepository } from '../projects/projects.repository';
import type { UsersRepository } from '../users/users.repository';

/**
 * The demo user's sign-in as the start banner tells it: the password itself only when this call
 * generated it; otherwise where it came from (DEMO_PASSWORD, or a start that created the user).
 */
export interface DemoSignIn {
  email: string;
  password: { source: 'generated'; value: string } | { source: 'configured' | 'earlier' };
}

/** Seeds the embedded mode's demo project and user (DESIGN §3). */
export class DemoService {
  constructor(
    private readonly users: UsersRepository,
    private readonly projects: ProjectsRepository,
    private readonly config: Config,
  ) {}

  /** Creates the demo project and user (DEMO_PASSWORD, when set, is applied to an existing one). */
  async ensureDemo(): Promise<DemoSignIn> {
    await this.projects.upsert(DEFAULT_PROJECT, 'Demo');
    const email = this.config.DEMO_EMAIL.toLowerCase();
    const existing = await this.users.findByEmail(email);
    const wanted = this.config.DEMO_PASSWORD;
    if (existing) {
      if (wanted && !(await verifyPassword(existing.passwordHash, wanted))) {
        await this.users.update(existing.id, { passwordHash: await hashPassword(wanted) });
      }
      await this.projects.addMember(existing.id, DEFAULT_PROJECT);
      return { email, password: { source: wanted ? 'configured' : 'earlier' } };
    }
    const password = wanted ?? `${randomToken().slice(0, 12)}-7a!`;
    const user = await this.users.insert({
      email,
      passwordHash: await hashPassword(password),
      name: 'Demo User',
      country: 'GB',
      language: 'en-US',
      organisation: 'Parley Demo Ltd',
      position: 'Analyst',
      features: [...NON_ADMIN_FEATURES, ...MODEL_FEATURES],
      registrationComplete: true,
      onboardingComplete: true,
    });
    await this.projects.addMember(user.id, DEFAULT_PROJECT);
    return { email, password: wanted ? { source: 'configured' } : { source: 'generated', value: password } };
  }
}
