import type { TProjectsResponse } from '@parley/contract';
import type { SessionUser } from '../auth/auth.repository';
import { projectUrl } from './project-url';
import type { ProjectsRepository } from './projects.repository';

/** The product icon, used for projects without a favicon of their own (spec 1 §2.3). */
export const PRODUCT_FAVICON = '/favicon.svg';

/** The project dropdown: the user's own projects only. */
export class ProjectsService {
  constructor(
    private readonly repo: ProjectsRepository,
    private readonly publicUrl: string,
  ) {}

  async list(user: SessionUser, currentProject: string): Promise<TProjectsResponse> {
    const rows = await this.repo.listForUser(user.id);
    return {
      current: currentProject,
      projects: rows.map((p) => ({
        id: p.id,
        name: p.name,
        favicon: p.favicon ?? PRODUCT_FAVICON,
        url: projectUrl(this.publicUrl, p.id),
      })),
    };
  }
}
